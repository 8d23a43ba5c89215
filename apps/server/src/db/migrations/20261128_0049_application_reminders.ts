import type { Kysely } from 'kysely';
import { column, createIndex, createTableWithId, createUniqueIndex } from './helpers.js';

// Issue 40, reminders: one row per reminder the daily job created (an application, what falls due, the date it falls
// due and how many days before it the reminder is). The unique key makes the reminder exactly once, whichever of
// several servers' workers gets there first; resolved_at is set when its to-do is taken away (the date moved,
// the choice was sent, a newer reminder of the same date replaced it, the date passed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'application_reminder', {
    application_id: column.ownedBy('application.id'),
    kind: column.required('varchar(24)'),
    subject_key: column.required('varchar(40)'),
    due_date: column.required('varchar(10)'),
    days_before: column.required('integer'),
    teacher_id: column.reference('member.id', 'set null'),
    resolved_at: column.optional('bigint'),
  });
  await createUniqueIndex(db, 'application_reminder_once_ux', 'application_reminder', [
    'application_id',
    'kind',
    'subject_key',
    'due_date',
    'days_before',
  ]);
  await createIndex(db, 'application_reminder_open_ix', 'application_reminder', ['resolved_at', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application_reminder').execute();
}
