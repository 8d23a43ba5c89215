import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { clearWindow, countInWindow, readWindow } from '../../db/sql-helpers.js';

const LOGIN_COLUMNS = ['id', 'passwordHash', 'status', 'memberType', 'failedLogins', 'lockedUntil'] as const;
export type LoginCandidate = Pick<Row<'member'>, (typeof LOGIN_COLUMNS)[number]>;

export function createAuthRepository(db: Db) {
  const live = () => db.selectFrom('member').select(LOGIN_COLUMNS).where('deletedAt', 'is', null);
  return {
    // A login name may also be the member's e-mail.
    byLoginName: (loginName: string): Promise<LoginCandidate | undefined> =>
      live()
        .where((eb) => eb.or([eb('loginName', '=', loginName), eb('email', '=', loginName.toLowerCase())]))
        .executeTakeFirst(),
    byId: (id: number): Promise<LoginCandidate | undefined> => live().where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string): Promise<LoginCandidate | undefined> =>
      live().where('email', '=', email.toLowerCase()).executeTakeFirst(),
    byMobile: (areaCode: string, mobile: string): Promise<LoginCandidate | undefined> =>
      live().where('areaCode', '=', areaCode).where('mobile', '=', mobile).executeTakeFirst(),

    // Counts the attempt before the password is checked, in one statement (no read-then-write race): parallel
    // guesses each get their own number. A lock that has run out starts a fresh count.
    async reserveAttempt(id: number, now: number): Promise<{ attempt: number; lockedUntil: number | null }> {
      const expired = sql<boolean>`locked_until is not null and locked_until <= ${now}`;
      const row = await db
        .updateTable('member')
        .set({
          failedLogins: sql<number>`case when ${expired} then 1 else failed_logins + 1 end`,
          lockedUntil: sql<number | null>`case when ${expired} then null else locked_until end`,
        })
        .where('id', '=', id)
        .returning(['failedLogins', 'lockedUntil'])
        .executeTakeFirstOrThrow();
      return {
        attempt: Number(row.failedLogins),
        lockedUntil: row.lockedUntil === null ? null : Number(row.lockedUntil),
      };
    },
    async lock(id: number, until: number) {
      await db.updateTable('member').set({ lockedUntil: until }).where('id', '=', id).execute();
    },
    async clearFailures(id: number) {
      await db.updateTable('member').set({ failedLogins: 0, lockedUntil: null }).where('id', '=', id).execute();
    },

    throttle: (key: string) => readWindow(db, key),
    // One more within the window (or a fresh window), in one statement: parallel failures are all counted.
    countThrottle: (key: string, now: number, windowMs: number) => countInWindow(db, key, now, windowMs),
    clearThrottle: (key: string) => clearWindow(db, key),
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
