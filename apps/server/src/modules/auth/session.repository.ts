import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import type { Conn } from '../../db/transaction.js';

export type SessionRow = Pick<Row<'session'>, 'id' | 'memberId' | 'createdAt' | 'lastSeenAt' | 'expiresAt'> & {
  // The role the session acts as, only while the member still holds it (else null: all roles).
  activeRoleId: number | null;
  // The role the session was switched to, held or not.
  chosenRoleId: number | null;
};

export type RevokeOptions = { except?: number; conn?: Conn };

// Ends the sessions the caller narrows this to that are still live.
const revokeLive = (conn: Conn, now: number) =>
  conn.updateTable('session').set({ revokedAt: now }).where('revokedAt', 'is', null);

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

    // A live session of an active, not deleted staff member, with the permissions its member holds through their
    // roles, in one statement: one snapshot, so a session closed while the check runs is either read live with its
    // permissions or not at all (401) — never live without them (a 403 that should be a 401). Permissions are read
    // fresh on every call (a role change applies on the member's next request).
    async findLiveWithPerms(tokenHash: string): Promise<{ session: SessionRow; perms: string[] } | undefined> {
      const rows = await db
        .selectFrom('session')
        .innerJoin('member', 'member.id', 'session.memberId')
        // With an active role (role switching) only that role counts, while the member still holds it (`held`);
        // once it is taken from them, all their roles count again.
        .leftJoin('memberRole as held', (j) =>
          j.onRef('held.memberId', '=', 'session.memberId').onRef('held.roleId', '=', 'session.activeRoleId'),
        )
        .leftJoin('memberRole', (j) =>
          j
            .onRef('memberRole.memberId', '=', 'session.memberId')
            .on((eb) => eb.or([eb('held.roleId', 'is', null), eb('memberRole.roleId', '=', eb.ref('held.roleId'))])),
        )
        .leftJoin('rolePermission', 'rolePermission.roleId', 'memberRole.roleId')
        .leftJoin('permission', 'permission.id', 'rolePermission.permissionId')
        .select([
          'session.id',
          'session.memberId',
          'session.createdAt',
          'session.lastSeenAt',
          'session.expiresAt',
          'held.roleId as activeRoleId',
          'session.activeRoleId as chosenRoleId',
          'permission.perm',
        ])
        .where('session.tokenHash', '=', tokenHash)
        .where('session.revokedAt', 'is', null)
        .where('member.status', '=', 'active')
        .where('member.deletedAt', 'is', null)
        .execute();
      const first = rows[0];
      if (!first) return undefined;
      const { perm: _perm, ...session } = first;
      const perms = new Set<string>();
      for (const r of rows) if (r.perm !== null) perms.add(r.perm);
      return { session, perms: [...perms] };
    },

    async touch(id: number, now: number) {
      await db.updateTable('session').set({ lastSeenAt: now }).where('id', '=', id).execute();
    },

    async revoke(id: number, now: number) {
      await revokeLive(db, now).where('id', '=', id).execute();
    },

    // Every live session of the member but `except`; `conn` joins the caller's transaction (a password change).
    async revokeAllOf(memberId: number, now: number, { except, conn = db }: RevokeOptions = {}) {
      let q = revokeLive(conn, now).where('memberId', '=', memberId);
      if (except !== undefined) q = q.where('id', '!=', except);
      await q.execute();
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
