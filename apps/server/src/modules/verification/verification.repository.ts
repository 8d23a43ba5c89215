import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countInWindow, isUniqueViolation, liveMemberById, updateWhileNull } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import { refreshSearchText } from '../member/index.js';

export type CodeRow = Pick<
  Row<'verificationCode'>,
  'id' | 'memberId' | 'codeHash' | 'salt' | 'expiresAt' | 'tries' | 'consumedAt'
>;
export type Channel = 'email' | 'mobile';
export type CodeKey = { memberId: number; channel: Channel; purpose: string; target: string };
export type Contact = {
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  loginName: string | null;
};

// Codes, the resend block and the member's e-mail / mobile: the only SQL of the verification module.
export function createVerificationRepository(db: Db) {
  return {
    transaction: <T>(fn: (trx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // Claims the send slot of an address and purpose in one statement: true when no send happened in the last
    // `intervalMs` (two parallel requests cannot both pass, on either engine).
    async claimSendSlot(conn: Conn, target: string, purpose: string, now: number, intervalMs: number) {
      const row = await conn
        .insertInto('verificationSend')
        .values({ target, purpose, sentAt: now })
        .onConflict((oc) =>
          oc
            .columns(['target', 'purpose'])
            .doUpdateSet({ sentAt: now })
            .where('verificationSend.sentAt', '<=', now - intervalMs),
        )
        .returning('sentAt')
        .executeTakeFirst();
      return row !== undefined;
    },

    // A new code replaces the unused ones of the same member, channel and purpose.
    async insertCode(
      trx: Tx,
      key: CodeKey,
      v: { codeHash: string; salt: string; expiresAt: number },
      now: number,
    ): Promise<void> {
      // The member's codes that can no longer be used are dropped (the owner index serves it).
      await trx
        .deleteFrom('verificationCode')
        .where('memberId', '=', key.memberId)
        .where((eb) => eb.or([eb('expiresAt', '<', now), eb('consumedAt', 'is not', null)]))
        .execute();
      await trx
        .updateTable('verificationCode')
        .set({ consumedAt: now, updatedAt: now })
        .where('memberId', '=', key.memberId)
        .where('channel', '=', key.channel)
        .where('purpose', '=', key.purpose)
        .where('consumedAt', 'is', null)
        .execute();
      await trx
        .insertInto('verificationCode')
        .values({ ...key, ...v, tries: 0, consumedAt: null, createdAt: now, updatedAt: now })
        .execute();
    },

    // The newest unused code for this member, channel, purpose and address.
    latestCode: (key: CodeKey): Promise<CodeRow | undefined> =>
      db
        .selectFrom('verificationCode')
        .select(['id', 'memberId', 'codeHash', 'salt', 'expiresAt', 'tries', 'consumedAt'])
        .where('memberId', '=', key.memberId)
        .where('channel', '=', key.channel)
        .where('purpose', '=', key.purpose)
        .where('target', '=', key.target)
        .where('consumedAt', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    // Counts one try, only while the code is unused and below the limit: false when it is used up or locked.
    async countTry(id: number, maxTries: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('verificationCode')
        .set({ tries: sql<number>`tries + 1`, updatedAt: now })
        .where('id', '=', id)
        .where('consumedAt', 'is', null)
        .where('tries', '<', maxTries)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    // Uses the code up, once: of two parallel uses only one updates the row.
    consume: (trx: Tx, id: number, now: number): Promise<boolean> =>
      updateWhileNull(trx, 'verificationCode', { id }, 'consumedAt', { consumedAt: now, updatedAt: now }),

    // Per-address counter of reset requests (login_throttle), counted in one statement.
    countResetRequests: (ip: string, now: number, windowMs: number) => countInWindow(db, `reset:${ip}`, now, windowMs),

    contactOf: (memberId: number): Promise<Contact | undefined> =>
      liveMemberById(db, memberId).select(['email', 'areaCode', 'mobile', 'loginName']).executeTakeFirst(),

    async emailTaken(email: string, exceptId: number): Promise<boolean> {
      const r = await db
        .selectFrom('member')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email)
        .where('id', '<>', exceptId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return r !== undefined;
    },
    async mobileTaken(areaCode: string, mobile: string, exceptId: number): Promise<boolean> {
      const r = await db
        .selectFrom('member')
        .select('id')
        .where('areaCode', '=', areaCode)
        .where('mobile', '=', mobile)
        .where('id', '<>', exceptId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return r !== undefined;
    },

    // An active, live member by e-mail (forgotten password).
    activeMemberByEmail: (email: string): Promise<{ id: number } | undefined> =>
      db
        .selectFrom('member')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email)
        .where('deletedAt', 'is', null)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    // Sets the e-mail only if it is still `expected` (null: none bound): 'changed', 'stale' (someone changed it
    // meanwhile) or 'taken' (the unique index refused it).
    async setEmail(trx: Tx, memberId: number, expected: string | null, email: string | null, now: number) {
      try {
        let q = trx.updateTable('member').set({ email, updatedAt: now }).where('id', '=', memberId);
        q = expected === null ? q.where('email', 'is', null) : q.where('email', '=', expected);
        const r = await q.where('deletedAt', 'is', null).executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return 'stale';
        // Pickers find a member by e-mail and mobile: the member module writes the search text again.
        await refreshSearchText(trx, memberId);
        return 'changed';
      } catch (err) {
        if (isUniqueViolation(err)) return 'taken';
        throw err;
      }
    },
    async setMobile(
      trx: Tx,
      memberId: number,
      expected: { areaCode: string; mobile: string } | null,
      next: { areaCode: string; mobile: string } | null,
      now: number,
    ) {
      try {
        let q = trx
          .updateTable('member')
          .set({ areaCode: next?.areaCode ?? null, mobile: next?.mobile ?? null, updatedAt: now })
          .where('id', '=', memberId);
        q =
          expected === null
            ? q.where('mobile', 'is', null)
            : q.where('areaCode', '=', expected.areaCode).where('mobile', '=', expected.mobile);
        const r = await q.where('deletedAt', 'is', null).executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return 'stale';
        // Pickers find a member by e-mail and mobile: the member module writes the search text again.
        await refreshSearchText(trx, memberId);
        return 'changed';
      } catch (err) {
        if (isUniqueViolation(err)) return 'taken';
        throw err;
      }
    },

    // New password hash and sign-in lock cleared (the service ends the sessions in the same transaction).
    async resetPassword(trx: Tx, memberId: number, passwordHash: string, now: number): Promise<void> {
      await trx
        .updateTable('member')
        .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: now })
        .where('id', '=', memberId)
        .execute();
    },
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
