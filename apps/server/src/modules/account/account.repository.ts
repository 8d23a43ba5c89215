import type { Db } from '../../db/database.js';
import { clearWindow, hitInWindow } from '../../db/sql-helpers.js';
import { runInTransaction, type Tx } from '../../db/transaction.js';

// The counter of wrong current passwords in login_throttle, per member, in a window of LOGIN_LOCK_MINUTES
// (`config.loginLockMs`). A request counts in the member's current window only (a passed one starts again at its
// next attempt); the retention run drops the passed ones (retention.repository.ts).
export const PASSWORD_COUNTER_PREFIX = 'password:';

// The signed-in member's own account: the count of wrong current passwords (login_throttle). The password itself
// is the member module's (`OwnPassword`).
export function createAccountRepository(db: Db) {
  return {
    // Wrong current passwords, counted per member in one statement (parallel guesses each get their own number).
    async reserveAttempt(memberId: number, now: number, windowMs: number): Promise<{ attempt: number; since: number }> {
      const { count, since } = await hitInWindow(db, `${PASSWORD_COUNTER_PREFIX}${memberId}`, now, windowMs);
      return { attempt: count, since };
    },
    clearAttempts: (memberId: number) => clearWindow(db, `${PASSWORD_COUNTER_PREFIX}${memberId}`),

    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
