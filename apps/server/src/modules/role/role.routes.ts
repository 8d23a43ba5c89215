import type { FastifyInstance } from 'fastify';
import { PERM, roleApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { RoleService } from './role.service.js';

const tags = ['role'];

export function registerRoleRoutes(app: FastifyInstance, roles: RoleService): void {
  defineRoute(app, {
    ...roleApi.list,
    access: PERM.roleList,
    tags,
    summary: 'Roles, paged, searched by name or Chinese name, filtered by kind',
    handler: ({ query }) => roles.list(query),
  });

  defineRoute(app, {
    ...roleApi.view,
    access: PERM.roleList,
    tags,
    summary: 'One role with the ids of its menus and buttons',
    handler: ({ query }) => roles.view(query.id),
  });

  defineRoute(app, {
    ...roleApi.map,
    access: PERM.roleList,
    tags,
    summary: 'Every role as an option for selects (id, name, Chinese name)',
    handler: () => roles.options(),
  });

  defineRoute(app, {
    ...roleApi.check,
    access: PERM.roleList,
    tags,
    summary: 'Live duplicate check of a role name: 5401 when taken, 200 when free',
    handler: ({ query }) => roles.check(query.name, query.id),
  });

  defineRoute(app, {
    ...roleApi.add,
    access: PERM.roleAdd,
    audit: { action: 'role.add', record: 'role' },
    tags,
    summary: 'Create a role with at least one permission',
    handler: ({ body, member }) => roles.add(body, member!),
  });

  defineRoute(app, {
    ...roleApi.update,
    access: PERM.roleUpdate,
    audit: { action: 'role.update', record: 'role' },
    tags,
    summary: 'Change a role and its permissions',
    handler: ({ body, member }) => roles.update(body, member!),
  });

  defineRoute(app, {
    ...roleApi.editRolePermission,
    access: PERM.roleUpdate,
    audit: { action: 'role.editPermissions', record: 'role' },
    tags,
    summary: "Set a role's permission ids (ancestors are added)",
    handler: ({ body, member }) => roles.editPermissions(body.id, body.permissionIds, member!),
  });

  defineRoute(app, {
    ...roleApi.remove,
    access: PERM.roleRemove,
    audit: { action: 'role.remove', record: 'role' },
    tags,
    summary: 'Delete a role no member holds (never the built-in administrator role)',
    handler: ({ body }) => roles.remove(body.id),
  });

  defineRoute(app, {
    ...roleApi.getMemberRoles,
    access: PERM.roleList,
    tags,
    summary: "A member's roles",
    handler: ({ query }) => roles.memberRoles(query.userId),
  });

  defineRoute(app, {
    ...roleApi.updateMemberRoles,
    access: PERM.roleMembers,
    audit: { action: 'role.updateMemberRoles', record: 'member', idField: 'userId' },
    tags,
    summary: "Set a member's roles (at least one)",
    handler: ({ body, member }) => roles.updateMemberRoles(body.userId, body.roleIds, member!, body.expectedRoleIds),
  });

  defineRoute(app, {
    ...roleApi.members,
    access: PERM.roleMembers,
    tags,
    summary: 'Members holding a role, paged',
    handler: ({ query }) => roles.members(query),
  });

  defineRoute(app, {
    ...roleApi.memberOptions,
    access: PERM.roleMembers,
    tags,
    summary: 'Up to 20 staff members matching a keyword, to add to a role',
    handler: ({ query }) => roles.memberOptions(query.keyword),
  });
}
