// Front door of the sysconfig module: system configs and the accessor the server reads them with.
export { createConfigAccessor } from './config-accessor.js';
export type { ConfigAccessor } from './config-accessor.js';
export { createSysConfigRepository } from './sysconfig.repository.js';
export { registerSysConfigRoutes } from './sysconfig.routes.js';
export { createSysConfigService } from './sysconfig.service.js';
export type { SysConfigService } from './sysconfig.service.js';
