import { ADMIN_PROTECTED_PERMS, type RoleAddBody, type RoleKind, type RoleUpdateBody } from '@study-crm/shared';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { toRole, toRoleMember } from './role.mapper.js';
import type { PageWindow, RoleRepository } from './role.repository.js';

type Paging = { pageNum?: number | null; pageSize?: number | null; order?: 'asc' | 'desc' | null };
const windowOf = (p: Paging): PageWindow & { pageNum: number; pageSize: number } => {
  const pageNum = p.pageNum ?? 1;
  const pageSize = p.pageSize ?? 20;
  return { pageNum, pageSize, limit: pageSize, offset: (pageNum - 1) * pageSize, order: p.order ?? 'desc' };
};

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message ?? ''));

export function createRoleService(deps: { repo: RoleRepository; clock: Clock }) {
  const { repo, clock } = deps;

  // The chosen ids, all existing, closed under ancestors (a button brings its screen and group along).
  async function closedPermissionSet(r: RoleRepository, ids: readonly number[]) {
    const nodes = new Map((await r.permissionNodes()).map((n) => [n.id, n]));
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
    };
  }

  function assertKeepsAdminPerms(set: { perms: Set<string>; existingPerms: Set<string> }) {
    const missing = ADMIN_PROTECTED_PERMS.filter((p) => set.existingPerms.has(p) && !set.perms.has(p));
    if (missing.length) throw new AppError(5421, 'builtinRolePerms', { perms: missing.join(', ') });
  }

  async function assertNameFree(r: RoleRepository, name: string, ownId?: number) {
    const holder = await r.idByName(name);
    if (holder !== undefined && holder !== ownId) throw new AppError(5401);
  }

  async function existing(r: RoleRepository, id: number) {
    const role = await r.byId(id);
    if (!role) throw notFound();
    return role;
  }

  async function saveGuarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      // Two saves racing on the same name: the unique index decides, the caller gets the same answer.
      if (!(err instanceof AppError) && isUniqueViolation(err)) throw new AppError(5401);
      throw err;
    }
  }

  return {
    async list(q: Paging & { keyword?: string | null; kind?: RoleKind | null }) {
      const w = windowOf(q);
      const { rows, total } = await repo.page({ keyword: q.keyword ?? null, kind: q.kind ?? null }, w);
      return { list: rows.map(toRole), total, pageNum: w.pageNum, pageSize: w.pageSize };
    },

    async view(id: number) {
      const role = await existing(repo, id);
      return { ...toRole(role), permissionIds: await repo.permissionIds(id) };
    },

    options: () => repo.options(),

    async check(name: string, id?: number | null) {
      await assertNameFree(repo, name, id ?? undefined);
      return null;
    },

    add: (body: RoleAddBody) =>
      saveGuarded(() =>
        repo.transaction(async (r) => {
          await assertNameFree(r, body.name);
          const set = await closedPermissionSet(r, body.permissionIds);
          const id = await r.insert({
            name: body.name,
            cnName: body.cnName,
            enName: body.enName ?? null,
            kind: body.kind,
            now: clock.now(),
          });
          await r.setPermissions(id, set.ids);
          return { id };
        }),
      ),

    update: (body: RoleUpdateBody) =>
      saveGuarded(() =>
        repo.transaction(async (r) => {
          const role = await existing(r, body.id);
          if (role.isBuiltin && body.name !== role.name) throw new AppError(5421, 'builtinRoleRename');
          await assertNameFree(r, body.name, role.id);
          const set = await closedPermissionSet(r, body.permissionIds);
          if (role.isBuiltin) assertKeepsAdminPerms(set);
          await r.update(role.id, {
            name: body.name,
            cnName: body.cnName,
            enName: body.enName,
            kind: body.kind,
            now: clock.now(),
          });
          await r.setPermissions(role.id, set.ids);
          return null;
        }),
      ),

    editPermissions: (id: number, permissionIds: readonly number[]) =>
      repo.transaction(async (r) => {
        const role = await existing(r, id);
        const set = await closedPermissionSet(r, permissionIds);
        if (role.isBuiltin) assertKeepsAdminPerms(set);
        await r.setPermissions(role.id, set.ids);
        await r.touch(role.id, clock.now());
        return null;
      }),

    remove: (id: number) =>
      repo.transaction(async (r) => {
        const role = await existing(r, id);
        if (role.isBuiltin) throw new AppError(5421);
        const count = await r.holders(role.id);
        if (count > 0) throw new AppError(5422, 'roleInUse', { count });
        await r.remove(role.id);
        return null;
      }),

    async memberRoles(userId: number) {
      if (!(await repo.memberExists(userId))) throw notFound();
      return repo.rolesOfMember(userId);
    },

    updateMemberRoles: (userId: number, roleIds: readonly number[] | null | undefined) =>
      repo.transaction(async (r) => {
        const wanted = [...new Set(roleIds ?? [])];
        if (!wanted.length) throw new AppError(5423);
        if (!(await r.memberExists(userId))) throw notFound();
        const found = await r.existingRoleIds(wanted);
        if (found.length !== wanted.length) throw badRequest('roleIds', 'v.unknownId');
        // Nobody may take the administrator role from its last holder: the portal would lose its role managers.
        for (const dropped of (await r.rolesOfMember(userId)).filter((x) => !wanted.includes(x.id))) {
          const role = await r.byId(dropped.id);
          if (role?.isBuiltin && (await r.holders(role.id)) <= 1) throw new AppError(5421, 'lastAdmin');
        }
        await r.setMemberRoles(userId, wanted);
        return null;
      }),

    async members(q: Paging & { id: number; keyword?: string | null }) {
      await existing(repo, q.id);
      const w = windowOf(q);
      const { rows, total } = await repo.membersOf(q.id, q.keyword, w);
      return { list: rows.map(toRoleMember), total, pageNum: w.pageNum, pageSize: w.pageSize };
    },

    async memberOptions(keyword: string | null | undefined) {
      return (await repo.memberOptions(keyword, 20)).map(toRoleMember);
    },
  };
}
export type RoleService = ReturnType<typeof createRoleService>;
