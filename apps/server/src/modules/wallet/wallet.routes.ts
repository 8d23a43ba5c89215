import type { FastifyInstance } from 'fastify';
import { walletApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { WalletService } from './wallet.service.js';

// The signed-in member's own wallet: user-centre routes (any signed-in member, on their own wallet only).
export function registerWalletRoutes(app: FastifyInstance, wallet: WalletService): void {
  const tags = ['wallet'];

  defineRoute(app, {
    ...walletApi.view,
    access: 'signedIn',
    tags,
    summary: "The caller's wallet (address, public key, activated flag, pending backup check), or null",
    description: 'Never the mnemonic or the private key.',
    handler: ({ member }) => wallet.view(member!.id),
  });

  defineRoute(app, {
    ...walletApi.create,
    access: 'signedIn',
    audit: { action: 'wallet.create' },
    tags,
    summary: 'Create the caller’s wallet: BIP-39 mnemonic, key at m/44’/60’/0’/0/0, EIP-55 address',
    description:
      'The password is re-entered. The mnemonic and private key are answered this once, for the backup; they are ' +
      'stored sealed (AES-256-GCM, per-wallet data key). Errors: 400 passwordIncorrect, 1005 too many attempts, ' +
      '7600 the caller already has a wallet.',
    handler: ({ member, body }) => wallet.create(member!.id, body.password),
  });

  defineRoute(app, {
    ...walletApi.backupChallenge,
    access: 'signedIn',
    audit: { action: 'wallet.backupChallenge' },
    tags,
    summary: 'Start the backup check: three random word positions of the mnemonic to answer',
    description: 'A new check replaces a pending one. Errors: 7601 no wallet, 7602 already activated.',
    handler: ({ member }) => wallet.backupChallenge(member!.id),
  });

  defineRoute(app, {
    ...walletApi.activate,
    access: 'signedIn',
    audit: { action: 'wallet.activate' },
    tags,
    summary: 'Answer the backup check (the three words, in position order) and activate the wallet',
    description:
      'Errors: 7603 a word does not match (tries left in the message), 7604 no pending check (five wrong ' +
      'answers withdraw it), 7601 no wallet, 7602 already activated.',
    handler: ({ member, body }) => wallet.activate(member!.id, body),
  });

  defineRoute(app, {
    ...walletApi.discard,
    access: 'signedIn',
    audit: { action: 'wallet.discard' },
    tags,
    summary: 'Discard a wallet that was never activated (its backup was lost), so a new one can be created',
    description: 'The password is re-entered. Errors: 400 passwordIncorrect, 1005, 7601 no wallet, 7602 activated.',
    handler: ({ member, body }) => wallet.discard(member!.id, body.password),
  });
}
