// Front door of the two-factor module: staff TOTP set-up, verification at sign-in, the administrator's reset.
export { createTwoFactorRepository } from './two-factor.repository.js';
export { registerTwoFactorRoutes } from './two-factor.routes.js';
export { createTwoFactorService } from './two-factor.service.js';
export type { TwoFactorService } from './two-factor.service.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createTwoFactorPersonalData, twoFactorPersonalData } from './personal-data.repository.js';
