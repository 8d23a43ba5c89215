// Front door of the account module: the signed-in member's own password.
export { createAccountRepository } from './account.repository.js';
export { registerAccountRoutes } from './account.routes.js';
export { createAccountService } from './account.service.js';
export type { AccountService } from './account.service.js';
// Retention: the passed windows of the wrong-password counter.
export { purgePassedPasswordWindows } from './retention.repository.js';
