import { expressionBuilder, type Expression, type ExpressionWrapper, type SqlBool } from 'kysely';
import { isPostgres, type Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Conn } from '../../db/transaction.js';

// Who may act, one rule for every caller (decision 386): the session check of each signed-in call (auth's one
// statement) and the owner of a background job when it runs (`standingOf`). A member acts only while active and not
// removed; one holding a role that requires two-factor sign-in (TWO_FACTOR_ROLES) without having it on acts with no
// permission until they set it up (1012).

// The query's `member` row is active and not removed.
export function isActiveMember(): ExpressionWrapper<Database, 'member', SqlBool> {
  const eb = expressionBuilder<Database, 'member'>();
  return eb.and([eb('member.status', '=', 'active'), eb('member.deletedAt', 'is', null)]);
}

// The member `memberId` holds one of `twoFactorRoles` without a second factor turned on.
export function isTwoFactorPending(
  memberId: Expression<number>,
  twoFactorRoles: readonly string[],
): ExpressionWrapper<Database, never, SqlBool> {
  const eb = expressionBuilder<Database, never>();
  if (!twoFactorRoles.length) return eb.lit(false);
  return eb.and([
    eb.exists(
      eb
        .selectFrom('memberRole as tf')
        .innerJoin('role', 'role.id', 'tf.roleId')
        .select('tf.memberId')
        .where('tf.memberId', '=', memberId)
        .where('role.name', 'in', [...twoFactorRoles]),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('memberTwoFactor')
          .select('memberTwoFactor.memberId')
          .where('memberTwoFactor.memberId', '=', memberId)
          .where('memberTwoFactor.enabledAt', 'is not', null),
      ),
    ),
  ]);
}

// Whether a member may act now, by that rule: `inactive` also for a removed member or none with that id.
export type Standing = 'active' | 'inactive' | 'twoFactorPending';

// What the access guard (access-guard.ts) reads of the role tables: whether a member holds a built-in role,
// whether roles include one, and the permission identifiers of roles or of a member. Each read runs on `tx` when
// given: a check made inside the transaction that writes, under the target member's lock (decision 366).
export function createAccessRepository(db: Db) {
  return {
    // activeRoleId: only that role of the member counts (the session's role); null: any of them.
    async holdsBuiltin(memberId: number, activeRoleId: number | null = null, tx: Conn = db): Promise<boolean> {
      let q = tx
        .selectFrom('memberRole')
        .innerJoin('role', 'role.id', 'memberRole.roleId')
        .select('role.id')
        .where('memberRole.memberId', '=', memberId)
        .where('role.isBuiltin', '=', 1);
      if (activeRoleId !== null) q = q.where('memberRole.roleId', '=', activeRoleId);
      const row = await q.executeTakeFirst();
      return row !== undefined;
    },

    async anyBuiltin(roleIds: readonly number[], tx: Conn = db): Promise<boolean> {
      if (!roleIds.length) return false;
      const row = await tx
        .selectFrom('role')
        .select('id')
        .where('id', 'in', [...roleIds])
        .where('isBuiltin', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async permsOfRoles(roleIds: readonly number[], tx: Conn = db): Promise<string[]> {
      if (!roleIds.length) return [];
      const rows = await tx
        .selectFrom('rolePermission')
        .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
        .select('permission.perm')
        .distinct()
        .where('rolePermission.roleId', 'in', [...roleIds])
        .execute();
      return rows.map((r) => r.perm);
    },

    // Whether the member holds one of these roles (by name, e.g. ROLE_ADMIN).
    async holdsRoleAmong(memberId: number, roleNames: readonly string[]): Promise<boolean> {
      if (!roleNames.length) return false;
      const row = await db
        .selectFrom('memberRole')
        .innerJoin('role', 'role.id', 'memberRole.roleId')
        .select('role.id')
        .where('memberRole.memberId', '=', memberId)
        .where('role.name', 'in', [...roleNames])
        .executeTakeFirst();
      return row !== undefined;
    },

    // The rows of the member's roles, or of roles to be granted, held until `tx` ends, in id order, before the check
    // reads their permissions (decision 373). FOR SHARE on PostgreSQL: a role edit, which locks its row FOR UPDATE
    // first (the role service's update and editPermissions), has committed when this returns (the reads after it see
    // the new permissions) or waits for the write; so has a rename of a menu item's identifier, which locks the rows
    // of every role holding it FOR UPDATE in id order (the permission module's update); checks on other members
    // holding the role share the lock and do not wait for each other. SQLite runs one write transaction at a time:
    // nothing to hold.
    // `giving`: the roles the same write gives the member, held with theirs in one statement, so that a write takes
    // its role rows in one id order as a rename does (two batches, theirs then the given, could cross a rename).
    async holdRolesOfMember(memberId: number, tx: Conn, giving: readonly number[] = []): Promise<void> {
      if (!isPostgres(tx)) return;
      await tx
        .selectFrom('role')
        .select('role.id')
        .where((eb) =>
          eb.or([
            eb(
              'role.id',
              'in',
              tx.selectFrom('memberRole').select('memberRole.roleId').where('memberId', '=', memberId),
            ),
            ...(giving.length ? [eb('role.id', 'in', [...giving])] : []),
          ]),
        )
        .orderBy('role.id')
        .forShare()
        .execute();
    },

    async holdRoles(roleIds: readonly number[], tx: Conn): Promise<void> {
      if (!roleIds.length || !isPostgres(tx)) return;
      await tx
        .selectFrom('role')
        .select('id')
        .where('id', 'in', [...roleIds])
        .orderBy('id')
        .forShare()
        .execute();
    },

    // The member's standing now, by the rule the session check applies (above), in one statement.
    async standingOf(memberId: number, twoFactorRoles: readonly string[], tx: Conn = db): Promise<Standing> {
      const row = await tx
        .selectFrom('member')
        .select((eb) => [
          isActiveMember().as('isActive'),
          isTwoFactorPending(eb.ref('member.id'), twoFactorRoles).as('isTwoFactorPending'),
        ])
        .where('member.id', '=', memberId)
        .executeTakeFirst();
      // (0/1 on SQLite, a boolean on PostgreSQL.)
      if (!row || !row.isActive) return 'inactive';
      return row.isTwoFactorPending ? 'twoFactorPending' : 'active';
    },

    // Permission identifiers the member's roles give them, whatever the member's standing: what an account holds, as
    // the checks on acting upon it measure it (`beyond`). What a member may do now is `standingOf` first.
    async permsOfMember(memberId: number, tx: Conn = db): Promise<string[]> {
      const rows = await tx
        .selectFrom('memberRole')
        .innerJoin('rolePermission', 'rolePermission.roleId', 'memberRole.roleId')
        .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
        .select('permission.perm')
        .distinct()
        .where('memberRole.memberId', '=', memberId)
        .execute();
      return rows.map((r) => r.perm);
    },
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
