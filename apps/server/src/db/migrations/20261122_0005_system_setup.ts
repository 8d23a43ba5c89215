import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { createIndex, createTableWithId, createUniqueIndex, notNull, withId, withTimestamps } from './helpers.js';

// Dictionary entries and tags have the same columns: a value and its names within a type.
const typedEntry = <C extends string>(t: CreateTableBuilder<string, C>) =>
  t
    .addColumn('type', 'varchar(64)', notNull)
    .addColumn('value', 'varchar(100)', notNull)
    .addColumn('label', 'varchar(100)', notNull)
    .addColumn('label2', 'varchar(100)')
    .addColumn('description', 'varchar(500)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('enabled'))
    .addColumn('color', 'varchar(16)');

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
  await createUniqueIndex(db, 'sys_config_key_platform_uq', 'sys_config', ['key', 'platform']);
  await createIndex(db, 'sys_config_platform_status_ix', 'sys_config', ['platform', 'status']);

  await createTableWithId(db, 'dict_entry', typedEntry);
  await createUniqueIndex(db, 'dict_entry_type_value_uq', 'dict_entry', ['type', 'value']);
  // The options call: enabled entries of one type in sort order.
  await createIndex(db, 'dict_entry_type_status_sort_ix', 'dict_entry', ['type', 'status', 'sort', 'id']);

  await createTableWithId(db, 'tag', typedEntry);
  await createUniqueIndex(db, 'tag_type_value_uq', 'tag', ['type', 'value']);
  await createUniqueIndex(db, 'tag_type_label_uq', 'tag', ['type', 'label']);
  // Picker search: prefix matches on the lower-cased key and names are range scans of these (both engines).
  for (const column of ['value', 'label', 'label2']) {
    await db.schema
      .createIndex(`tag_${column}_lower_ix`)
      .on('tag')
      .expression(sql`lower(${sql.ref(column)})`)
      .execute();
  }
  await createIndex(db, 'tag_type_status_sort_ix', 'tag', ['type', 'status', 'sort', 'id']);

  await withTimestamps(
    withId(db, db.schema.createTable('label'))
      .addColumn('name', 'varchar(60)', (c) => c.notNull().unique())
      .addColumn('color', 'varchar(16)')
      .addColumn('description', 'varchar(500)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('enabled')),
  ).execute();
  await createIndex(db, 'label_status_sort_ix', 'label', ['status', 'sort', 'id']);

  await db.schema
    .createTable('member_label')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('label.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('member_label_pk', ['member_id', 'label_id'])
    .execute();
  await createIndex(db, 'member_label_label_ix', 'member_label', ['label_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['member_label', 'label', 'tag', 'dict_entry', 'sys_config']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
