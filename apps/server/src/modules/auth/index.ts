// Front door of the auth module: sign-in and sessions (passwords are the member module's).
export { createAuthRepository, type SignInAccounts } from './auth.repository.js';
export { registerAuthRoutes } from './auth.routes.js';
export { createAuthService } from './auth.service.js';
export { createStepUp, type StepUp } from './counted-check.js';
export type { AuthService, SecondFactor } from './auth.service.js';
export { createSessionRepository, type SessionActivityRow } from './session.repository.js';
export { createSessionService } from './session.service.js';
export type { SessionService } from './session.service.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { authPersonalData, createAuthPersonalData } from './personal-data.repository.js';
// Retention (issue 41): ended sessions past their period; the sign-in throttle's passed windows.
export { purgeEndedSessions, purgePassedSignInWindows } from './retention.repository.js';
