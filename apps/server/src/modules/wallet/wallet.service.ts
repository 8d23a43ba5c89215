import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  Code,
  WALLET_CHAIN,
  WALLET_CHECK_WORDS,
  WALLET_DERIVATION_PATH,
  WALLET_MNEMONIC_WORDS,
  type Wallet,
  type WalletActivateBody,
  type WalletChallenge,
  type WalletCreated,
} from '@study-crm/shared';
import { isUniqueViolation } from '../../db/sql-helpers.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { openEnvelope, sealEnvelope, type SecretBox } from '../../lib/secret-box.js';
import { deriveEvmWallet, newMnemonic, wordAt } from './derive.js';
import { parsePositions, toWallet } from './wallet.mapper.js';
import type { WalletRepository, WalletRow } from './wallet.repository.js';

// Wrong answers one backup check takes before it is withdrawn (a new check has new positions).
export const CHECK_MAX_FAILURES = 5;

// What the sealed secrets belong to: a sealed value moved to another member's or address's row does not open.
const aadOf = (memberId: number, address: string) => `wallet|v1|member=${memberId}|address=${address}`;

const sameWord = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

// Three distinct positions among the mnemonic's words, ascending, from the CSPRNG.
function pickPositions(): number[] {
  const picked = new Set<number>();
  while (picked.size < WALLET_CHECK_WORDS) picked.add(randomInt(1, WALLET_MNEMONIC_WORDS + 1));
  return [...picked].sort((a, b) => a - b);
}

// The signed-in member's own wallet (issue 19): create with the password re-entered (the mnemonic and private key
// are answered that once), a backup check of three random words, activation; then the secrets never leave again.
export function createWalletService(deps: {
  repo: WalletRepository;
  box: SecretBox;
  // Throws the account module's refusal (wrong password, too many attempts) unless the password is the member's.
  confirmPassword: (memberId: number, password: string) => Promise<void>;
  clock: Clock;
}) {
  const { repo, box, confirmPassword, clock } = deps;
  const exists = () => new AppError(Code.WALLET_EXISTS);

  async function pending(memberId: number): Promise<WalletRow> {
    const row = await repo.find(memberId);
    if (!row) throw new AppError(Code.WALLET_NOT_FOUND);
    if (row.activatedAt !== null) throw new AppError(Code.WALLET_ACTIVATED);
    return row;
  }

  return {
    async view(memberId: number): Promise<Wallet | null> {
      const row = await repo.find(memberId);
      return row ? toWallet(row) : null;
    },

    async create(memberId: number, password: string): Promise<WalletCreated> {
      if (await repo.find(memberId)) throw exists();
      await confirmPassword(memberId, password);
      const mnemonic = newMnemonic();
      const keys = deriveEvmWallet(mnemonic);
      const { wrappedKey, sealed } = sealEnvelope(box, aadOf(memberId, keys.address), {
        mnemonic,
        privateKey: keys.privateKey,
      });
      const now = clock.now();
      let row: WalletRow;
      try {
        row = await repo.insert({
          memberId,
          chain: WALLET_CHAIN,
          address: keys.address,
          publicKey: keys.publicKey,
          derivationPath: WALLET_DERIVATION_PATH,
          wrappedKey,
          mnemonicEnc: sealed.mnemonic,
          privateKeyEnc: sealed.privateKey,
          createdAt: now,
          updatedAt: now,
        });
      } catch (err) {
        // A parallel create of the same member won the unique index.
        if (isUniqueViolation(err)) throw exists();
        throw err;
      }
      return { ...toWallet(row), mnemonic, privateKey: keys.privateKey };
    },

    async backupChallenge(memberId: number): Promise<WalletChallenge> {
      await pending(memberId);
      const positions = pickPositions();
      if (!(await repo.setCheck(memberId, positions.join(','), clock.now()))) throw new AppError(Code.WALLET_ACTIVATED);
      return { positions };
    },

    async activate(memberId: number, body: WalletActivateBody): Promise<Wallet> {
      const row = await pending(memberId);
      const check = row.checkPositions;
      if (!check) throw new AppError(Code.WALLET_CHECK_REQUIRED);
      const { mnemonic } = openEnvelope(box, aadOf(memberId, row.address), {
        wrappedKey: row.wrappedKey,
        sealed: { mnemonic: row.mnemonicEnc },
      });
      const answers = [body.word1, body.word2, body.word3];
      const isRight = parsePositions(check)
        .map((position, i) => sameWord(wordAt(mnemonic, position) ?? '', answers[i] ?? ''))
        .every(Boolean);
      const now = clock.now();
      if (!isRight) {
        const failures = await repo.recordFailure(memberId, check, CHECK_MAX_FAILURES, now);
        const left = failures === null ? 0 : CHECK_MAX_FAILURES - failures;
        if (left <= 0) throw new AppError(Code.WALLET_CHECK_REQUIRED);
        throw new AppError(Code.WALLET_BACKUP_MISMATCH, undefined, { left });
      }
      const activated = await repo.activate(memberId, check, now);
      if (activated) return toWallet(activated);
      // A parallel call activated it, or replaced or withdrew the check, in between.
      await pending(memberId);
      throw new AppError(Code.WALLET_CHECK_REQUIRED);
    },

    // A wallet whose backup was lost before activation: the member starts over (password re-entered).
    async discard(memberId: number, password: string): Promise<null> {
      await pending(memberId);
      await confirmPassword(memberId, password);
      if (!(await repo.discard(memberId))) await pending(memberId);
      return null;
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
