import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

// Issue 39 (decision 249): indexes for the operation log's page and its total counted up to a cap.
// - A record type alone, without an id: the record index (record_type, record_id, created_at, id) holds a type's
//   entries in id order, so a page of one type in time order sorted all of them (a fifth of the log for members).
// - One member with other filters (module, action, outcome, record type, a date range): the member index now holds
//   those columns after (created_at, id), so the count of a member's month in one module reads the index, not a
//   table row per entry of the month. Its order, and so the page's, is unchanged.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, 'audit_log_record_type_ix', 'audit_log', ['record_type', 'created_at', 'id']);
  await createIndex(db, 'audit_log_member_cover_ix', 'audit_log', [
    'member_id',
    'created_at',
    'id',
    'module',
    'action',
    'outcome',
    'record_type',
  ]);
  await db.schema.dropIndex('audit_log_member_ix').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, 'audit_log_member_ix', 'audit_log', ['member_id', 'created_at', 'id']);
  await db.schema.dropIndex('audit_log_member_cover_ix').execute();
  await db.schema.dropIndex('audit_log_record_type_ix').execute();
}
