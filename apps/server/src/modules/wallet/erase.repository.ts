import { removedRows } from '../../db/personal-data.js';

// An erased person's wallets (addresses and key material) go.
export const walletPersonalData = removedRows('wallet', ['memberWallet']);
