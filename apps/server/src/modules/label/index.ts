// Front door of the label module: member labels.
export { createLabelRepository } from './label.repository.js';
// A member's labels read inside the member list's statement (PostgreSQL; passed in by the wiring).
export { memberLabelsJson } from './label.repository.js';
export { registerLabelRoutes } from './label.routes.js';
export { createLabelService } from './label.service.js';
export type { LabelService } from './label.service.js';
export { labelExporter } from './label.export.js';
// Its share of erasing a person's data (issue 41, db/personal-data.ts).
export { labelPersonalData } from './personal-data.repository.js';
