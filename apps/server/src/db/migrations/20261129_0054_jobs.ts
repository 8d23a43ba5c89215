import type { Kysely } from 'kysely';
import { column, createIndex, createTableWithId } from './helpers.js';

// Issue 39, background jobs (large exports): one row per job a member started. A worker on any server claims a
// queued row (or one whose lease ran out) with a token and a lease, reports progress into it, and records the
// stored result file or an error code. The result can be downloaded by its owner until expires_at.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'job', {
    kind: column.required('varchar(40)'),
    member_id: column.ownedBy('member.id'),
    status: column.required('varchar(10)'),
    done: column.withDefault('integer', 0),
    total: column.withDefault('integer', 0),
    params: column.required('text'),
    locale: column.required('varchar(8)'),
    attempts: column.withDefault('integer', 0),
    claim_token: column.optional('varchar(40)'),
    claimed_until: column.optional('bigint'),
    stored_name: column.optional('varchar(60)'),
    file_name: column.optional('varchar(120)'),
    file_size: column.optional('bigint'),
    error_code: column.optional('integer'),
    finished_at: column.optional('bigint'),
    expires_at: column.optional('bigint'),
  });
  await createIndex(db, 'job_claim_ix', 'job', ['status', 'claimed_until', 'id']);
  await createIndex(db, 'job_member_ix', 'job', ['member_id', 'id']);
  await createIndex(db, 'job_expires_ix', 'job', ['expires_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job').execute();
}
