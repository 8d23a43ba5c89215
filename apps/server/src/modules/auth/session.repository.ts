import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';

export type SessionRow = Pick<Row<'session'>, 'id' | 'memberId' | 'createdAt' | 'lastSeenAt' | 'expiresAt'> & {
  // The role the session acts as, only while the member still holds it (else null: all roles).
  activeRoleId: number | null;
  // The role the session was switched to, held or not.
  chosenRoleId: number | null;
};

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
        .leftJoin('memberRole as held', (j) =>
          j.onRef('held.memberId', '=', 'session.memberId').onRef('held.roleId', '=', 'session.activeRoleId'),
        )
        .select(['session.id', 'session.memberId', 'session.createdAt', 'session.lastSeenAt', 'session.expiresAt'])
        .select(['held.roleId as activeRoleId', 'session.activeRoleId as chosenRoleId'])
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

    // The permissions of the session's member through their roles, read fresh on every call (a role change applies
    // on the member's next request), by token so authenticate can read them at the same time as the session (they
    // are used only when the session is live). With an active role (role switching) only that role counts, while the
    // member still holds it; once it is taken from them, all their roles count again.
    async permsOfToken(tokenHash: string): Promise<string[]> {
      const rows = await db
        .selectFrom('session')
        .innerJoin('memberRole', 'memberRole.memberId', 'session.memberId')
        .innerJoin('rolePermission', 'rolePermission.roleId', 'memberRole.roleId')
        .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
        .select('permission.perm')
        .distinct()
        .where('session.tokenHash', '=', tokenHash)
        .where('session.revokedAt', 'is', null)
        .where((eb) =>
          eb.or([
            eb('session.activeRoleId', 'is', null),
            eb('memberRole.roleId', '=', eb.ref('session.activeRoleId')),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('memberRole as held')
                  .select('held.roleId')
                  .whereRef('held.memberId', '=', 'session.memberId')
                  .whereRef('held.roleId', '=', 'session.activeRoleId'),
              ),
            ),
          ]),
        )
        .execute();
      return rows.map((r) => r.perm);
    },

    // Role switching: the session acts as `roleId` (null: all roles) if the member holds it, in one conditional
    // update; false when they do not hold it.
    async setActiveRole(sessionId: number, memberId: number, roleId: number | null): Promise<boolean> {
      let q = db.updateTable('session').set({ activeRoleId: roleId }).where('id', '=', sessionId);
      if (roleId !== null)
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('memberRole')
              .select('memberRole.roleId')
              .where('memberRole.memberId', '=', memberId)
              .where('memberRole.roleId', '=', roleId),
          ),
        );
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

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
