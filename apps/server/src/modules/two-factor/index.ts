// Front door of the two-factor module: staff TOTP set-up, verification at sign-in, the administrator's reset.
export { createTwoFactorRepository } from './two-factor.repository.js';
export { registerTwoFactorRoutes } from './two-factor.routes.js';
export { createTwoFactorService } from './two-factor.service.js';
export type { TwoFactorService } from './two-factor.service.js';
// Its part of a person's data for the subject access export (issue 41).
export { createTwoFactorPersonalData } from './two-factor-personal-data.repository.js';
// Its share of erasing a person's data (issue 41, db/personal-data.ts).
export { twoFactorPersonalData } from './erase.repository.js';
