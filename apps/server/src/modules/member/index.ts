// Front door of the member module: staff and student accounts (owns the member table).
export { createMemberRepository } from './member.repository.js';
export type { MemberFilter } from './member.repository.js';
export { registerMemberRoutes } from './member.routes.js';
export { createMemberService } from './member.service.js';
export type { MemberService, OwnNames } from './member.service.js';
