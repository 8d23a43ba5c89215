import type { Kysely } from 'kysely';
import { createIndex, notNull, withId, withTimestamps } from './helpers.js';

// The navbar message box: member notices (0 = every member), system messages and to-dos per member,
// and which of them each member has read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('member_notice'))
      .addColumn('member_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('content', 'text')
      .addColumn('created_by', 'integer'),
  )
    .addColumn('deleted_at', 'bigint')
    .execute();
  await createIndex(db, 'member_notice_member_ix', 'member_notice', ['member_id', 'created_at']);

  await withTimestamps(
    withId(db, db.schema.createTable('system_message'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('content', 'text')
      .addColumn('link', 'varchar(300)'),
  ).execute();
  await createIndex(db, 'system_message_member_ix', 'system_message', ['member_id', 'created_at']);

  await withTimestamps(
    withId(db, db.schema.createTable('member_todo'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(32)', notNull)
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('link', 'varchar(300)')
      .addColumn('due_at', 'bigint')
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await createIndex(db, 'member_todo_member_ix', 'member_todo', ['member_id', 'created_at']);

  await db.schema
    .createTable('message_read')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('tab', 'varchar(16)', notNull)
    .addColumn('item_id', 'integer', notNull)
    .addColumn('read_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('message_read_pk', ['member_id', 'tab', 'item_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['message_read', 'member_todo', 'system_message', 'member_notice']) {
    await db.schema.dropTable(t).execute();
  }
}
