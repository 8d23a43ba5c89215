import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

// Issue 39, decision 180: a record's timeline reads one page of each source newest first after a keyset
// (created_at, id), so each source has an index on (its record, created_at, id): the cost grows with the page, not
// with the record's history. E-mails and SMS are found by their recipient (the application's student).
const INDEXES = [
  ['delivery_outbox_recipient_ix', 'delivery_outbox', ['recipient', 'created_at', 'id']],
  ['follow_up_app_created_ix', 'follow_up', ['application_id', 'created_at', 'id']],
  ['application_file_app_created_ix', 'application_file', ['application_id', 'created_at', 'id']],
  ['payment_record_app_created_ix', 'payment_record', ['application_id', 'created_at', 'id']],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await createIndex(db, name, table, [...columns]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
