// Front door of the audit module: the operation log's reads (the entries are written by db/audit.ts).
export { createAuditRepository } from './audit.repository.js';
export { declaredActions, registerAuditRoutes } from './audit.routes.js';
export { createAuditService } from './audit.service.js';
export type { AuditService } from './audit.service.js';
export { createTimelineService } from './timeline.service.js';
export type { ApplicationTimelineSources, TimelineRecord, TimelineService } from './timeline.service.js';
export { auditExporter } from './audit.export.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { auditPersonalData, createAuditPersonalData } from './personal-data.repository.js';
// …and of its archive files (decision 344): the person's archived entries scrubbed through the files storage.
export { createAuditArchiveErasure } from './archive-erasure.repository.js';
// Its retention (issue 39): archive and remove entries past their period; the entry of a job's run.
export { createAuditRetention } from './retention.repository.js';
export type { AuditRetention } from './retention.repository.js';
