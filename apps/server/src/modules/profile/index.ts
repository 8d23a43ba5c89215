// Front door of the profile module: the user centre's own profile, avatar, location, CV and role switching.
export { createProfileRepository } from './profile.repository.js';
export { registerProfileRoutes } from './profile.routes.js';
export { createProfileService } from './profile.service.js';
export type { ProfileService } from './profile.service.js';
// Its part of a person's data for the subject access export (issue 41).
export { createProfilePersonalData } from './profile-personal-data.repository.js';
// Its share of erasing a person's data (issue 41, db/personal-data.ts).
export { profilePersonalData } from './erase.repository.js';
