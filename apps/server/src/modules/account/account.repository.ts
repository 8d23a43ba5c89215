import type { Db } from '../../db/database.js';
import { clearWindow, hitInWindow, liveMemberById } from '../../db/sql-helpers.js';
import { runInTransaction, type Tx } from '../../db/transaction.js';

// The signed-in member's own account: password hash and sessions.
export function createAccountRepository(db: Db) {
  return {
    async passwordHashOf(memberId: number): Promise<string | null> {
      const row = await liveMemberById(db, memberId).select('passwordHash').executeTakeFirst();
      return row?.passwordHash ?? null;
    },

    // Wrong current passwords, counted per member in one statement (parallel guesses each get their own number).
    async reserveAttempt(memberId: number, now: number, windowMs: number): Promise<{ attempt: number; since: number }> {
      const { count, since } = await hitInWindow(db, `password:${memberId}`, now, windowMs);
      return { attempt: count, since };
    },
    clearAttempts: (memberId: number) => clearWindow(db, `password:${memberId}`),

    // New hash, and `alongside` (the other sessions ended) in the same transaction.
    async changePassword(
      memberId: number,
      passwordHash: string,
      now: number,
      alongside: (trx: Tx) => Promise<void>,
    ): Promise<void> {
      await runInTransaction(db, async (trx) => {
        await trx.updateTable('member').set({ passwordHash, updatedAt: now }).where('id', '=', memberId).execute();
        await alongside(trx);
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
