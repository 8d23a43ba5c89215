// Front door of the member module: staff and student accounts (owns the member table).
export { createMemberRepository } from './member.repository.js';
export type { MemberFilter } from './member.repository.js';
export { registerMemberRoutes } from './member.routes.js';
export { createMemberService } from './member.service.js';
export type { MemberService, OwnNames } from './member.service.js';
// The search text of a member's names (migration 0039), for the other writers of member rows (students added
// with an application, a verified e-mail change, the seed).
export { refreshSearchText, withSearchText } from './member.repository.js';
// Its share of erasing a person's data (issue 41, db/personal-data.ts).
export { memberPersonalData } from './personal-data.js';
// Retention (issue 41): inactive student accounts.
export { studentsInactiveBefore } from './retention.js';
