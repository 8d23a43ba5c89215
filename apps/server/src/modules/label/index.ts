// Front door of the label module: member labels.
export { createLabelRepository } from './label.repository.js';
export { registerLabelRoutes } from './label.routes.js';
export { createLabelService } from './label.service.js';
export type { LabelService } from './label.service.js';
