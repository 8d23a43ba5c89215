import { isPostgres } from '../../db/database.js';
import { replaceLinks } from '../../db/link-rows.js';
import type { Conn } from '../../db/transaction.js';

// The role module owns the role tables (role, role_permission, member_role): these are the writes other modules'
// changes need, each on the caller's connection so it joins the caller's transaction (a member saved with its
// roles, a menu item removed with its grants).

// A member's roles, replaced by `roleIds` (the member module's add and update). Inserted in id order: each new row's
// foreign key holds its role's row (FOR KEY SHARE on PostgreSQL), and role rows are taken in id order by every write,
// as a rename of a menu item's identifier takes them (`lockRolesGranting`).
export const setMemberRoles = (tx: Conn, memberId: number, roleIds: readonly number[]): Promise<void> =>
  replaceLinks(
    tx,
    'memberRole',
    'memberId',
    memberId,
    'roleId',
    [...roleIds].sort((a, b) => a - b),
  );

// The roles granting a menu item or button, in id order.
export async function rolesGranting(tx: Conn, permissionId: number): Promise<number[]> {
  const rows = await tx
    .selectFrom('rolePermission')
    .select('roleId')
    .where('permissionId', '=', permissionId)
    .orderBy('roleId')
    .execute();
  return rows.map((r) => r.roleId);
}

// Before a menu item's identifier is renamed (the permission module's update): the rows of the roles granting it,
// locked FOR UPDATE in id order on PostgreSQL, as a role edit locks its own. A guarded write on a member holding one
// of them, or giving one, holds those rows FOR SHARE (the access guard, decision 373): one under way is waited for,
// one begun after waits for the rename and reads the new identifier. Answers the roles locked. SQLite runs one write
// transaction at a time: only read.
export async function lockRolesGranting(tx: Conn, permissionId: number): Promise<number[]> {
  if (!isPostgres(tx)) return rolesGranting(tx, permissionId);
  const rows = await tx
    .selectFrom('role')
    .select('id')
    .where('id', 'in', tx.selectFrom('rolePermission').select('roleId').where('permissionId', '=', permissionId))
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

// Before a new menu item is inserted (the permission module's add): the built-in roles' rows, held FOR KEY SHARE as
// its grants will hold them, so that the add takes them before its identifier's unique key. A rename to the same
// identifier, which locks those rows before its own unique key, then waits for the add instead of the two waiting on
// each other.
export async function holdBuiltinRoles(tx: Conn): Promise<void> {
  if (!isPostgres(tx)) return;
  await tx.selectFrom('role').select('id').where('isBuiltin', '=', 1).orderBy('id').forKeyShare().execute();
}

// Menu items removed: no role holds them any more (the permission module's remove).
export async function dropPermissionGrants(tx: Conn, permissionIds: readonly number[]): Promise<void> {
  if (permissionIds.length) await tx.deleteFrom('rolePermission').where('permissionId', 'in', permissionIds).execute();
}

// A new menu item goes to the built-in roles, which hold everything (the permission module's add).
export async function grantToBuiltinRoles(tx: Conn, permissionId: number): Promise<void> {
  const roles = await tx.selectFrom('role').select('id').where('isBuiltin', '=', 1).execute();
  if (roles.length) {
    await tx
      .insertInto('rolePermission')
      .values(roles.map((r) => ({ roleId: r.id, permissionId })))
      .execute();
  }
}
