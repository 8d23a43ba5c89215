// Front door of the task module (issue 21): tasks, KPI types, contribution records and the KPI summary.
export { createTaskRepository } from './task.repository.js';
export { createTaskService } from './task.service.js';
export type { TaskService } from './task.service.js';
export { registerTaskRoutes } from './task.routes.js';
export { createTaskReport } from './task-report.repository.js';
export type { OpenTask, TaskReport } from './task-report.repository.js';
// Its part of a person's data for the subject access export (issue 41).
export { createTaskPersonalData } from './personal-data.repository.js';
export { contributionExporter, kpiTypeExporter, taskExporter } from './task.export.js';
