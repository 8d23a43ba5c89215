import { Code, ADMIN_PROTECTED_PERMS, type MenuAddBody, type MenuUpdateBody } from '@study-crm/shared';
import { refuseUnique } from '../../db/sql-helpers.js';
import { AppError, found, notFound, staleCopy } from '../../http/errors.js';
import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { buildTree, toMenuItem } from './permission.mapper.js';
import type { PermissionRepository, PermissionValues } from './permission.repository.js';

const PROTECTED = new Set(ADMIN_PROTECTED_PERMS);

// Form values → the stored row. Title falls back to the English name; buttons are hidden from the menu by default.
function valuesOf(body: MenuAddBody): PermissionValues {
  return {
    parentId: body.parentId,
    name: body.name,
    title: body.title || body.name,
    icon: body.icon || null,
    url: body.url || null,
    sort: body.sort,
    isShow: body.isShow ?? (body.type === 'menu' ? 1 : 0),
    component: body.component || null,
    perm: body.perm,
    type: body.type,
  };
}

// The signed-in member and the role their session acts as (null: all their roles).
type Caller = { id: number; activeRoleId?: number | null };
// … with the permissions their roles give them, for a change to the tree.
type Actor = Caller & { perms: ReadonlySet<string> };

// The access guard's check on identifiers renamed or deleted (role module: resolved before the transaction, asked
// inside it).
type Guard = {
  permissionScope(actor: Actor): Promise<{ assertCanChangePerms: (perms: Iterable<string>) => void }>;
};

export function createPermissionService(deps: { repo: PermissionRepository; clock: Clock; guard: Guard }) {
  const { repo, clock, guard } = deps;

  // The parent is the root (0) or an existing menu, and never the item itself or one of its descendants.
  async function assertParent(tx: Tx, parentId: number, selfId?: number) {
    if (parentId === 0) return;
    const parent = await repo.byId(parentId, tx);
    if (!parent || parent.type !== 'menu') throw new AppError(Code.BAD_REQUEST, 'menuParentInvalid');
    if (selfId === undefined) return;
    const parentOf = new Map((await repo.links(tx)).map((l) => [l.id, l.parentId]));
    for (let cur: number | undefined = parentId; cur; cur = parentOf.get(cur)) {
      if (cur === selfId) throw new AppError(Code.BAD_REQUEST, 'menuParentInvalid');
    }
  }

  async function assertPermFree(tx: Tx, perm: string, selfId?: number) {
    const holder = await repo.idByPerm(tx, perm);
    if (holder !== undefined && holder !== selfId) throw new AppError(Code.PERM_EXISTS);
  }

  const guarded = <T>(fn: () => Promise<T>) => refuseUnique(fn, () => new AppError(Code.PERM_EXISTS));

  // All or nothing: every id exists, none has children, none is needed to manage roles, and the caller holds each
  // identifier deleted (deleting one takes it from every role that holds it).
  const removeMany = async (actor: Actor, ids: readonly number[]) => {
    const scope = await guard.permissionScope(actor);
    return repo.transaction(async (tx) => {
      const unique = [...new Set(ids)];
      const rows = await repo.byIds(tx, unique);
      if (rows.length !== unique.length) throw notFound();
      if ((await repo.withChildren(tx, unique)).length) throw new AppError(Code.MENU_HAS_CHILDREN);
      if (rows.some((row) => PROTECTED.has(row.perm))) throw new AppError(Code.ROLE_BUILTIN, 'protectedMenu');
      scope.assertCanChangePerms(rows.map((row) => row.perm));
      await repo.removeMany(tx, unique);
      return null;
    });
  };

  return {
    // The signed-in member's own menu tree and button identifiers, read fresh from their roles (only the session's
    // active role when they switched to one: the same rule as the permission check).
    async ownMenus(caller: Caller) {
      return buildTree(await repo.ofMember(caller.id, 'menu', caller.activeRoleId ?? null));
    },
    async ownButtons(caller: Caller) {
      return (await repo.ofMember(caller.id, 'button', caller.activeRoleId ?? null)).map((r) => r.perm);
    },

    async tree() {
      return buildTree(await repo.all());
    },

    async view(id: number) {
      const row = found(await repo.byId(id));
      return toMenuItem(row);
    },

    add: (body: MenuAddBody) =>
      guarded(() =>
        repo.transaction(async (tx) => {
          // The built-in roles first (lock order: roles, then identifiers), as a rename takes them.
          await repo.holdBuiltinRoles(tx);
          await assertParent(tx, body.parentId);
          await assertPermFree(tx, body.perm);
          const id = await repo.insert(tx, valuesOf(body), clock.now());
          await repo.grantToBuiltinRoles(tx, id);
          return { id };
        }),
      ),

    // A new identifier is given to every role holding the item, and the old one taken from them: the caller must
    // hold both (else renaming an item they hold to one they lack would give it to them).
    // A rename changes what each of those roles grants, as an edit of their permissions does, so it locks their rows
    // first (FOR UPDATE in id order on PostgreSQL): a write whose access check holds one of them (FOR SHARE, decision
    // 373) is waited for, and one begun after waits for the rename and reads the new identifier. The rows are locked
    // before the item's row and its unique identifier (lock order: roles in id order, then identifiers). A role
    // granted the item after they were locked would not be waited for: the holders are read again once the item's
    // row is changed (no grant of it can commit after that until this one does), and a new one answers 409.
    update: async (actor: Actor, body: MenuUpdateBody) => {
      const scope = await guard.permissionScope(actor);
      return guarded(() =>
        repo.transaction(async (tx) => {
          const row = await repo.byId(body.id, tx);
          if (!row) throw notFound();
          const renamed = body.perm !== row.perm;
          if (PROTECTED.has(row.perm) && renamed) throw new AppError(Code.ROLE_BUILTIN, 'protectedMenu');
          if (renamed) scope.assertCanChangePerms([row.perm, body.perm]);
          await assertParent(tx, body.parentId, row.id);
          await assertPermFree(tx, body.perm, row.id);
          const locked = renamed ? new Set(await repo.lockRolesGranting(tx, row.id)) : undefined;
          await repo.update(tx, row.id, valuesOf(body), clock.now());
          if (locked && (await repo.rolesGranting(tx, row.id)).some((id) => !locked.has(id))) throw staleCopy();
          return null;
        }),
      );
    },

    remove: (actor: Actor, id: number) => removeMany(actor, [id]),
    removeMany,

    async idsOfRole(roleId: number) {
      if (!(await repo.roleExists(roleId))) throw notFound();
      return repo.idsOfRole(roleId);
    },
  };
}
export type PermissionService = ReturnType<typeof createPermissionService>;
