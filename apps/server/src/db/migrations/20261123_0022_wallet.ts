import type { Kysely } from 'kysely';
import { column, createTableWithId, createUniqueIndex } from './helpers.js';

// The member's wallet (issue 19): one per member. The mnemonic and private key are sealed under a per-wallet data
// key (AES-256-GCM), itself sealed under the configured key; all bound to the member and the address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'member_wallet', {
    member_id: column.ownedBy('member.id'),
    chain: column.required('varchar(16)'),
    address: column.required('varchar(42)'),
    public_key: column.required('varchar(68)'),
    derivation_path: column.required('varchar(40)'),
    wrapped_key: column.required('text'),
    mnemonic_enc: column.required('text'),
    private_key_enc: column.required('text'),
    // The pending backup check: 1-based word positions ("3,7,11") and wrong answers given to it.
    check_positions: column.optional('varchar(16)'),
    check_failures: column.withDefault('integer', 0),
    activated_at: column.optional('bigint'),
  });
  // One wallet per member, enforced by the database (two parallel creates: one wins).
  await createUniqueIndex(db, 'member_wallet_member_ux', 'member_wallet', ['member_id']);
  await createUniqueIndex(db, 'member_wallet_address_ux', 'member_wallet', ['address']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_wallet').execute();
}
