import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

// Decision 382's leftover: the subject access export and the erasure find a person's SMS recipient rows by their
// full numbers (`phone in (...)`) and the refused rows among those without one (`phone is null`, read exactly
// after). The (batch_id, phone) unique index cannot serve either, so both read the whole table; this one serves both
// on each engine.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, 'sms_recipient_phone_ix', 'sms_recipient', ['phone']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sms_recipient_phone_ix').execute();
}
