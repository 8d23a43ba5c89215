// Front door of the audit module: the operation log's reads (the entries are written by db/audit.ts).
export { createAuditRepository } from './audit.repository.js';
export { declaredActions, registerAuditRoutes } from './audit.routes.js';
export { createAuditService } from './audit.service.js';
export type { AuditService } from './audit.service.js';
export { createTimelineService } from './timeline.service.js';
export type { ApplicationTimelineSources, TimelineRecord, TimelineService } from './timeline.service.js';
export { auditExporter } from './audit.export.js';
// Its part of a person's data for the subject access export (issue 41).
export { createAuditPersonalData } from './audit-personal-data.repository.js';
