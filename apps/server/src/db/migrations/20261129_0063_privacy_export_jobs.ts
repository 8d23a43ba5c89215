import type { Kysely } from 'kysely';
import { addColumns, column, createIndex, createTableWithId } from './helpers.js';

// Issue 41 (decision 199): the subject access export runs as a background job of the jobs module (kind
// `privacyExport`, table `job`), so privacy's own export table goes. A data request names its newest export's job
// (export_job_id); the exports a server had in privacy_export are dropped with it (their archives expired within
// seven days anyway, and the orphan sweep removes their files): the request stays and can be exported again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'privacy_request', { export_job_id: column.reference('job.id', 'set null') });
  await db.schema.dropTable('privacy_export').execute();
}

// Back to 0062: privacy's export table, empty (the jobs stay the jobs module's).
export async function down(db: Kysely<unknown>): Promise<void> {
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
  await db.schema.alterTable('privacy_request').dropColumn('export_job_id').execute();
}
