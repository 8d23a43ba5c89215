import type { Kysely } from 'kysely';
import { column, createIndex, createTableWithId, createUniqueIndex } from './helpers.js';

// Issue 41, UK GDPR, subject access:
// - privacy_request: a person's request to see (access) or erase (erasure) their data, due one calendar month after
//   receipt; open_flag is 1 while the request is open and null once done, so the unique index allows one open
//   request per person and kind (NULLs never collide, on both engines).
// - privacy_export: the subject access archive, built in the background by whichever server claims it
//   (claimed_until is the claim's lease), stored through the files storage, downloaded by the member who asked for
//   it until expires_at.
// - privacy_reminder: one row per reminder the daily job created (a request, the day it reminds on): the unique
//   key makes it exactly once, whichever of several servers' workers gets there first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'privacy_request', {
    subject_id: column.requiredReference('member.id'),
    kind: column.required('varchar(12)'),
    received_date: column.required('varchar(10)'),
    due_date: column.required('varchar(10)'),
    status: column.required('varchar(8)'),
    open_flag: column.optional('integer'),
    assignee_id: column.reference('member.id', 'set null'),
    note: column.optional('varchar(500)'),
    completed_at: column.optional('bigint'),
    completed_by: column.reference('member.id', 'set null'),
    created_by: column.reference('member.id', 'set null'),
  });
  await createUniqueIndex(db, 'privacy_request_open_ux', 'privacy_request', ['subject_id', 'kind', 'open_flag']);
  await createIndex(db, 'privacy_request_due_ix', 'privacy_request', ['status', 'due_date', 'id']);
  await createIndex(db, 'privacy_request_received_ix', 'privacy_request', ['received_date', 'id']);

  await createTableWithId(db, 'privacy_export', {
    subject_id: column.requiredReference('member.id'),
    request_id: column.reference('privacy_request.id', 'set null'),
    requested_by: column.requiredReference('member.id'),
    locale: column.required('varchar(8)'),
    status: column.required('varchar(8)'),
    progress: column.withDefault('integer', 0),
    stored_name: column.optional('varchar(80)'),
    size: column.optional('bigint'),
    expires_at: column.optional('bigint'),
    claimed_until: column.optional('bigint'),
    downloaded_at: column.optional('bigint'),
    error: column.optional('varchar(200)'),
  });
  await createIndex(db, 'privacy_export_status_ix', 'privacy_export', ['status', 'id']);
  await createIndex(db, 'privacy_export_request_ix', 'privacy_export', ['request_id', 'id']);

  await createTableWithId(db, 'privacy_reminder', {
    request_id: column.ownedBy('privacy_request.id'),
    remind_date: column.required('varchar(10)'),
    days_before: column.required('integer'),
    assignee_id: column.reference('member.id', 'set null'),
  });
  await createUniqueIndex(db, 'privacy_reminder_once_ux', 'privacy_reminder', ['request_id', 'remind_date']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('privacy_reminder').execute();
  await db.schema.dropTable('privacy_export').execute();
  await db.schema.dropTable('privacy_request').execute();
}
