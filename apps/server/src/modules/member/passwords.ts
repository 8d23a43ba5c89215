import { hash, verify } from '@node-rs/argon2';
import type { Conn } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane).
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Only this file hashes passwords (the password test in member/ensures it); the seed hashes its first accounts'.
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// The write of a new password to a member's row: run alone (no `tx`) or on the caller's transaction.
export type PasswordWrite = (memberId: number, tx?: Conn) => Promise<void>;

// The one way a password is set (staff setting a member's, the member's own change, a reset by code): hashed here,
// before any transaction opens (hashing takes tens of milliseconds), then written by the returned function.
// `clearLock` also lifts a sign-in lock and its failure count.
// The one write of the hash (credentials.repository.ts's writePasswordHash).
type HashWrite = {
  writePasswordHash(tx: Conn, memberId: number, passwordHash: string, now: number, clearLock: boolean): Promise<void>;
};

export function createPasswordWriter(db: Conn, repo: HashWrite, clock: Clock) {
  return async function setPassword(password: string, opts: { clearLock: boolean }): Promise<PasswordWrite> {
    const passwordHash = await hashPassword(password);
    return (memberId, tx = db) => repo.writePasswordHash(tx, memberId, passwordHash, clock.now(), opts.clearLock);
  };
}
export type SetPassword = ReturnType<typeof createPasswordWriter>;
