// Front door of the jobs module (issue 39, docs/export.md): background jobs other modules register a kind's runner
// with (`register`), start (`enqueue`), and whose files their owners download from a message-box link.
export { createJobRepository } from './jobs.repository.js';
export type { JobRepository } from './jobs.repository.js';
export { createJobService, OPEN_JOBS_PER_MEMBER } from './jobs.service.js';
export type { JobContext, JobFile, JobKind, JobService, ReportProgress } from './jobs.service.js';
export { registerJobRoutes } from './jobs.routes.js';
