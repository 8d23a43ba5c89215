import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  EditRolePermissionBody,
  MemberOptionsQuery,
  MemberRolesQuery,
  RoleAddBody,
  RoleCheckQuery,
  RoleListQuery,
  RoleMemberPage,
  RoleMemberOptionSchema,
  RoleMembersQuery,
  RoleOptionSchema,
  RolePage,
  RoleUpdateBody,
  RoleViewSchema,
  UpdateMemberRolesBody,
} from '../schemas/role.js';
import { IdParam } from '../wire.js';

// The calls of the role module (spec section 7).
export const roleApi = {
  list: getCall('/api/v1/mc/sys/role/list', RoleListQuery, RolePage),
  view: getCall('/api/v1/mc/sys/role/view', IdParam, RoleViewSchema),
  map: getCall('/api/v1/mc/sys/role/map', undefined, z.array(RoleOptionSchema)),
  check: getCall('/api/v1/mc/sys/role/check', RoleCheckQuery, z.null()),
  add: postCall('/api/v1/mc/sys/role/add', RoleAddBody, z.object({ id: z.number().int() })),
  update: postCall('/api/v1/mc/sys/role/update', RoleUpdateBody, z.null()),
  editRolePermission: postCall('/api/v1/mc/sys/role/editRolePermission', EditRolePermissionBody, z.null()),
  remove: postCall('/api/v1/mc/sys/role/remove', IdParam, z.null()),
  getMemberRoles: getCall('/api/v1/mc/sys/role/getMemberRoles', MemberRolesQuery, z.array(RoleOptionSchema)),
  updateMemberRoles: postCall('/api/v1/mc/sys/role/updateMemberRoles', UpdateMemberRolesBody, z.null()),
  members: getCall('/api/v1/mc/sys/role/members', RoleMembersQuery, RoleMemberPage),
  memberOptions: getCall('/api/v1/mc/sys/role/memberOptions', MemberOptionsQuery, z.array(RoleMemberOptionSchema)),
};
