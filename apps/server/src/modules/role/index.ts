// Front door of the role module: roles, their permissions and their members.
export { createRoleRepository } from './role.repository.js';
export { registerRoleRoutes } from './role.routes.js';
export { createRoleService } from './role.service.js';
export type { RoleService } from './role.service.js';
