import { Code } from '@study-crm/shared';
import { AppError } from '../../http/errors.js';
import type { Conn } from '../../db/transaction.js';
import type { AccessRepository } from './access.repository.js';

// Who is acting: the signed-in member and the permissions their roles give them (read fresh per request).
// activeRoleId: the role the actor's session acts as (role switching); null or absent: all of their roles.
export type Actor = { id: number; perms: ReadonlySet<string>; activeRoleId?: number | null };

// No vertical escalation: a member may grant only roles whose permissions are a subset of their own, give a role
// only permissions they hold themselves, and act on an account (password, status, roles, e-mail, removal) only when
// that account holds no permission they lack. Holders of the built-in administrator role are the root of trust: they
// pass these checks, and only they may grant that role or act on an account holding it.
// Its reads of the role tables are in access.repository.ts.
// `twoFactorRoles`: the roles whose members must sign in with a second factor (TWO_FACTOR_ROLES), for `assertMayAct`.
export function createAccessGuard(
  repo: AccessRepository,
  { twoFactorRoles = [] }: { twoFactorRoles?: readonly string[] } = {},
) {
  const { holdsBuiltin, anyBuiltin, permsOfRoles, permsOfMember, holdRolesOfMember, holdRoles } = repo;

  // A member who may not act now, by the session check's own rule (access.repository.ts), is refused with why: 1001
  // when inactive or removed, 1012 while a role of theirs waits for its second factor (decision 386).
  async function assertMayAct(memberId: number): Promise<void> {
    const standing = await repo.standingOf(memberId, twoFactorRoles);
    if (standing === 'inactive') throw new AppError(Code.ACCOUNT_INACTIVE);
    if (standing === 'twoFactorPending') throw new AppError(Code.TWO_FACTOR_SETUP_REQUIRED);
  }

  type Refusal = 'grantBeyondOwn' | 'manageBeyondOwn' | 'changeBeyondOwn';
  const refuse = (messageKey: Refusal, perms: string[]) =>
    new AppError(Code.FORBIDDEN, messageKey, { perms: perms.slice(0, 5).join(', ') });

  const lacking = (actor: Actor, perms: Iterable<string>) =>
    [...new Set(perms)].filter((p) => !actor.perms.has(p)).sort();
  function assertWithin(actor: Actor, perms: Iterable<string>, messageKey: Refusal) {
    const missing = lacking(actor, perms);
    if (missing.length) throw refuse(messageKey, missing);
  }

  // `tx`: read on the caller's transaction, which holds the member's row (decision 366), so that no grant commits
  // between this check and the write it guards; the rows of the member's roles held too (decision 373), so that no
  // edit of their permissions does. The actor's own roles are not held: their permissions are the request's (read
  // once, at its session check), as the route's own permission is.
  // `giving`: the roles the same write will give the member (update with roleIds, updateMemberRoles), held with theirs
  // in one id order, as a rename of a menu item's identifier locks role rows (the lock order in docs/security.md).
  async function beyond(actor: Actor, memberId: number, tx?: Conn, giving?: readonly number[]): Promise<string[]> {
    if (memberId === actor.id || (await holdsBuiltin(actor.id, actor.activeRoleId ?? null, tx))) return [];
    if (tx) await holdRolesOfMember(memberId, tx, giving);
    if (await holdsBuiltin(memberId, null, tx)) return ['ROLE_ADMIN'];
    return lacking(actor, await permsOfMember(memberId, tx));
  }

  return {
    // Whether the member holds one of these roles, by name (the roles that must sign in with a second factor).
    holdsRoleAmong: (memberId: number, roleNames: readonly string[]): Promise<boolean> =>
      repo.holdsRoleAmong(memberId, roleNames),
    // What a background job acts with when it runs: its owner's permissions from all their roles now, as a signed-in
    // call gets them. None for an owner who may not act: refused as `assertMayAct` refuses (1001, 1012), so the job
    // fails with that code rather than run.
    async permsOf(memberId: number): Promise<string[]> {
      await assertMayAct(memberId);
      return permsOfMember(memberId);
    },
    // Whether a member may still act (a job's owner, asked again while the job runs).
    assertMayAct,
    // Roles to be given to a member (add, update, updateMemberRoles; the import's employees through add). With `tx`,
    // their rows are held first, as in `beyond` (decision 373).
    async assertCanGrantRoles(actor: Actor, roleIds: readonly number[], tx?: Conn): Promise<void> {
      if (await holdsBuiltin(actor.id, actor.activeRoleId ?? null, tx)) return;
      if (tx) await holdRoles(roleIds, tx);
      if (await anyBuiltin(roleIds, tx)) throw refuse('grantBeyondOwn', ['ROLE_ADMIN']);
      assertWithin(actor, await permsOfRoles(roleIds, tx), 'grantBeyondOwn');
    },
    // Resolved before a transaction opens (SQLite has one connection), then asked synchronously inside it:
    // the permission identifiers a role will hold after an edit, and those it holds before it
    // (`assertCanGrantPerms`); the identifiers of menu items and buttons to be renamed or deleted, old and new, whose
    // change would give or take them from every role holding the item (`assertCanChangePerms`).
    async permissionScope(actor: Actor): Promise<PermissionScope> {
      const isRoot = await holdsBuiltin(actor.id, actor.activeRoleId ?? null);
      const within = (messageKey: Refusal) => (perms: Iterable<string>) =>
        isRoot ? undefined : assertWithin(actor, perms, messageKey);
      return { assertCanGrantPerms: within('grantBeyondOwn'), assertCanChangePerms: within('changeBeyondOwn') };
    },
    // The account acted upon must hold nothing the actor lacks. A write passes its transaction, in which it has
    // locked the member's row first (decision 366), and the roles it will give them (`giving`, see `beyond`).
    async assertCanManageMember(actor: Actor, memberId: number, tx?: Conn, giving?: readonly number[]): Promise<void> {
      const missing = await beyond(actor, memberId, tx, giving);
      if (missing.length) throw refuse('manageBeyondOwn', missing);
    },
    // What the account holds that the actor lacks (sorted; ROLE_ADMIN for the built-in role), empty when nothing:
    // for a call that answers the refusal with its own code (erasure, decision 200).
    beyond,
  };
}
export type AccessGuard = ReturnType<typeof createAccessGuard>;
export type PermissionScope = {
  assertCanGrantPerms: (perms: Iterable<string>) => void;
  assertCanChangePerms: (perms: Iterable<string>) => void;
};
