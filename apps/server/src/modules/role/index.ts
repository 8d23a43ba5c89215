// Front door of the role module: roles, their permissions and their members (owns role, role_permission and
// member_role).
export { createRoleRepository } from './role.repository.js';
export { registerRoleRoutes } from './role.routes.js';
export { createRoleService } from './role.service.js';
export type { RoleService } from './role.service.js';
// No vertical escalation: the checks every grant and account change makes (its reads in access.repository.ts).
export { createAccessGuard, type AccessGuard, type Actor } from './access-guard.js';
export { createAccessRepository } from './access.repository.js';
// Who may act (active, not removed, no second factor to set up first): the rule the session check and a job's owner
// share.
export { isActiveMember, isTwoFactorPending } from './access.repository.js';
// The writes of the role tables that other modules' changes make in their own transaction.
export {
  dropPermissionGrants,
  grantToBuiltinRoles,
  holdBuiltinRoles,
  lockRolesGranting,
  rolesGranting,
  setMemberRoles,
} from './role-links.repository.js';
export { roleExporter } from './role.export.js';
