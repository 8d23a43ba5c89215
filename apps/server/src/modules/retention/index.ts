// Front door of the retention module (issue 41): the daily job that anonymises or removes records past their period.
export { createRetentionService, cutoffOf, scheduleRetention, RETENTION_LEASE_MS } from './retention.service.js';
export type { RetentionReport, RetentionService } from './retention.service.js';
export { REPORT_TITLE, reportText } from './report.js';
