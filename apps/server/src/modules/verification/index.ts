// Front door of the verification module: e-mail / SMS codes, binding the member's own e-mail and mobile, and the
// forgotten-password reset by e-mail.
export { createVerificationRepository } from './verification.repository.js';
export { registerVerificationRoutes } from './verification.routes.js';
export { createVerificationService, smsUnavailable } from './verification.service.js';
export type { TextQueue, VerificationService } from './verification.service.js';
// Its share of erasing a person's data (issue 41, db/personal-data.ts).
export { verificationPersonalData } from './personal-data.repository.js';
// Retention (issue 41): expired codes past their period, and the counters whose windows have passed (decision 374).
export { purgeOldCodes } from './retention.repository.js';
