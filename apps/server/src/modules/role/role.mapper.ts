import { displayName, type Role, type RoleMember, type RoleMemberOption } from '@study-crm/shared';
import type { PersonFound, PersonRow } from '../people/index.js';
import type { RoleRow } from './role.repository.js';

export function toRole(row: RoleRow): Role {
  return {
    id: row.id,
    name: row.name,
    cnName: row.cnName,
    enName: row.enName,
    kind: row.kind,
    isBuiltin: row.isBuiltin === 1 ? 1 : 0,
    memberCount: row.memberCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toRoleMember(row: PersonRow): RoleMember {
  return { id: row.id, displayName: displayName(row), loginName: row.loginName, email: row.email };
}

export const toRoleMemberOption = (row: PersonFound): RoleMemberOption =>
  Object.assign(toRoleMember(row), { matched: row.matched });
