// Front door of the wallet module: the signed-in member's own wallet, and its address for the user state.
export { registerWalletRoutes } from './wallet.routes.js';
export { createWalletRepository } from './wallet.repository.js';
export { createWalletService } from './wallet.service.js';
export type { WalletService } from './wallet.service.js';
// Its part of a person's data for the subject access export (issue 41).
export { createWalletPersonalData } from './wallet-personal-data.repository.js';
// Its share of erasing a person's data (issue 41, db/personal-data.ts).
export { walletPersonalData } from './erase.repository.js';
