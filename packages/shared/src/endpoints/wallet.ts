import { getCall, postCall } from '../endpoint.js';
import {
  WalletActivateBody,
  WalletChallenge,
  WalletCreateBody,
  WalletCreated,
  WalletDiscardBody,
  WalletSchema,
  WalletView,
} from '../schemas/wallet.js';
import { zEmpty } from '../wire.js';

// The signed-in member's own wallet (issue 19): view, create (password), backup check, activation; a wallet that
// was never activated can be discarded (password) when its backup was lost before the check.
export const walletApi = {
  view: getCall('/api/v1/member/wallet/view', undefined, WalletView),
  create: postCall('/api/v1/member/wallet/create', WalletCreateBody, WalletCreated),
  backupChallenge: postCall('/api/v1/member/wallet/backupChallenge', undefined, WalletChallenge),
  activate: postCall('/api/v1/member/wallet/activate', WalletActivateBody, WalletSchema),
  discard: postCall('/api/v1/member/wallet/discard', WalletDiscardBody, zEmpty),
};
