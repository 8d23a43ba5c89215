import { replaceLinks } from '../../db/link-rows.js';
import type { Conn } from '../../db/transaction.js';

// The role module owns the role tables (role, role_permission, member_role): these are the writes other modules'
// changes need, each on the caller's connection so it joins the caller's transaction (a member saved with its
// roles, a menu item removed with its grants).

// A member's roles, replaced by `roleIds` (the member module's add and update).
export const setMemberRoles = (tx: Conn, memberId: number, roleIds: readonly number[]): Promise<void> =>
  replaceLinks(tx, 'memberRole', 'memberId', memberId, 'roleId', roleIds);

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
