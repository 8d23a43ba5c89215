import type { Conn } from '../../db/conn.js';
import type { Db } from '../../db/database.js';
import { countInWindow } from '../../db/sql-helpers.js';

// Captchas issued per network address, counted in a minute (login_throttle). A request counts in its own window only
// (one that has passed starts again at its next hit); the retention run drops those that have passed, with the
// expired captchas (retention.repository.ts).
export const CAPTCHA_ISSUE_COUNTER = { prefix: 'captcha:', windowMs: 60_000 } as const;

export function createCaptchaRepository(db: Db) {
  return {
    async upsert(key: string, codeHash: string, now: number, expiresAt: number) {
      await db
        .insertInto('captcha')
        .values({ key, codeHash, createdAt: now, expiresAt, memberId: null })
        .onConflict((oc) => oc.column('key').doUpdateSet({ codeHash, createdAt: now, expiresAt, memberId: null }))
        .execute();
    },
    // A new answer for a live key (the code sent by e-mail instead of the picture's), for the member it is sent to,
    // in the caller's transaction when given; false when the key is unknown, used or expired.
    async renew(
      key: string,
      codeHash: string,
      memberId: number | null,
      now: number,
      expiresAt: number,
      tx: Conn = db,
    ): Promise<boolean> {
      const res = await tx
        .updateTable('captcha')
        .set({ codeHash, createdAt: now, expiresAt, memberId })
        .where('key', '=', key)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    // Reads and deletes in one statement: an answer can be tried once only.
    take(key: string) {
      return db
        .deleteFrom('captcha')
        .where('key', '=', key)
        .returning(['codeHash', 'expiresAt', 'memberId'])
        .executeTakeFirst();
    },
    // Captchas issued to one address in the current window, counted in one statement (parallel requests included).
    countIssued: (ip: string, now: number) =>
      countInWindow(db, `${CAPTCHA_ISSUE_COUNTER.prefix}${ip}`, now, CAPTCHA_ISSUE_COUNTER.windowMs),
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
