import { sql, type Kysely } from 'kysely';
import { column, createIndex, createTable, createTableWithId, createUniqueIndex, type Columns } from './helpers.js';

// Dictionary entries and tags have the same columns: a value and its names within a type.
const TYPED_ENTRY: Columns = {
  type: column.required('varchar(64)'),
  value: column.required('varchar(100)'),
  label: column.required('varchar(100)'),
  label2: column.optional('varchar(100)'),
  description: column.optional('varchar(500)'),
  sort: column.withDefault('integer', 0),
  status: column.withDefault('varchar(16)', 'enabled'),
  color: column.optional('varchar(16)'),
};

// System setup: configs, dictionary entries, tags, member labels and their link to members.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'sys_config', {
    key: column.required('varchar(100)'),
    platform: column.required('varchar(32)'),
    prod_value: column.optional('text'),
    test_value: column.optional('text'),
    remarks: column.optional('varchar(500)'),
    status: column.withDefault('varchar(16)', 'enabled'),
  });
  await createUniqueIndex(db, 'sys_config_key_platform_uq', 'sys_config', ['key', 'platform']);
  await createIndex(db, 'sys_config_platform_status_ix', 'sys_config', ['platform', 'status']);

  await createTableWithId(db, 'dict_entry', TYPED_ENTRY);
  await createUniqueIndex(db, 'dict_entry_type_value_uq', 'dict_entry', ['type', 'value']);
  // The options call: enabled entries of one type in sort order.
  await createIndex(db, 'dict_entry_type_status_sort_ix', 'dict_entry', ['type', 'status', 'sort', 'id']);

  await createTableWithId(db, 'tag', TYPED_ENTRY);
  await createUniqueIndex(db, 'tag_type_value_uq', 'tag', ['type', 'value']);
  await createUniqueIndex(db, 'tag_type_label_uq', 'tag', ['type', 'label']);
  // Picker search: prefix matches on the lower-cased key and names are range scans of these (both engines).
  for (const name of ['value', 'label', 'label2']) {
    await db.schema
      .createIndex(`tag_${name}_lower_ix`)
      .on('tag')
      .expression(sql`lower(${sql.ref(name)})`)
      .execute();
  }
  await createIndex(db, 'tag_type_status_sort_ix', 'tag', ['type', 'status', 'sort', 'id']);

  await createTableWithId(db, 'label', {
    name: column.unique('varchar(60)'),
    color: column.optional('varchar(16)'),
    description: column.optional('varchar(500)'),
    sort: column.withDefault('integer', 0),
    status: column.withDefault('varchar(16)', 'enabled'),
  });
  await createIndex(db, 'label_status_sort_ix', 'label', ['status', 'sort', 'id']);

  await createTable(
    db,
    'member_label',
    {
      member_id: column.ownedBy('member.id'),
      label_id: column.ownedBy('label.id'),
      created_at: column.required('bigint'),
    },
    { primaryKey: ['member_id', 'label_id'] },
  );
  await createIndex(db, 'member_label_label_ix', 'member_label', ['label_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['member_label', 'label', 'tag', 'dict_entry', 'sys_config']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
