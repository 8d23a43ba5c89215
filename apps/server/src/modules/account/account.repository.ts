import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { liveMemberById } from '../../db/sql-helpers.js';
import { runInTransaction } from '../../db/transaction.js';

// The signed-in member's own account: password hash and sessions.
export function createAccountRepository(db: Db) {
  return {
    async passwordHashOf(memberId: number): Promise<string | null> {
      const row = await liveMemberById(db, memberId).select('passwordHash').executeTakeFirst();
      return row?.passwordHash ?? null;
    },

    // Wrong current passwords, counted per member in one statement (parallel guesses each get their own number).
    async reserveAttempt(memberId: number, now: number, windowMs: number): Promise<{ attempt: number; since: number }> {
      const stale = sql<boolean>`login_throttle.window_start <= ${now - windowMs}`;
      const row = await db
        .insertInto('loginThrottle')
        .values({ key: `password:${memberId}`, windowStart: now, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            windowStart: sql<number>`case when ${stale} then ${now} else login_throttle.window_start end`,
            count: sql<number>`case when ${stale} then 1 else login_throttle.count + 1 end`,
          }),
        )
        .returning(['count', 'windowStart'])
        .executeTakeFirstOrThrow();
      return { attempt: Number(row.count), since: Number(row.windowStart) };
    },
    async clearAttempts(memberId: number) {
      await db.deleteFrom('loginThrottle').where('key', '=', `password:${memberId}`).execute();
    },

    // New hash and every other live session revoked, in one transaction.
    async changePassword(memberId: number, passwordHash: string, keepSessionId: number, now: number): Promise<void> {
      await runInTransaction(db, async (trx) => {
        await trx.updateTable('member').set({ passwordHash, updatedAt: now }).where('id', '=', memberId).execute();
        await trx
          .updateTable('session')
          .set({ revokedAt: now })
          .where('memberId', '=', memberId)
          .where('id', '!=', keepSessionId)
          .where('revokedAt', 'is', null)
          .execute();
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
