// Front door of the erasure module (issue 41): erasing a person's personal data through every module's own part.
export { createErasureRepository } from './erasure.repository.js';
export { registerErasureRoutes } from './erasure.routes.js';
export { createErasureService, periodStart, pseudonymOf } from './erasure.service.js';
export type { ErasureService } from './erasure.service.js';
