import type { Kysely } from 'kysely';
import { notNull, withId, withTimestamps } from './helpers.js';

// Staff two-factor sign-in (issue 13): a TOTP secret per member and ten one-time recovery codes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_two_factor')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    // AES-256-GCM (lib/secret-box): never the plain secret.
    .addColumn('secret_enc', 'text', notNull)
    // Null while set-up waits for its first code.
    .addColumn('enabled_at', 'bigint')
    // The last accepted 30-second step: a code is accepted once (RFC 6238 §5.2).
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('member_recovery_code'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
      // SHA-256 of the code (codes hold 80 random bits, so a fast hash cannot be reversed by trying).
      .addColumn('code_hash', 'varchar(64)', notNull)
      .addColumn('used_at', 'bigint'),
  ).execute();
  await db.schema
    .createIndex('member_recovery_code_member_ix')
    .on('member_recovery_code')
    .columns(['member_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_recovery_code').execute();
  await db.schema.dropTable('member_two_factor').execute();
}
