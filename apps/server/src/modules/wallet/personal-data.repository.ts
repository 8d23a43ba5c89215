import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { removedRows } from '../../db/personal-data.js';

// The member's wallets for the subject access export (issue 41): public data only. Never the mnemonic, the private
// key, the wrapped key or the backup check positions.
export function createWalletPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const wallets = await db
        .selectFrom('memberWallet')
        .select(['id', 'chain', 'address', 'publicKey', 'derivationPath', 'activatedAt', 'createdAt', 'updatedAt'])
        .where('memberId', '=', s.memberId)
        .execute();
      return { parts: [part('wallet/member_wallet', wallets)], files: noFiles };
    },
  };
}

// An erased person's wallets (addresses and key material) go.
export const walletPersonalData = removedRows('wallet', ['memberWallet']);
