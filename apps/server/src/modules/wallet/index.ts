// Front door of the wallet module: the signed-in member's own wallet, and its address for the user state.
export { registerWalletRoutes } from './wallet.routes.js';
export { activeWalletAddress, createWalletRepository } from './wallet.repository.js';
export { createWalletService } from './wallet.service.js';
export type { WalletService } from './wallet.service.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createWalletPersonalData, walletPersonalData } from './personal-data.repository.js';
