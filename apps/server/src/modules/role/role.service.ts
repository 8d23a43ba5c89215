import {
  Code,
  ADMIN_PROTECTED_PERMS,
  ADMIN_ROLE_NAME,
  type RoleAddBody,
  type RoleKind,
  type RoleUpdateBody,
} from '@study-crm/shared';
import { AppError, badRequest, notFound, staleCopy } from '../../http/errors.js';
import { isForeignKeyViolation, refuseUnique } from '../../db/sql-helpers.js';
import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow, type PagingInput } from '../../lib/paging.js';
import type { PeopleService } from '../people/index.js';
import type { AccessGuard, Actor } from './access-guard.js';
import { toRole, toRoleMember, toRoleMemberOption } from './role.mapper.js';
import type { RoleRepository } from './role.repository.js';

type PermissionSet = { perms: Set<string>; permsOf: (ids: readonly number[]) => string[] };

export function createRoleService(deps: {
  repo: RoleRepository;
  people: Pick<PeopleService, 'pageOfRole' | 'searchStaff' | 'isMember'>;
  clock: Clock;
  guard: AccessGuard;
  // The roles whose members must sign in with a second factor (TWO_FACTOR_ROLES), by name.
  twoFactorRoles: readonly string[];
  // The member module's rule that the last active administrator stays one (its service's keepsActiveAdmin: 5431),
  // on this transaction, the administrators' rows locked until it ends. Declared here: the member module imports this
  // one (its access guard), so the composition root hands it over.
  keepsActiveAdmin: (tx: Tx, memberId: number) => Promise<void>;
}) {
  const { repo, people, clock, guard, twoFactorRoles, keepsActiveAdmin } = deps;

  // The chosen ids, all existing, closed under ancestors (a button brings its screen and group along).
  async function closedPermissionSet(tx: Tx, ids: readonly number[]) {
    const nodes = new Map((await repo.permissionNodes(tx)).map((n) => [n.id, n]));
    if (ids.some((id) => !nodes.has(id))) throw badRequest('permissionIds', 'v.unknownId');
    const out = new Set<number>();
    for (const id of ids) {
      for (let cur = nodes.get(id); cur && !out.has(cur.id); cur = nodes.get(cur.parentId)) out.add(cur.id);
    }
    const perms = new Set([...out].map((id) => nodes.get(id)!.perm));
    return {
      ids: [...out].sort((a, b) => a - b),
      perms,
      existingPerms: new Set([...nodes.values()].map((n) => n.perm)),
      permsOf: (some: readonly number[]) => some.flatMap((id) => nodes.get(id)?.perm ?? []),
    };
  }

  // A role is edited only within the caller's own permissions: what it holds now and what it will hold.
  type Scope = Awaited<ReturnType<AccessGuard['permissionScope']>>;
  async function assertWithinOwn(tx: Tx, scope: Scope, roleId: number | null, set: PermissionSet) {
    const before = roleId === null ? [] : set.permsOf(await repo.permissionIds(roleId, tx));
    scope.assertCanGrantPerms([...set.perms, ...before]);
  }

  function assertKeepsAdminPerms(set: { perms: Set<string>; existingPerms: Set<string> }) {
    const missing = ADMIN_PROTECTED_PERMS.filter((p) => set.existingPerms.has(p) && !set.perms.has(p));
    if (missing.length) throw new AppError(Code.ROLE_BUILTIN, 'builtinRolePerms', { perms: missing.join(', ') });
  }

  async function assertNameFree(name: string, ownId?: number, tx?: Tx) {
    const holder = await repo.idByName(name, tx);
    if (holder !== undefined && holder !== ownId) throw new AppError(Code.ROLE_EXISTS);
  }

  async function existing(id: number, tx?: Tx) {
    const role = await repo.byId(id, tx);
    if (!role) throw notFound();
    return role;
  }

  // A row the write links to, deleted by a call that committed meanwhile (a menu item, a role): 400 naming the field,
  // as the check before it would have answered, never a database error (decisions 36, 367).
  async function refuseGone<T>(field: 'permissionIds' | 'roleIds', fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw badRequest(field, 'v.unknownId');
      throw err;
    }
  }

  // Two saves racing on the same name: the unique index decides, the caller gets the same answer.
  const saveGuarded = <T>(fn: () => Promise<T>) =>
    refuseGone('permissionIds', () => refuseUnique(fn, () => new AppError(Code.ROLE_EXISTS)));

  return {
    async list(q: PagingInput & { keyword?: string | null; kind?: RoleKind | null }) {
      const w = pageWindow(q);
      const { rows, total } = await repo.page({ keyword: q.keyword ?? null, kind: q.kind ?? null }, w);
      return pageResult(rows.map(toRole), total, w);
    },

    async view(id: number) {
      const role = await existing(id);
      return { ...toRole(role), permissionIds: await repo.permissionIds(id) };
    },

    options: () => repo.options(),

    async check(name: string, id?: number | null) {
      await assertNameFree(name, id ?? undefined);
      return null;
    },

    add: async (body: RoleAddBody, actor: Actor) => {
      const scope = await guard.permissionScope(actor);
      return saveGuarded(() =>
        repo.transaction(async (tx) => {
          await assertNameFree(body.name, undefined, tx);
          const set = await closedPermissionSet(tx, body.permissionIds);
          await assertWithinOwn(tx, scope, null, set);
          const id = await repo.insert(tx, {
            name: body.name,
            cnName: body.cnName,
            enName: body.enName ?? null,
            kind: body.kind,
            now: clock.now(),
          });
          await repo.setPermissions(tx, id, set.ids);
          return { id };
        }),
      );
    },

    update: async (body: RoleUpdateBody, actor: Actor) => {
      const scope = await guard.permissionScope(actor);
      return saveGuarded(() =>
        repo.transaction(async (tx) => {
          await repo.lockRole(tx, body.id);
          const role = await existing(body.id, tx);
          if (role.isBuiltin && body.name !== role.name) throw new AppError(Code.ROLE_BUILTIN, 'builtinRoleRename');
          // The setting names the role (the session check matches it by name): renamed, it would no longer ask its
          // members for a second factor.
          if (twoFactorRoles.includes(role.name) && body.name !== role.name)
            throw badRequest('name', 'v.twoFactorRoleName');
          await assertNameFree(body.name, role.id, tx);
          const set = await closedPermissionSet(tx, body.permissionIds);
          await assertWithinOwn(tx, scope, role.id, set);
          if (role.isBuiltin) assertKeepsAdminPerms(set);
          await repo.update(tx, role.id, {
            name: body.name,
            cnName: body.cnName,
            enName: body.enName,
            kind: body.kind,
            now: clock.now(),
          });
          await repo.setPermissions(tx, role.id, set.ids);
          return null;
        }),
      );
    },

    editPermissions: async (id: number, permissionIds: readonly number[], actor: Actor) => {
      const scope = await guard.permissionScope(actor);
      return refuseGone('permissionIds', () =>
        repo.transaction(async (tx) => {
          await repo.lockRole(tx, id);
          const role = await existing(id, tx);
          const set = await closedPermissionSet(tx, permissionIds);
          await assertWithinOwn(tx, scope, role.id, set);
          if (role.isBuiltin) assertKeepsAdminPerms(set);
          await repo.setPermissions(tx, role.id, set.ids);
          await repo.touch(tx, role.id, clock.now());
          return null;
        }),
      );
    },

    // The role's row locked first (decision 367): a grant of the role under way (its member_role row holds the role
    // on PostgreSQL) is waited for and counted, instead of its new row going with the role.
    remove: (id: number) =>
      repo.transaction(async (tx) => {
        await repo.lockRole(tx, id);
        const role = await existing(id, tx);
        if (role.isBuiltin) throw new AppError(Code.ROLE_BUILTIN);
        const count = await repo.holders(tx, role.id);
        if (count > 0) throw new AppError(Code.ROLE_IN_USE, 'roleInUse', { count });
        await repo.remove(tx, role.id);
        return null;
      }),

    async memberRoles(userId: number) {
      if (!(await people.isMember(userId))) throw notFound();
      return repo.rolesOfMember(userId);
    },

    // `expected`: the roles the caller read (the role's member list adds or removes one role): another set now, as
    // another change came first, answers 409 instead of undoing it (decision 367).
    async updateMemberRoles(
      userId: number,
      roleIds: readonly number[] | null | undefined,
      actor: Actor,
      expected?: readonly number[] | null,
    ) {
      const wanted = [...new Set(roleIds ?? [])];
      if (!wanted.length) throw new AppError(Code.MEMBER_NEEDS_ROLE);
      if (!(await people.isMember(userId))) throw notFound();
      const found = await repo.existingRoleIds(wanted);
      if (found.length !== wanted.length) throw badRequest('roleIds', 'v.unknownId');
      await guard.assertCanManageMember(actor, userId);
      await guard.assertCanGrantRoles(actor, wanted);
      const adminRoleId = await repo.idByName(ADMIN_ROLE_NAME);
      return refuseGone('roleIds', () =>
        repo.transaction(async (tx) => {
          // Nobody may take the administrator role from the last active administrator: the portal would lose its role
          // managers. The member module's rule and locks, as its own changes of a member take them (decision 335);
          // first, so that two such calls lock in the same order.
          if (adminRoleId === undefined || !wanted.includes(adminRoleId)) await keepsActiveAdmin(tx, userId);
          await repo.lockMember(tx, userId);
          // The checks again, under the member's lock and on this transaction (decision 366): what the member holds
          // cannot change between them and the write.
          await guard.assertCanManageMember(actor, userId, tx, wanted);
          // A role deleted since the check above is not granted (decision 367).
          if ((await repo.heldRoleIds(tx, wanted)).length !== wanted.length) throw badRequest('roleIds', 'v.unknownId');
          await guard.assertCanGrantRoles(actor, wanted, tx);
          if (expected) {
            const held = new Set((await repo.rolesOfMember(userId, tx)).map((r) => r.id));
            const read = new Set(expected);
            if (held.size !== read.size || [...read].some((id) => !held.has(id))) throw staleCopy();
          }
          await repo.setMemberRoles(tx, userId, wanted);
          return null;
        }),
      );
    },

    async members(q: PagingInput & { id: number; keyword?: string | null }) {
      await existing(q.id);
      const w = pageWindow(q);
      const { rows, total } = await people.pageOfRole(q.id, q.keyword, w);
      return pageResult(rows.map(toRoleMember), total, w);
    },

    async memberOptions(keyword: string | null | undefined) {
      return (await people.searchStaff(keyword, 20)).map(toRoleMemberOption);
    },
  };
}
export type RoleService = ReturnType<typeof createRoleService>;
