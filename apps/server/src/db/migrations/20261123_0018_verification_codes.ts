import type { Kysely } from 'kysely';
import { addColumns, column, createIndex, createKeyedTable, createTableWithId } from './helpers.js';

// Verification codes (issue 19): e-mail / SMS codes for binding and the forgotten-password reset.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'verification_code', {
    member_id: column.ownedBy('member.id'),
    channel: column.required('varchar(10)'),
    purpose: column.required('varchar(20)'),
    // The normalised e-mail or the E.164 mobile the code was sent to.
    target: column.required('varchar(140)'),
    // HMAC-SHA-256 (key from configuration) of salt + code: never the code itself.
    code_hash: column.required('varchar(64)'),
    salt: column.required('varchar(32)'),
    expires_at: column.required('bigint'),
    tries: column.withDefault('integer', 0),
    consumed_at: column.optional('bigint'),
  });
  await createIndex(db, 'verification_code_owner_ix', 'verification_code', [
    'member_id',
    'channel',
    'purpose',
    'target',
  ]);

  // The last send per address and purpose: the 60-second resend block is one conditional upsert on this key.
  await createKeyedTable(
    db,
    'verification_send',
    { target: 'varchar(150)', purpose: 'varchar(20)', sent_at: 'bigint' },
    ['target', 'purpose'],
  );

  // System e-mails (codes): kept out of the administrators' e-mail list, their body sealed at rest.
  await addColumns(db, 'email_message', { is_system: column.withDefault('integer', 0) });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_message').dropColumn('is_system').execute();
  for (const t of ['verification_send', 'verification_code']) await db.schema.dropTable(t).execute();
}
