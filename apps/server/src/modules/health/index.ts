// Front door of the health module: the liveness and readiness probe.
export { registerHealthRoutes } from './health.routes.js';
