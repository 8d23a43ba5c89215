// Front door of the project module (issue 21): projects, their members and shares, and the constitution.
export { createProjectRepository, projectNameSql } from './project.repository.js';
export { createProjectService } from './project.service.js';
export type { ProjectLookup, ProjectService } from './project.service.js';
export { registerProjectRoutes } from './project.routes.js';
// Its part of a person's data for the subject access export (issue 41).
export { createProjectPersonalData } from './personal-data.repository.js';
export { projectExporter } from './project.export.js';
