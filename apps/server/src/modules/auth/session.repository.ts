import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { permsOfMember } from '../../db/sql-helpers.js';

export type SessionRow = Pick<Row<'session'>, 'id' | 'memberId' | 'createdAt' | 'lastSeenAt' | 'expiresAt'>;

export function createSessionRepository(db: Db) {
  return {
    async insert(row: {
      tokenHash: string;
      memberId: number;
      now: number;
      expiresAt: number;
      ip: string | null;
      userAgent: string | null;
    }) {
      await db
        .insertInto('session')
        .values({
          tokenHash: row.tokenHash,
          memberId: row.memberId,
          createdAt: row.now,
          lastSeenAt: row.now,
          expiresAt: row.expiresAt,
          ip: row.ip,
          userAgent: row.userAgent,
        })
        .execute();
    },

    // A live session of an active, not deleted staff member.
    findLive(tokenHash: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('session')
        .innerJoin('member', 'member.id', 'session.memberId')
        .select(['session.id', 'session.memberId', 'session.createdAt', 'session.lastSeenAt', 'session.expiresAt'])
        .where('session.tokenHash', '=', tokenHash)
        .where('session.revokedAt', 'is', null)
        .where('member.status', '=', 'active')
        .where('member.deletedAt', 'is', null)
        .executeTakeFirst();
    },

    async touch(id: number, now: number) {
      await db.updateTable('session').set({ lastSeenAt: now }).where('id', '=', id).execute();
    },

    async revoke(id: number, now: number) {
      await db
        .updateTable('session')
        .set({ revokedAt: now })
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .execute();
    },

    async revokeAllOf(memberId: number, now: number) {
      await db
        .updateTable('session')
        .set({ revokedAt: now })
        .where('memberId', '=', memberId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    // Permission identifiers the member holds through their roles, read fresh on every call
    // so a role change applies on the member's next request.
    permsOf: (memberId: number) => permsOfMember(db, memberId),

    // Holds a role that requires two-factor sign-in, without having it on.
    async isTwoFactorPending(memberId: number, roleNames: readonly string[]): Promise<boolean> {
      const row = await db
        .selectFrom('memberRole')
        .innerJoin('role', 'role.id', 'memberRole.roleId')
        .select('memberRole.memberId')
        .where('memberRole.memberId', '=', memberId)
        .where('role.name', 'in', [...roleNames])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('memberTwoFactor')
                .select('memberTwoFactor.memberId')
                .where('memberTwoFactor.memberId', '=', memberId)
                .where('memberTwoFactor.enabledAt', 'is not', null),
            ),
          ),
        )
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
