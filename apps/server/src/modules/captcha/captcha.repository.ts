import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export function createCaptchaRepository(db: Db) {
  return {
    async upsert(key: string, codeHash: string, now: number, expiresAt: number) {
      await db
        .insertInto('captcha')
        .values({ key, codeHash, createdAt: now, expiresAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ codeHash, createdAt: now, expiresAt }))
        .execute();
    },
    // Reads and deletes in one statement: an answer can be tried once only.
    take(key: string) {
      return db.deleteFrom('captcha').where('key', '=', key).returning(['codeHash', 'expiresAt']).executeTakeFirst();
    },
    // Captchas issued to one address in the current window, counted in one statement (parallel requests included).
    async countIssued(key: string, now: number, windowMs: number): Promise<number> {
      const stale = sql<boolean>`login_throttle.window_start <= ${now - windowMs}`;
      const row = await db
        .insertInto('loginThrottle')
        .values({ key, windowStart: now, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            windowStart: sql<number>`case when ${stale} then ${now} else login_throttle.window_start end`,
            count: sql<number>`case when ${stale} then 1 else login_throttle.count + 1 end`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async purgeExpired(now: number) {
      await db.deleteFrom('captcha').where('expiresAt', '<', now).execute();
      // Per-address counters of windows long past.
      await db
        .deleteFrom('loginThrottle')
        .where('key', 'like', 'captcha:%')
        .where('windowStart', '<', now - 60 * 60_000)
        .execute();
    },
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
