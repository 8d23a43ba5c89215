// Front door of the application module: study-abroad applications and the files kept on them.
export { createApplicationRepository, searchColumns } from './application.repository.js';
export type {
  ApplicationRepository,
  CourseChoice,
  FollowProgress,
  ListFilter,
  StudentKeys,
} from './application.repository.js';
export { registerApplicationRoutes } from './application.routes.js';
export { createApplicationService, studentKeysOf } from './application.service.js';
// Its list's export (issue 39).
export { applicationExporter } from './application.export.js';
export type { ApplicationMailContext, ApplicationService, ApplicationSummary } from './application.service.js';
export { createFileRepository } from './file.repository.js';
export { createFileService } from './file.service.js';
export type { FileService } from './file.service.js';
export { ORPHAN_SWEEP_LEASE_MS, referencedByAny, scheduleOrphanSweep, sweepOrphanUploads } from './orphan-sweep.js';
export { createApplicationReport } from './application-report.repository.js';
export type { ApplicationReport } from './application-report.repository.js';
export { createApplicationSearch } from './application-search.repository.js';
export { createReminderRepository } from './reminder.repository.js';
export {
  createReminderService,
  REMINDER_DAYS,
  REMINDER_KINDS,
  REMINDER_SOURCE,
  scheduleReminders,
  ukDay,
} from './reminder.service.js';
export type { ReminderService } from './reminder.service.js';
export { createApplicationTimeline } from './application-timeline.repository.js';
export { createBoardRepository } from './board.repository.js';
export { createBoardService } from './board.service.js';
export { registerBoardRoutes } from './board.routes.js';
export { createVisaRepository } from './visa.repository.js';
export { registerVisaRoutes } from './visa.routes.js';
export { createVisaService } from './visa.service.js';
export type { VisaService } from './visa.service.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { applicationPersonalData, createApplicationPersonalData } from './personal-data.repository.js';
// Retention (issue 41): students whose applications closed long ago; unattached files.
export { membersWithApplications, removeUnattachedFiles, studentsClosedBefore } from './retention.repository.js';
