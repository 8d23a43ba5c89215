import type { Db } from '../../db/database.js';
import { runInTransaction } from '../../db/transaction.js';

// The signed-in member's own account: password hash and sessions.
export function createAccountRepository(db: Db) {
  return {
    async passwordHashOf(memberId: number): Promise<string | null> {
      const row = await db
        .selectFrom('member')
        .select('passwordHash')
        .where('id', '=', memberId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return row?.passwordHash ?? null;
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
