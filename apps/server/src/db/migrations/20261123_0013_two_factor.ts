import type { Kysely } from 'kysely';
import { createIndex, createTableWithId, notNull, ownedBy, withTimestamps } from './helpers.js';

// Staff two-factor sign-in (issue 13): a TOTP secret per member and ten one-time recovery codes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    db.schema
      .createTable('member_two_factor')
      .addColumn('member_id', 'integer', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
      // AES-256-GCM (lib/secret-box): never the plain secret.
      .addColumn('secret_enc', 'text', notNull)
      // Null while set-up waits for its first code.
      .addColumn('enabled_at', 'bigint')
      // The last accepted 30-second step: a code is accepted once (RFC 6238 §5.2).
      .addColumn('last_step', 'bigint'),
  ).execute();

  await createTableWithId(db, 'member_recovery_code', (t) =>
    t
      .addColumn('member_id', 'integer', ownedBy('member.id'))
      // SHA-256 of the code (codes hold 80 random bits, so a fast hash cannot be reversed by trying).
      .addColumn('code_hash', 'varchar(64)', notNull)
      .addColumn('used_at', 'bigint'),
  );
  await createIndex(db, 'member_recovery_code_member_ix', 'member_recovery_code', ['member_id', 'code_hash']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_recovery_code').execute();
  await db.schema.dropTable('member_two_factor').execute();
}
