// Front door of the privacy module (issue 41, UK GDPR): data requests with their due dates and reminders, and the
// subject access export, built from every module's own `personalData` part (docs/data-protection.md).
export { createPrivacyRepository } from './privacy.repository.js';
// Its share of an erasure for what it made about the person (their exports, the notes of their requests).
export { createPrivacyErasure } from './privacy.erasure.js';
export { registerPrivacyRoutes } from './privacy.routes.js';
export { createPrivacyService, dueDateOf, EXPORT_JOB_KIND, schedulePrivacyJobs } from './privacy.service.js';
export type { PersonalDataSources, PrivacyService } from './privacy.service.js';
import type { PrivacyService } from './privacy.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    // The privacy jobs (tests run the reminders with their clock; the exports are jobs: app.jobs.runOnce).
    privacy: PrivacyService;
  }
}
