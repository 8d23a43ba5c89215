import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

// Issue 43 (decision 304): an SMS batch's recipients, one status at a time, a page in queue order. Through the
// (channel, message) index each row of the batch was read to test its status, so the page of a batch's failed
// recipients read the batch up to them: 5 ms for a batch of 20,000 on SQLite. This index holds the status before
// the queue order: the page reads its own rows, and a later page skips index entries only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, 'delivery_outbox_message_status_ix', 'delivery_outbox', [
    'channel',
    'message_id',
    'status',
    'id',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('delivery_outbox_message_status_ix').execute();
}
