import type { Wallet } from '@study-crm/shared';
import type { WalletRow } from './wallet.repository.js';

export const parsePositions = (text: string): number[] => text.split(',').map(Number);

// The only place a wallet row becomes a response: the sealed secrets and the data key never leave.
export function toWallet(row: WalletRow): Wallet {
  return {
    address: row.address,
    publicKey: row.publicKey,
    chain: row.chain,
    derivationPath: row.derivationPath,
    activated: row.activatedAt !== null,
    activatedAt: row.activatedAt === null ? null : Number(row.activatedAt),
    createdAt: Number(row.createdAt),
    checkPositions: row.checkPositions ? parsePositions(row.checkPositions) : null,
  };
}
