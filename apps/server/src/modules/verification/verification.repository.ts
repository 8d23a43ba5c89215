import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { clearWindow, countInWindow, hitInWindow, readWindow, updateWhileNull } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';

export type CodeRow = Pick<
  Row<'verificationCode'>,
  'id' | 'memberId' | 'codeHash' | 'salt' | 'expiresAt' | 'tries' | 'consumedAt'
>;
export type Channel = 'email' | 'mobile';
export type CodeKey = { memberId: number; channel: Channel; purpose: string; target: string };
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
// The module's counters in login_throttle, each a key prefix with its window. A request counts in the key's current
// window only (one that has passed starts again at its next hit, hitInWindow, and a read ignores it); the retention
// run drops those that have passed (retention.repository.ts, decision 374).
export const VERIFICATION_COUNTERS = {
  // Forgotten-password codes requested per network address, an hour (RESET_CODE_MAX_PER_HOUR).
  resetRequests: { prefix: 'reset:', windowMs: HOUR_MS },
  // Forgotten-password tries per e-mail address (a keyed hash) across its codes, a day (decision 341).
  resetTries: { prefix: 'resetTry:', windowMs: DAY_MS },
  // Binding, rebinding and unbinding tries per member, channel and purpose across codes, a day (decision 355).
  bindTries: { prefix: 'bindTry:', windowMs: DAY_MS },
  // The picture captcha's codes e-mailed: per network address an hour, per e-mail address (a keyed hash) a day.
  captchaMails: { prefix: 'captchaMail:', windowMs: HOUR_MS },
  captchaMailsTo: { prefix: 'captchaMailTo:', windowMs: DAY_MS },
} as const;
const { resetRequests, resetTries, bindTries, captchaMails, captchaMailsTo } = VERIFICATION_COUNTERS;

// The key's window as it counts now: undefined when it has none or it has passed (a passed one never counts).
async function liveWindow(db: Conn, key: string, now: number, windowMs: number) {
  const w = await readWindow(db, key);
  return w && w.windowStart > now - windowMs ? w : undefined;
}

// Codes and the resend block: the only SQL of the verification module (the member's e-mail, mobile and password are
// the member module's, `ContactAccounts`).
export function createVerificationRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // Claims the send slot of an address and purpose in one statement: true when no send happened in the last
    // `intervalMs` (two parallel requests cannot both pass, on either engine).
    async claimSendSlot(tx: Conn, target: string, purpose: string, now: number, intervalMs: number) {
      const row = await tx
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
      tx: Tx,
      key: CodeKey,
      v: { codeHash: string; salt: string; expiresAt: number },
      now: number,
    ): Promise<void> {
      // The member's codes that can no longer be used are dropped (the owner index serves it).
      await tx
        .deleteFrom('verificationCode')
        .where('memberId', '=', key.memberId)
        .where((eb) => eb.or([eb('expiresAt', '<', now), eb('consumedAt', 'is not', null)]))
        .execute();
      await tx
        .updateTable('verificationCode')
        .set({ consumedAt: now, updatedAt: now })
        .where('memberId', '=', key.memberId)
        .where('channel', '=', key.channel)
        .where('purpose', '=', key.purpose)
        .where('consumedAt', 'is', null)
        .execute();
      await tx
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
    consume: (tx: Tx, id: number, now: number): Promise<boolean> =>
      updateWhileNull(tx, 'verificationCode', { id }, 'consumedAt', { consumedAt: now, updatedAt: now }),

    // Per-address counter of reset requests, counted in one statement.
    countResetRequests: (ip: string, now: number) =>
      countInWindow(db, `${resetRequests.prefix}${ip}`, now, resetRequests.windowMs),

    // Forgotten-password tries of one e-mail address across all its codes (under a keyed hash of the address, never
    // the address): one more is counted before the code is looked at, in one statement, so racing tries on any
    // server each get their own number.
    reserveResetTry: (addressKey: string, now: number) =>
      hitInWindow(db, `${resetTries.prefix}${addressKey}`, now, resetTries.windowMs),
    // The address's tries in its current window; undefined when it has none or it has passed.
    resetTries: (addressKey: string, now: number) =>
      liveWindow(db, `${resetTries.prefix}${addressKey}`, now, resetTries.windowMs),
    // A reset made with the right code forgets the address's tries, in the reset's transaction.
    clearResetTries: (tx: Tx, addressKey: string) => clearWindow(tx, `${resetTries.prefix}${addressKey}`),

    // Binding, rebinding and unbinding tries of one member and purpose across its codes (decision 355), counted the
    // same way before the code is looked at.
    reserveBindTry: (memberKey: string, now: number) =>
      hitInWindow(db, `${bindTries.prefix}${memberKey}`, now, bindTries.windowMs),
    bindTries: (memberKey: string, now: number) =>
      liveWindow(db, `${bindTries.prefix}${memberKey}`, now, bindTries.windowMs),
    // A change made with the right codes forgets their tries, in the change's transaction.
    clearBindTries: (tx: Tx, memberKey: string) => clearWindow(tx, `${bindTries.prefix}${memberKey}`),
    // One more request from the network address in its hour, counted in one statement.
    countCaptchaMails: (ip: string, now: number) =>
      countInWindow(db, `${captchaMails.prefix}${ip}`, now, captchaMails.windowMs),
    // One more e-mail to the address in its day, counted in the send's transaction (a refused send counts nothing).
    reserveCaptchaMail: (tx: Tx, addressKey: string, now: number) =>
      hitInWindow(tx, `${captchaMailsTo.prefix}${addressKey}`, now, captchaMailsTo.windowMs),
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
