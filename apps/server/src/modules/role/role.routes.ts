import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EditRolePermissionBody,
  MemberOptionsQuery,
  MemberRolesQuery,
  PERM,
  RoleAddBody,
  RoleCheckQuery,
  IdParam,
  RoleListQuery,
  RoleMemberPage,
  RoleMemberSchema,
  RoleMembersQuery,
  RoleOptionSchema,
  RolePage,
  RoleUpdateBody,
  RoleViewSchema,
  UpdateMemberRolesBody,
} from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { RoleService } from './role.service.js';

const BASE = '/api/v1/mc/sys/role';
const tags = ['role'];

export function registerRoleRoutes(app: FastifyInstance, roles: RoleService): void {
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.roleList,
    tags,
    summary: 'Roles, paged, searched by name or Chinese name, filtered by kind',
    query: RoleListQuery,
    response: RolePage,
    handler: ({ query }) => roles.list(query),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.roleList,
    tags,
    summary: 'One role with the ids of its menus and buttons',
    query: IdParam,
    response: RoleViewSchema,
    handler: ({ query }) => roles.view(query.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/map`,
    access: PERM.roleList,
    tags,
    summary: 'Every role as an option for selects (id, name, Chinese name)',
    response: z.array(RoleOptionSchema),
    handler: () => roles.options(),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/check`,
    access: PERM.roleList,
    tags,
    summary: 'Live duplicate check of a role name: 5401 when taken, 200 when free',
    query: RoleCheckQuery,
    response: z.null(),
    handler: ({ query }) => roles.check(query.name, query.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.roleAdd,
    tags,
    summary: 'Create a role with at least one permission',
    body: RoleAddBody,
    response: z.object({ id: z.number().int() }),
    handler: ({ body, member }) => roles.add(body, member!),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.roleUpdate,
    tags,
    summary: 'Change a role and its permissions',
    body: RoleUpdateBody,
    response: z.null(),
    handler: ({ body, member }) => roles.update(body, member!),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/editRolePermission`,
    access: PERM.roleUpdate,
    tags,
    summary: "Set a role's permission ids (ancestors are added)",
    body: EditRolePermissionBody,
    response: z.null(),
    handler: ({ body, member }) => roles.editPermissions(body.id, body.permissionIds, member!),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/remove`,
    access: PERM.roleRemove,
    tags,
    summary: 'Delete a role no member holds (never the built-in administrator role)',
    body: IdParam,
    response: z.null(),
    handler: ({ body }) => roles.remove(body.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/getMemberRoles`,
    access: PERM.roleList,
    tags,
    summary: "A member's roles",
    query: MemberRolesQuery,
    response: z.array(RoleOptionSchema),
    handler: ({ query }) => roles.memberRoles(query.userId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/updateMemberRoles`,
    access: PERM.roleMembers,
    tags,
    summary: "Set a member's roles (at least one)",
    body: UpdateMemberRolesBody,
    response: z.null(),
    handler: ({ body, member }) => roles.updateMemberRoles(body.userId, body.roleIds, member!),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/members`,
    access: PERM.roleMembers,
    tags,
    summary: 'Members holding a role, paged',
    query: RoleMembersQuery,
    response: RoleMemberPage,
    handler: ({ query }) => roles.members(query),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/memberOptions`,
    access: PERM.roleMembers,
    tags,
    summary: 'Up to 20 staff members matching a keyword, to add to a role',
    query: MemberOptionsQuery,
    response: z.array(RoleMemberSchema),
    handler: ({ query }) => roles.memberOptions(query.keyword),
  });
}
