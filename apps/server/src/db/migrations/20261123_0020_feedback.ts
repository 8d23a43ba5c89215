import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { createIndex, createUniqueIndex, notNull, withId } from './helpers.js';

// Feedback (issue 18): what students and parents send (public call or a signed-in member), the reply thread
// (append-only: no editing), and which staff members hold a to-do for an unanswered feedback.
export async function up(db: Kysely<unknown>): Promise<void> {
  const member = (c: ColumnDefinitionBuilder) => c.references('member.id').onDelete('set null');

  await withId(db, db.schema.createTable('feedback'))
    .addColumn('member_id', 'integer', member)
    .addColumn('name', 'varchar(60)', notNull)
    .addColumn('email', 'varchar(120)')
    .addColumn('area_code', 'varchar(5)')
    .addColumn('mobile', 'varchar(20)')
    .addColumn('content', 'text', notNull)
    .addColumn('locale', 'varchar(8)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replied_at', 'bigint')
    .addColumn('replied_by', 'integer', member)
    .addColumn('created_at', 'bigint', notNull)
    .addCheckConstraint('feedback_status_ck', sql`status in ('open', 'answered')`)
    .execute();
  const ix = (name: string, cols: string[]) => createIndex(db, name, 'feedback', cols);
  // The list: newest first, optionally narrowed by status; the date filter is a range on created_at.
  await ix('feedback_created_ix', ['created_at', 'id']);
  await ix('feedback_status_created_ix', ['status', 'created_at', 'id']);
  await ix('feedback_member_ix', ['member_id']);

  await withId(db, db.schema.createTable('feedback_reply'))
    .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', member)
    .addColumn('content', 'text', notNull)
    .addColumn('email_id', 'integer', (c) => c.references('email_message.id').onDelete('set null'))
    .addColumn('messaged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await createIndex(db, 'feedback_reply_feedback_ix', 'feedback_reply', ['feedback_id', 'id']);

  // One row per staff member given a to-do for an open feedback: its id is the to-do's source id in the inbox.
  await withId(db, db.schema.createTable('feedback_todo'))
    .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .execute();
  await createUniqueIndex(db, 'feedback_todo_ux', 'feedback_todo', ['feedback_id', 'member_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback_todo').execute();
  await db.schema.dropTable('feedback_reply').execute();
  await db.schema.dropTable('feedback').execute();
}
