// Front door of the account list module (issue 21): the member app's accounts, on the member service's rules.
export { createUserAccountService } from './user-account.service.js';
export type { UserAccountService } from './user-account.service.js';
export { registerUserAccountRoutes } from './user-account.routes.js';
// Its list's export (issue 39).
export { accountExporter } from './user-account.export.js';
