import type { Db } from '../../db/database.js';
import { clearWindow, countInWindow, readWindow } from '../../db/sql-helpers.js';
import type { LoginCandidate } from '../member/index.js';

export type { LoginCandidate };

// The member rows sign-in reads and counts failures on: the member module owns them and hands these over
// (`MemberCredentials`, through modules/index.ts).
export type SignInAccounts = {
  byLoginName(loginName: string): Promise<LoginCandidate | undefined>;
  byId(id: number): Promise<LoginCandidate | undefined>;
  byEmail(email: string): Promise<LoginCandidate | undefined>;
  byMobile(areaCode: string, mobile: string): Promise<LoginCandidate | undefined>;
  // Counts the attempt before the password is checked, in one statement; a lock that has run out starts afresh, and
  // an attempt past the limit sets a lock if none is in place.
  reserveAttempt(
    id: number,
    now: number,
    limits: { maxFailures: number; lockMs: number },
  ): Promise<{ attempt: number; lockedUntil: number | null }>;
  lock(id: number, until: number): Promise<void>;
  clearFailures(id: number): Promise<void>;
};

// Sign-in: the accounts (the member module's) and the per-address throttle (login_throttle).
export function createAuthRepository(db: Db, accounts: SignInAccounts) {
  return {
    byLoginName: accounts.byLoginName,
    byId: accounts.byId,
    byEmail: accounts.byEmail,
    byMobile: accounts.byMobile,
    reserveAttempt: accounts.reserveAttempt,
    lock: accounts.lock,
    clearFailures: accounts.clearFailures,

    throttle: (key: string) => readWindow(db, key),
    // One more within the window (or a fresh window), in one statement: parallel failures are all counted.
    countThrottle: (key: string, now: number, windowMs: number) => countInWindow(db, key, now, windowMs),
    clearThrottle: (key: string) => clearWindow(db, key),
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
