// Front door of the admissions module: UCAS admissions cycles and their deadlines (issue 40).
export { createAdmissionsRepository } from './admissions.repository.js';
export { registerAdmissionsRoutes } from './admissions.routes.js';
export { createAdmissionsService } from './admissions.service.js';
export type { AdmissionsService } from './admissions.service.js';
export { createVisaStageRepository } from './visa-stage.repository.js';
export { registerVisaStageRoutes } from './visa-stage.routes.js';
export { createVisaStageService } from './visa-stage.service.js';
export type { VisaStageService } from './visa-stage.service.js';
export { visaStageExporter } from './visa-stage.export.js';
