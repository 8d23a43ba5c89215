import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

// Issue 43 (decision 305): an e-mail's row holds its text and its rendered HTML (a branded body is 10 KB or more)
// before the columns the e-mail list reads after them (platform, send and creation times, whether it is a system
// e-mail). On SQLite reading those meant reading each row's overflow pages, and the list's total read every e-mail
// so: 14 ms for a page at 5,000 e-mails of 12 KB, 33× the trivial call. The list's page and total now read this
// index alone: every column they filter, join, sort and show, in the list's order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, 'email_message_list_ix', 'email_message', [
    'is_system',
    'id',
    'sender_id',
    'created_at',
    'send_at',
    'template_id',
    'platform',
    'subject',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_message_list_ix').execute();
}
