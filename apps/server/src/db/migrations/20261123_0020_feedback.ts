import { sql, type Kysely } from 'kysely';
import { column, createIndex, createTable, createUniqueIndex } from './helpers.js';

// Feedback (issue 18): what students and parents send (public call or a signed-in member), the reply thread
// (append-only: no editing), and which staff members hold a to-do for an unanswered feedback.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A member who acted on the row: the reference is cleared when the member goes.
  const member = () => column.reference('member.id', 'set null');

  await createTable(
    db,
    'feedback',
    {
      id: column.id(),
      member_id: member(),
      name: column.required('varchar(60)'),
      email: column.optional('varchar(120)'),
      area_code: column.optional('varchar(5)'),
      mobile: column.optional('varchar(20)'),
      content: column.required('text'),
      locale: column.required('varchar(8)'),
      status: column.required('varchar(16)'),
      reply_count: column.withDefault('integer', 0),
      replied_at: column.optional('bigint'),
      replied_by: member(),
      created_at: column.required('bigint'),
    },
    { checks: { feedback_status_ck: sql`status in ('open', 'answered')` } },
  );
  const ix = (name: string, cols: string[]) => createIndex(db, name, 'feedback', cols);
  // The list: newest first, optionally narrowed by status; the date filter is a range on created_at.
  await ix('feedback_created_ix', ['created_at', 'id']);
  await ix('feedback_status_created_ix', ['status', 'created_at', 'id']);
  await ix('feedback_member_ix', ['member_id']);

  await createTable(db, 'feedback_reply', {
    id: column.id(),
    feedback_id: column.ownedBy('feedback.id'),
    author_id: member(),
    content: column.required('text'),
    email_id: column.reference('email_message.id', 'set null'),
    messaged: column.withDefault('integer', 0),
    created_at: column.required('bigint'),
  });
  await createIndex(db, 'feedback_reply_feedback_ix', 'feedback_reply', ['feedback_id', 'id']);

  // One row per staff member given a to-do for an open feedback: its id is the to-do's source id in the inbox.
  await createTable(db, 'feedback_todo', {
    id: column.id(),
    feedback_id: column.ownedBy('feedback.id'),
    member_id: column.ownedBy('member.id'),
  });
  await createUniqueIndex(db, 'feedback_todo_ux', 'feedback_todo', ['feedback_id', 'member_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['feedback_todo', 'feedback_reply', 'feedback']) await db.schema.dropTable(t).execute();
}
