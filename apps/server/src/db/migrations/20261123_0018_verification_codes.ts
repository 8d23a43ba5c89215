import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable, createTableWithId, notNull, ownedBy } from './helpers.js';

// Verification codes (issue 19): e-mail / SMS codes for binding and the forgotten-password reset.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'verification_code', (t) =>
    t
      .addColumn('member_id', 'integer', ownedBy('member.id'))
      .addColumn('channel', 'varchar(10)', notNull)
      .addColumn('purpose', 'varchar(20)', notNull)
      // The normalised e-mail or the E.164 mobile the code was sent to.
      .addColumn('target', 'varchar(140)', notNull)
      // HMAC-SHA-256 (key from configuration) of salt + code: never the code itself.
      .addColumn('code_hash', 'varchar(64)', notNull)
      .addColumn('salt', 'varchar(32)', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consumed_at', 'bigint'),
  );
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
  await db.schema
    .alterTable('email_message')
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_message').dropColumn('is_system').execute();
  await db.schema.dropTable('verification_send').execute();
  await db.schema.dropTable('verification_code').execute();
}
