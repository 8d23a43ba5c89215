import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { WALLET_DERIVATION_PATH, WALLET_MNEMONIC_WORDS } from '@study-crm/shared';

export type DerivedWallet = { address: string; publicKey: string; privateKey: string };

// 12 words = 128 bits of entropy (BIP-39), from the platform's CSPRNG through @scure/bip39.
export const newMnemonic = (): string => generateMnemonic(wordlist, (WALLET_MNEMONIC_WORDS / 3) * 32);

export const isMnemonic = (phrase: string): boolean => validateMnemonic(phrase, wordlist);

// EIP-55: a hex letter is upper case when the matching nibble of keccak-256(lower-case hex address) is 8 or more.
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

// BIP-39 seed (no passphrase) → BIP-32 key at m/44'/60'/0'/0/0 → the EVM address: the last 20 bytes of the
// keccak-256 of the uncompressed public key without its 0x04 prefix.
export function deriveEvmWallet(mnemonic: string): DerivedWallet {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(WALLET_DERIVATION_PATH);
  if (!key.privateKey || !key.publicKey) throw new Error('derivation gave no key');
  const uncompressed = secp256k1.getPublicKey(key.privateKey, false);
  const address = toChecksumAddress(bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12)));
  const derived = {
    address,
    publicKey: `0x${bytesToHex(key.publicKey)}`,
    privateKey: `0x${bytesToHex(key.privateKey)}`,
  };
  key.wipePrivateData();
  return derived;
}

// The words of a phrase, 1-based positions.
export const wordAt = (mnemonic: string, position: number): string | undefined => mnemonic.split(' ')[position - 1];
