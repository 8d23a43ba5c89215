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
    async purgeExpired(now: number) {
      await db.deleteFrom('captcha').where('expiresAt', '<', now).execute();
    },
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
