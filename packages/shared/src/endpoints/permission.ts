import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import { MenuAddBody, MenuIdsBody, MenuItemSchema, MenuUpdateBody, RolePermissionsQuery } from '../schemas/menu.js';
import { IdParam } from '../wire.js';

// The calls of the permission module (spec section 7).
export const permissionApi = {
  list: getCall('/api/v1/mc/sys/permission/list', undefined, z.array(MenuItemSchema)),
  buttonList: getCall('/api/v1/mc/sys/permission/buttonList', undefined, z.array(z.string())),
  getAll: getCall('/api/v1/mc/sys/permission/getAll', undefined, z.array(MenuItemSchema)),
  view: getCall('/api/v1/mc/sys/permission/view', IdParam, MenuItemSchema),
  getPermissionsByRole: getCall(
    '/api/v1/mc/sys/permission/getPermissionsByRole',
    RolePermissionsQuery,
    z.array(z.number().int()),
  ),
  add: postCall('/api/v1/mc/sys/permission/add', MenuAddBody, z.object({ id: z.number().int() })),
  update: postCall('/api/v1/mc/sys/permission/update', MenuUpdateBody, z.null()),
  remove: postCall('/api/v1/mc/sys/permission/remove', IdParam, z.null()),
  removeAll: postCall('/api/v1/mc/sys/permission/removeAll', MenuIdsBody, z.null()),
};
