import type { Kysely } from 'kysely';
import { column, createIndex, createTable, createTableWithId, TIMESTAMPS } from './helpers.js';

// Staff two-factor sign-in (issue 13): a TOTP secret per member and ten one-time recovery codes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'member_two_factor', {
    member_id: column.ownerKey('member.id'),
    // AES-256-GCM (lib/secret-box): never the plain secret.
    secret_enc: column.required('text'),
    // Null while set-up waits for its first code.
    enabled_at: column.optional('bigint'),
    // The last accepted 30-second step: a code is accepted once (RFC 6238 §5.2).
    last_step: column.optional('bigint'),
    ...TIMESTAMPS,
  });

  await createTableWithId(db, 'member_recovery_code', {
    member_id: column.ownedBy('member.id'),
    // SHA-256 of the code (codes hold 80 random bits, so a fast hash cannot be reversed by trying).
    code_hash: column.required('varchar(64)'),
    used_at: column.optional('bigint'),
  });
  await createIndex(db, 'member_recovery_code_member_ix', 'member_recovery_code', ['member_id', 'code_hash']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['member_recovery_code', 'member_two_factor']) await db.schema.dropTable(t).execute();
}
