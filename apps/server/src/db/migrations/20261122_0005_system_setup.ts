import { sql, type Kysely } from 'kysely';
import { notNull, withId, withTimestamps } from './helpers.js';

// System setup: configs, dictionary entries, tags, member labels and their link to members.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('sys_config'))
      .addColumn('key', 'varchar(100)', notNull)
      .addColumn('platform', 'varchar(32)', notNull)
      .addColumn('prod_value', 'text')
      .addColumn('test_value', 'text')
      .addColumn('remarks', 'varchar(500)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('enabled')),
  ).execute();
  await db.schema
    .createIndex('sys_config_key_platform_uq')
    .on('sys_config')
    .columns(['key', 'platform'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sys_config_platform_status_ix')
    .on('sys_config')
    .columns(['platform', 'status'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('dict_entry'))
      .addColumn('type', 'varchar(64)', notNull)
      .addColumn('value', 'varchar(100)', notNull)
      .addColumn('label', 'varchar(100)', notNull)
      .addColumn('label2', 'varchar(100)')
      .addColumn('description', 'varchar(500)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('enabled'))
      .addColumn('color', 'varchar(16)'),
  ).execute();
  await db.schema
    .createIndex('dict_entry_type_value_uq')
    .on('dict_entry')
    .columns(['type', 'value'])
    .unique()
    .execute();
  // The options call: enabled entries of one type in sort order.
  await db.schema
    .createIndex('dict_entry_type_status_sort_ix')
    .on('dict_entry')
    .columns(['type', 'status', 'sort', 'id'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('tag'))
      .addColumn('type', 'varchar(64)', notNull)
      .addColumn('value', 'varchar(100)', notNull)
      .addColumn('label', 'varchar(100)', notNull)
      .addColumn('label2', 'varchar(100)')
      .addColumn('description', 'varchar(500)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('enabled'))
      .addColumn('color', 'varchar(16)'),
  ).execute();
  await db.schema.createIndex('tag_type_value_uq').on('tag').columns(['type', 'value']).unique().execute();
  await db.schema.createIndex('tag_type_label_uq').on('tag').columns(['type', 'label']).unique().execute();
  // Picker search: prefix matches on the lower-cased key and names are range scans of these (both engines).
  for (const column of ['value', 'label', 'label2']) {
    await db.schema
      .createIndex(`tag_${column}_lower_ix`)
      .on('tag')
      .expression(sql`lower(${sql.ref(column)})`)
      .execute();
  }
  await db.schema.createIndex('tag_type_status_sort_ix').on('tag').columns(['type', 'status', 'sort', 'id']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('label'))
      .addColumn('name', 'varchar(60)', (c) => c.notNull().unique())
      .addColumn('color', 'varchar(16)')
      .addColumn('description', 'varchar(500)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('enabled')),
  ).execute();
  await db.schema.createIndex('label_status_sort_ix').on('label').columns(['status', 'sort', 'id']).execute();

  await db.schema
    .createTable('member_label')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('label.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('member_label_pk', ['member_id', 'label_id'])
    .execute();
  await db.schema.createIndex('member_label_label_ix').on('member_label').column('label_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['member_label', 'label', 'tag', 'dict_entry', 'sys_config']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
