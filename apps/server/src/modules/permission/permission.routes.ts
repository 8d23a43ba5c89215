import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MenuAddBody,
  IdParam,
  MenuIdsBody,
  MenuItemSchema,
  MenuUpdateBody,
  PERM,
  RolePermissionsQuery,
} from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { PermissionService } from './permission.service.js';

export function registerOwnPermissionRoutes(app: FastifyInstance, menus: PermissionService): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/mc/sys/permission/list',
    access: 'signedIn',
    tags: ['permission'],
    summary: "The signed-in member's menu tree (menus only, sorted ascending)",
    response: z.array(MenuItemSchema),
    handler: ({ member }) => menus.ownMenus(member!.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/mc/sys/permission/buttonList',
    access: 'signedIn',
    tags: ['permission'],
    summary: "The signed-in member's function-button permission identifiers",
    response: z.array(z.string()),
    handler: ({ member }) => menus.ownButtons(member!.id),
  });
}

const BASE = '/api/v1/mc/sys/permission';
const tags = ['permission'];

export function registerPermissionAdminRoutes(app: FastifyInstance, menus: PermissionService): void {
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/getAll`,
    access: PERM.menuList,
    tags,
    summary: 'The whole menu and button tree (menu manager, role editor), sorted ascending',
    response: z.array(MenuItemSchema),
    handler: () => menus.tree(),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.menuList,
    tags,
    summary: 'One menu item or function button',
    query: IdParam,
    response: MenuItemSchema,
    handler: ({ query }) => menus.view(query.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/getPermissionsByRole`,
    access: PERM.menuList,
    tags,
    summary: 'Ids of the menus and buttons a role holds',
    query: RolePermissionsQuery,
    response: z.array(z.number().int()),
    handler: ({ query }) => menus.idsOfRole(query.roleId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.menuAdd,
    tags,
    summary: 'Add a menu item or function button (the built-in role receives it)',
    body: MenuAddBody,
    response: z.object({ id: z.number().int() }),
    handler: ({ body }) => menus.add(body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.menuUpdate,
    tags,
    summary: 'Change a menu item or function button',
    body: MenuUpdateBody,
    response: z.null(),
    handler: ({ body }) => menus.update(body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/remove`,
    access: PERM.menuRemove,
    tags,
    summary: 'Delete an item without children',
    body: IdParam,
    response: z.null(),
    handler: ({ body }) => menus.remove(body.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/removeAll`,
    access: PERM.menuRemove,
    tags,
    summary: 'Delete several items without children, all or nothing',
    body: MenuIdsBody,
    response: z.null(),
    handler: ({ body }) => menus.removeMany(body.ids),
  });
}
