import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';

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
    byEmail: (email: string): Promise<LoginCandidate | undefined> =>
      live().where('email', '=', email.toLowerCase()).executeTakeFirst(),
    byMobile: (areaCode: string, mobile: string): Promise<LoginCandidate | undefined> =>
      live().where('areaCode', '=', areaCode).where('mobile', '=', mobile).executeTakeFirst(),

    async recordFailure(id: number, failedLogins: number, lockedUntil: number | null) {
      await db.updateTable('member').set({ failedLogins, lockedUntil }).where('id', '=', id).execute();
    },
    async clearFailures(id: number) {
      await db.updateTable('member').set({ failedLogins: 0, lockedUntil: null }).where('id', '=', id).execute();
    },

    throttle: (key: string) =>
      db.selectFrom('loginThrottle').select(['windowStart', 'count']).where('key', '=', key).executeTakeFirst(),
    async setThrottle(key: string, windowStart: number, count: number) {
      await db
        .insertInto('loginThrottle')
        .values({ key, windowStart, count })
        .onConflict((oc) => oc.column('key').doUpdateSet({ windowStart, count }))
        .execute();
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
