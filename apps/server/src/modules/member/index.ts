// Front door of the member module: staff and student accounts (owns the member table).
export { createMemberRepository } from './member.repository.js';
export type { MemberFilter } from './member.repository.js';
export { registerMemberRoutes } from './member.routes.js';
export { createMemberService } from './member.service.js';
export type { MemberService, OwnNames } from './member.service.js';
// The search text of a member's names (migration 0039), for the other writers of member rows (students added
// with an application, a verified e-mail change, the seed).
export { refreshSearchText, withSearchText } from './member.repository.js';
// Its part of a person's data for the subject access export (issue 41).
export { createMemberPersonalData } from './member-personal-data.repository.js';
