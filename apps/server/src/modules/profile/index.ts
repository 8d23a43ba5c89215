// Front door of the profile module: the user centre's own profile, avatar, location, CV and role switching.
export { createProfileRepository } from './profile.repository.js';
export { registerProfileRoutes } from './profile.routes.js';
export { createProfileService } from './profile.service.js';
export type { ProfileService } from './profile.service.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createProfilePersonalData, profilePersonalData } from './personal-data.repository.js';
