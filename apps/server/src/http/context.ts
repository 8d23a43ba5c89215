import { Code, type Locale } from '@study-crm/shared';
import type { Access } from './access.js';
import { AppError } from './errors.js';

// A read a route asks the session check to make in its own statement, so the route runs none of its own (issue 43):
// 'profile', the member's profile (the member module's selection and reader). The check hands the row over as it
// came (`carried`), and the route's service reads it.
export type Carry = 'profile';

export type AuthMember = {
  id: number;
  sessionId: number;
  perms: ReadonlySet<string>;
  // The role this session acts as (role switching), null for all of the member's roles.
  activeRoleId?: number | null;
  // A role of the member requires two-factor sign-in (TWO_FACTOR_ROLES) and it is not set up yet.
  isTwoFactorPending?: boolean;
  // The columns of the read the route asked to be carried (`carry`), from the session check's statement.
  carried?: Readonly<Record<string, unknown>>;
  // When the session ends: after idleSeconds without a signed call, and endsInSeconds from now whatever happens; the
  // web app warns before either (WCAG 2.2.1, decision 352).
  sessionLimits: SessionLimits;
};
export type SessionLimits = { idleSeconds: number; endsInSeconds: number };

// Who calls, as a service that decides by the caller's permissions sees them (projects, tasks). isTwoFactorPending:
// a role of theirs requires two-factor sign-in that is not set up; the hooks have emptied their permissions, and a
// service that also opens records to their own people (a project's members, a task's assignee) opens none to them
// either (decision 335).
export type Caller = { id: number; perms: ReadonlySet<string>; isTwoFactorPending?: boolean };
// The caller of a route that is not public, for such a service (the request hooks answer 401 when no one is signed in).
// A call naming a record that only membership or assignment would open (a project, a task), by a member whose second
// factor is pending: refused as the hooks refuse the routes such a member may not call, so the web app takes them to
// set it up (decision 335).
export function refuseTwoFactorPending(c: Caller): void {
  if (c.isTwoFactorPending) throw new AppError(Code.TWO_FACTOR_SETUP_REQUIRED);
}
export const caller = (m: AuthMember | null): Caller => ({
  id: m!.id,
  perms: m!.perms,
  isTwoFactorPending: m!.isTwoFactorPending === true,
});

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    member: AuthMember | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    carry?: Carry;
  }
}
