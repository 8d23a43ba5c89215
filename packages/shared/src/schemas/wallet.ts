import { z } from 'zod';

// The member's wallet (issue 19, spec sections 3 and 4): one per member, an EVM address derived from a BIP-39
// mnemonic. The mnemonic and private key leave the server once, in the create answer, for the member's backup.
export const WALLET_CHAIN = 'evm';
export const WALLET_DERIVATION_PATH = "m/44'/60'/0'/0/0";
export const WALLET_MNEMONIC_WORDS = 12;
// Words the member gives back before activation.
export const WALLET_CHECK_WORDS = 3;

export const WalletSchema = z.object({
  address: z.string().describe('the EVM address with its EIP-55 checksum (0x + 40 hex digits)'),
  publicKey: z.string().describe('the secp256k1 public key, compressed (0x + 66 hex digits)'),
  chain: z.string().describe('the chain family of the address: evm (Ethereum and EVM-compatible chains)'),
  derivationPath: z.string().describe("the BIP-32 path of the key, m/44'/60'/0'/0/0"),
  activated: z.boolean().describe('true once the backup check passed and the member confirmed activation'),
  activatedAt: z.number().int().nullable().describe('activation time (epoch ms)'),
  createdAt: z.number().int().describe('creation time (epoch ms)'),
  checkPositions: z
    .array(z.number().int())
    .nullable()
    .describe('the 1-based word positions of the pending backup check; null when none is pending'),
});
export type Wallet = z.infer<typeof WalletSchema>;

// The caller's wallet, or null when they have none yet.
export const WalletView = WalletSchema.nullable();

export const WalletCreateBody = z.object({
  password: z.string().min(1).max(100).describe('the current password, re-entered to create the wallet'),
});

export const WalletCreated = WalletSchema.extend({
  mnemonic: z.string().describe('the 12-word BIP-39 recovery phrase; answered this once, never again'),
  privateKey: z.string().describe('the private key (0x + 64 hex digits); answered this once, never again'),
});
export type WalletCreated = z.infer<typeof WalletCreated>;

export const WalletChallenge = z.object({
  positions: z.array(z.number().int()).describe('three distinct 1-based word positions, ascending'),
});
export type WalletChallenge = z.infer<typeof WalletChallenge>;

const zWord = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(16)
    .regex(/^[a-z]+$/, 'v.format');

export const WalletActivateBody = z.object({
  word1: zWord().describe('the word at the first position of the backup check'),
  word2: zWord().describe('the word at the second position'),
  word3: zWord().describe('the word at the third position'),
});
export type WalletActivateBody = z.infer<typeof WalletActivateBody>;

export const WalletDiscardBody = z.object({
  password: z.string().min(1).max(100).describe('the current password, re-entered'),
});
