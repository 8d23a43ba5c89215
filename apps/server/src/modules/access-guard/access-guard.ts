import { Code } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { permsOfMember } from '../../db/sql-helpers.js';

// Who is acting: the signed-in member and the permissions their roles give them (read fresh per request).
// activeRoleId: the role the actor's session acts as (role switching); null or absent: all of their roles.
export type Actor = { id: number; perms: ReadonlySet<string>; activeRoleId?: number | null };

// No vertical escalation: a member may grant only roles whose permissions are a subset of their own, give a role
// only permissions they hold themselves, and act on an account (password, status, roles, e-mail, removal) only when
// that account holds no permission they lack. Holders of the built-in administrator role are the root of trust: they
// pass these checks, and only they may grant that role or act on an account holding it.
export function createAccessGuard(db: Db) {
  async function holdsBuiltin(memberId: number, activeRoleId: number | null = null): Promise<boolean> {
    let q = db
      .selectFrom('memberRole')
      .innerJoin('role', 'role.id', 'memberRole.roleId')
      .select('role.id')
      .where('memberRole.memberId', '=', memberId)
      .where('role.isBuiltin', '=', 1);
    if (activeRoleId !== null) q = q.where('memberRole.roleId', '=', activeRoleId);
    const row = await q.executeTakeFirst();
    return row !== undefined;
  }

  async function anyBuiltin(roleIds: readonly number[]): Promise<boolean> {
    if (!roleIds.length) return false;
    const row = await db
      .selectFrom('role')
      .select('id')
      .where('id', 'in', [...roleIds])
      .where('isBuiltin', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function permsOfRoles(roleIds: readonly number[]): Promise<string[]> {
    if (!roleIds.length) return [];
    const rows = await db
      .selectFrom('rolePermission')
      .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
      .select('permission.perm')
      .distinct()
      .where('rolePermission.roleId', 'in', [...roleIds])
      .execute();
    return rows.map((r) => r.perm);
  }

  type Refusal = 'grantBeyondOwn' | 'manageBeyondOwn';
  const refuse = (messageKey: Refusal, perms: string[]) =>
    new AppError(Code.FORBIDDEN, messageKey, { perms: perms.slice(0, 5).join(', ') });

  function assertWithin(actor: Actor, perms: Iterable<string>, messageKey: Refusal) {
    const missing = [...new Set(perms)].filter((p) => !actor.perms.has(p)).sort();
    if (missing.length) throw refuse(messageKey, missing);
  }

  return {
    // Roles to be given to a member (add, update, updateMemberRoles).
    // A member's permissions from all their roles (a background job checks them again when it runs).
    permsOf: (memberId: number): Promise<string[]> => permsOfMember(db, memberId),
    async assertCanGrantRoles(actor: Actor, roleIds: readonly number[]): Promise<void> {
      if (await holdsBuiltin(actor.id, actor.activeRoleId ?? null)) return;
      if (await anyBuiltin(roleIds)) throw refuse('grantBeyondOwn', ['ROLE_ADMIN']);
      assertWithin(actor, await permsOfRoles(roleIds), 'grantBeyondOwn');
    },
    // Resolved before a transaction opens (SQLite has one connection), then asked synchronously inside it:
    // the permission identifiers a role will hold after an edit, and those it holds before it.
    async permissionScope(actor: Actor): Promise<{ assertCanGrantPerms: (perms: Iterable<string>) => void }> {
      const isRoot = await holdsBuiltin(actor.id, actor.activeRoleId ?? null);
      return { assertCanGrantPerms: (perms) => (isRoot ? undefined : assertWithin(actor, perms, 'grantBeyondOwn')) };
    },
    // The account acted upon must hold nothing the actor lacks.
    async assertCanManageMember(actor: Actor, memberId: number): Promise<void> {
      if (memberId === actor.id || (await holdsBuiltin(actor.id, actor.activeRoleId ?? null))) return;
      if (await holdsBuiltin(memberId)) throw refuse('manageBeyondOwn', ['ROLE_ADMIN']);
      assertWithin(actor, await permsOfMember(db, memberId), 'manageBeyondOwn');
    },
  };
}
export type AccessGuard = ReturnType<typeof createAccessGuard>;
