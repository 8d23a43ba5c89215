import { PERM } from '@study-crm/shared';
import type { Db } from '../db/database.js';
import { replaceLinks } from '../db/link-rows.js';
import { insertReturningId } from '../db/sql-helpers.js';
import { createRoleRepository } from '../modules/role/index.js';
import { insertStaffMember } from '../seed/seed.js';

export const STAFF_PASSWORD = 'Staff#2026pass';

// The built-in administrator role's id.
export const adminRoleIdOf = async (db: Db): Promise<number> =>
  (await db.selectFrom('role').select('id').where('name', '=', 'ROLE_ADMIN').executeTakeFirstOrThrow()).id;

// The members holding the administrator role who are active and not removed (the last-administrator rule's count).
export const activeAdminIdsOf = async (db: Db, adminRoleId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('member')
      .innerJoin('memberRole', 'memberRole.memberId', 'member.id')
      .select('member.id')
      .where('memberRole.roleId', '=', adminRoleId)
      .where('member.status', '=', 'active')
      .where('member.deletedAt', 'is', null)
      .execute()
  ).map((r) => r.id);

// Every member permission: list, view, add, update, remove and set a password.
export const MEMBER_MANAGER_PERMS = [
  PERM.memberList,
  PERM.memberView,
  PERM.memberAdd,
  PERM.memberUpdate,
  PERM.memberRemove,
  PERM.memberSetPassword,
];

// Test data straight into the database: roles by permission identifiers, staff members holding roles.
export async function permissionIds(db: Db, perms: readonly string[]): Promise<number[]> {
  if (!perms.length) return [];
  const rows = await db.selectFrom('permission').select(['id', 'perm']).where('perm', 'in', perms).execute();
  const missing = perms.filter((p) => !rows.some((r) => r.perm === p));
  if (missing.length) throw new Error(`permission rows missing for: ${missing.join(', ')}`);
  return rows.map((r) => r.id);
}

export async function setRolePerms(db: Db, roleId: number, perms: readonly string[]): Promise<void> {
  const ids = await permissionIds(db, perms);
  const roles = createRoleRepository(db);
  await roles.transaction((tx) => roles.setPermissions(tx, roleId, ids));
}

// Its Chinese name is its name unless given; a role with no permission is made here (the role screen refuses one).
export async function createRole(
  db: Db,
  name: string,
  perms: readonly string[] = [],
  names: { cnName?: string; enName?: string } = {},
): Promise<number> {
  const now = Date.now();
  const id = await insertReturningId(db, 'role', {
    name,
    cnName: names.cnName ?? name,
    ...(names.enName ? { enName: names.enName } : {}),
    kind: 'general',
    isBuiltin: 0,
    createdAt: now,
    updatedAt: now,
  });
  await setRolePerms(db, id, perms);
  return id;
}

export async function createStaff(
  db: Db,
  loginName: string,
  roleIds: readonly number[],
  password = STAFF_PASSWORD,
): Promise<number> {
  const now = Date.now();
  const id = await insertStaffMember(
    db,
    { loginName, password, email: `${loginName}@example.test`, nickName: loginName },
    now,
  );
  await replaceLinks(db, 'memberRole', 'memberId', id, 'roleId', roleIds);
  return id;
}

export async function permissionId(db: Db, perm: string): Promise<number> {
  const [id] = await permissionIds(db, [perm]);
  if (id === undefined) throw new Error(`no permission row for ${perm}`);
  return id;
}
