// Front door of the permission module: the menu tree and the signed-in member's menus and buttons.
export { createPermissionRepository } from './permission.repository.js';
export { registerOwnPermissionRoutes, registerPermissionAdminRoutes } from './permission.routes.js';
export { createPermissionService } from './permission.service.js';
export type { PermissionService } from './permission.service.js';
