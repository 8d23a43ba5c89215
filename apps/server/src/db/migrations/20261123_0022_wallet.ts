import type { Kysely } from 'kysely';
import { createTableWithId, createUniqueIndex, notNull, ownedBy } from './helpers.js';

// The member's wallet (issue 19): one per member. The mnemonic and private key are sealed under a per-wallet data
// key (AES-256-GCM), itself sealed under the configured key; all bound to the member and the address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'member_wallet', (t) =>
    t
      .addColumn('member_id', 'integer', ownedBy('member.id'))
      .addColumn('chain', 'varchar(16)', notNull)
      .addColumn('address', 'varchar(42)', notNull)
      .addColumn('public_key', 'varchar(68)', notNull)
      .addColumn('derivation_path', 'varchar(40)', notNull)
      .addColumn('wrapped_key', 'text', notNull)
      .addColumn('mnemonic_enc', 'text', notNull)
      .addColumn('private_key_enc', 'text', notNull)
      // The pending backup check: 1-based word positions ("3,7,11") and wrong answers given to it.
      .addColumn('check_positions', 'varchar(16)')
      .addColumn('check_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('activated_at', 'bigint'),
  );
  // One wallet per member, enforced by the database (two parallel creates: one wins).
  await createUniqueIndex(db, 'member_wallet_member_ux', 'member_wallet', ['member_id']);
  await createUniqueIndex(db, 'member_wallet_address_ux', 'member_wallet', ['address']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_wallet').execute();
}
