import type { FastifyInstance } from 'fastify';
import { PERM, permissionApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { PermissionService } from './permission.service.js';

export function registerOwnPermissionRoutes(app: FastifyInstance, menus: PermissionService): void {
  defineRoute(app, {
    ...permissionApi.list,
    access: 'signedIn',
    tags: ['permission'],
    summary: "The signed-in member's menu tree (menus only, sorted ascending)",
    handler: ({ member }) => menus.ownMenus(member!),
  });

  defineRoute(app, {
    ...permissionApi.buttonList,
    access: 'signedIn',
    tags: ['permission'],
    summary: "The signed-in member's function-button permission identifiers",
    handler: ({ member }) => menus.ownButtons(member!),
  });
}

const tags = ['permission'];

export function registerPermissionAdminRoutes(app: FastifyInstance, menus: PermissionService): void {
  defineRoute(app, {
    ...permissionApi.getAll,
    access: PERM.menuList,
    tags,
    summary: 'The whole menu and button tree (menu manager, role editor), sorted ascending',
    handler: () => menus.tree(),
  });

  defineRoute(app, {
    ...permissionApi.view,
    access: PERM.menuList,
    tags,
    summary: 'One menu item or function button',
    handler: ({ query }) => menus.view(query.id),
  });

  defineRoute(app, {
    ...permissionApi.getPermissionsByRole,
    access: PERM.menuList,
    tags,
    summary: 'Ids of the menus and buttons a role holds',
    handler: ({ query }) => menus.idsOfRole(query.roleId),
  });

  defineRoute(app, {
    ...permissionApi.add,
    access: PERM.menuAdd,
    audit: { action: 'permission.add', record: 'permission' },
    tags,
    summary: 'Add a menu item or function button (the built-in role receives it)',
    handler: ({ body }) => menus.add(body),
  });

  defineRoute(app, {
    ...permissionApi.update,
    access: PERM.menuUpdate,
    audit: { action: 'permission.update', record: 'permission' },
    tags,
    summary: 'Change a menu item or function button',
    description:
      'Errors: 403 changeBeyondOwn (a new identifier where the caller lacks the old or the new one), 5421 a new ' +
      'identifier for an item that manages roles, 5425 identifier exists, 409 a role was given the item while its ' +
      'identifier was being changed (read it again).',
    handler: ({ body, member }) => menus.update(member!, body),
  });

  defineRoute(app, {
    ...permissionApi.remove,
    access: PERM.menuRemove,
    audit: { action: 'permission.remove', record: 'permission' },
    tags,
    summary: 'Delete an item without children',
    handler: ({ body, member }) => menus.remove(member!, body.id),
  });

  defineRoute(app, {
    ...permissionApi.removeAll,
    access: PERM.menuRemove,
    audit: { action: 'permission.removeAll', record: 'permission' },
    tags,
    summary: 'Delete several items without children, all or nothing',
    handler: ({ body, member }) => menus.removeMany(member!, body.ids),
  });
}
