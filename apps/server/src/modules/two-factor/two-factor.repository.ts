import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { lockRow } from '../../db/row-lock.js';
import { updateWhileNull } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';

export type TwoFactorRow = Pick<Row<'memberTwoFactor'>, 'secretEnc' | 'enabledAt' | 'lastStep'>;

export function createTwoFactorRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // The member's row, locked until `tx` ends (PostgreSQL FOR UPDATE; SQLite runs one write transaction at a time):
    // taken before the member's second-factor rows by every transaction that writes both, as the member module's
    // writes and erasure take it.
    lockMember: (tx: Tx, memberId: number): Promise<void> => lockRow(tx, 'member', memberId),

    find: (memberId: number, tx: Conn = db): Promise<TwoFactorRow | undefined> =>
      tx
        .selectFrom('memberTwoFactor')
        .select(['secretEnc', 'enabledAt', 'lastStep'])
        .where('memberId', '=', memberId)
        .executeTakeFirst(),

    // A new pending secret replaces a pending one; an enabled one is never overwritten (false then).
    async savePending(memberId: number, secretEnc: string, now: number, tx: Conn = db): Promise<boolean> {
      await tx.deleteFrom('memberTwoFactor').where('memberId', '=', memberId).where('enabledAt', 'is', null).execute();
      const row = await tx
        .insertInto('memberTwoFactor')
        .values({ memberId, secretEnc, enabledAt: null, lastStep: null, createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.column('memberId').doNothing())
        .returning('memberId')
        .executeTakeFirst();
      return row !== undefined;
    },

    // Pending → enabled, with the step of the confirming code already used. False when not pending.
    enable: (memberId: number, step: number, now: number, tx: Conn = db): Promise<boolean> =>
      updateWhileNull(tx, 'memberTwoFactor', { memberId }, 'enabledAt', {
        enabledAt: now,
        lastStep: step,
        updatedAt: now,
      }),

    async replaceRecoveryCodes(memberId: number, hashes: string[], now: number, tx: Conn = db): Promise<void> {
      await tx.deleteFrom('memberRecoveryCode').where('memberId', '=', memberId).execute();
      await tx
        .insertInto('memberRecoveryCode')
        .values(hashes.map((codeHash) => ({ memberId, codeHash, usedAt: null, createdAt: now, updatedAt: now })))
        .execute();
    },

    // Accepts a time step once, in one statement: of two sign-ins with the same code, only one passes.
    async acceptStep(memberId: number, step: number, now: number, tx: Conn = db): Promise<boolean> {
      const row = await tx
        .updateTable('memberTwoFactor')
        .set({ lastStep: step, updatedAt: now })
        .where('memberId', '=', memberId)
        .where('enabledAt', 'is not', null)
        .where((eb) => eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', step)]))
        .returning('memberId')
        .executeTakeFirst();
      return row !== undefined;
    },

    // Uses a recovery code once, in one statement.
    useRecoveryCode: (memberId: number, codeHash: string, now: number, tx: Conn = db): Promise<boolean> =>
      updateWhileNull(tx, 'memberRecoveryCode', { memberId, codeHash }, 'usedAt', { usedAt: now, updatedAt: now }),

    async recoveryCodesLeft(memberId: number): Promise<number> {
      const row = await db
        .selectFrom('memberRecoveryCode')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('memberId', '=', memberId)
        .where('usedAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async remove(memberId: number, tx: Conn = db): Promise<void> {
      await tx.deleteFrom('memberRecoveryCode').where('memberId', '=', memberId).execute();
      await tx.deleteFrom('memberTwoFactor').where('memberId', '=', memberId).execute();
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
