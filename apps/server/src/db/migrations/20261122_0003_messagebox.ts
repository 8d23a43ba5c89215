import type { Kysely } from 'kysely';
import { column, createIndex, createTable, TIMESTAMPS, type Columns } from './helpers.js';

// The navbar message box: member notices (0 = every member), system messages and to-dos per member,
// and which of them each member has read.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A tab of the message box: a member's items, read newest first.
  const tab = async (name: string, columns: Columns) => {
    await createTable(db, name, columns);
    await createIndex(db, `${name}_member_ix`, name, ['member_id', 'created_at']);
  };

  await tab('member_notice', {
    id: column.id(),
    member_id: column.withDefault('integer', 0),
    title: column.required('varchar(200)'),
    content: column.optional('text'),
    created_by: column.optional('integer'),
    ...TIMESTAMPS,
    deleted_at: column.optional('bigint'),
  });
  await tab('system_message', {
    id: column.id(),
    member_id: column.ownedBy('member.id'),
    title: column.required('varchar(200)'),
    content: column.optional('text'),
    link: column.optional('varchar(300)'),
    ...TIMESTAMPS,
  });
  await tab('member_todo', {
    id: column.id(),
    member_id: column.ownedBy('member.id'),
    kind: column.required('varchar(32)'),
    title: column.required('varchar(200)'),
    link: column.optional('varchar(300)'),
    due_at: column.optional('bigint'),
    done: column.withDefault('integer', 0),
    ...TIMESTAMPS,
  });

  await createTable(
    db,
    'message_read',
    {
      member_id: column.ownedBy('member.id'),
      tab: column.required('varchar(16)'),
      item_id: column.required('integer'),
      read_at: column.required('bigint'),
    },
    { primaryKey: ['member_id', 'tab', 'item_id'] },
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['message_read', 'member_todo', 'system_message', 'member_notice'])
    await db.schema.dropTable(t).execute();
}
