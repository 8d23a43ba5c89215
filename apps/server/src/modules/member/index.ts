// Front door of the member module: staff and student accounts (owns the member table).
export { createMemberRepository } from './member.repository.js';
export type { MemberFilter } from './member.repository.js';
// The profile as part of the session check's statement (a route's `carry`: http/context.ts).
export { profileSelection } from './member.repository.js';
export { registerMemberRoutes } from './member.routes.js';
export { createMemberService } from './member.service.js';
export type { MemberService, OwnNames } from './member.service.js';
// The employee list's export and the member columns the account list's export shares (issue 39).
export { employeeExporter, memberColumns } from './member.export.js';
// Credentials and contact for other modules (sign-in, own account, bindings, students added with an application),
// and the one password writer.
export { createMemberCredentials, type MemberCredentials } from './credentials.service.js';
export type { Contact, ContactChange, LoginCandidate, Phone } from './credentials.repository.js';
// A contact as member rows keep it (the student behind an application is found by it).
export { lowerEmail, memberMobile } from './contact.js';
export { verifyPassword, type PasswordWrite, type SetPassword } from './passwords.js';
// The seed's first accounts (below the modules, it writes its rows itself).
export { hashPassword } from './passwords.js';
// The search text of a member's names (migration 0039), for the seed's member rows.
export { withSearchText } from './member.repository.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createMemberPersonalData, memberPersonalData } from './personal-data.repository.js';
// Retention (issue 41): inactive student accounts.
export { studentsInactiveBefore } from './retention.repository.js';
// A session's row as the member's security view shows it (auth hands these over).
export type { SessionActivityRow } from './member.mapper.js';
