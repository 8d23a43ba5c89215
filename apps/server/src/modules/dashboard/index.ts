// Front door of the dashboard module: the home page's figures, each read through its own module's front door.
export { registerDashboardRoutes } from './dashboard.routes.js';
export { createDashboardService } from './dashboard.service.js';
export type { DashboardService } from './dashboard.service.js';
