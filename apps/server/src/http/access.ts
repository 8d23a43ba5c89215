import type { Perm } from '@study-crm/shared';

// Who may call a route: anyone (with a valid appId and sign), any signed-in member, or holders of a permission.
export type Access = 'public' | 'signedIn' | Perm;

// The only routes that do not need a permission identifier, in one place (issue: access management).
// Registration fails at start-up when a route claims one of these accesses without being listed.
export const ACCESS_EXCEPTIONS: Readonly<Record<string, 'public' | 'signedIn'>> = {
  'GET /api/v1/sys/code/getCode': 'public',
  'GET /api/v1/sys/code/genValidateCode': 'public',
  'POST /api/v1/mc/auth/login/loginName': 'public',
  'POST /api/v1/mc/auth/login/email': 'public',
  'POST /api/v1/mc/oadmin/mobile/login': 'public',
  'POST /api/v1/member/logout': 'signedIn',
  'GET /api/v1/mc/sys/permission/list': 'signedIn',
  'GET /api/v1/mc/sys/permission/buttonList': 'signedIn',
  'GET /api/v1/member/profile': 'signedIn',
  'GET /api/v1/sys/dict/list': 'signedIn',
  'GET /api/v1/message/box': 'signedIn',
  'POST /api/v1/message/box/read': 'signedIn',
  'POST /api/v1/message/box/readAll': 'signedIn',
  'POST /api/v1/member/password/change': 'signedIn',
  // Two-factor sign-in: the code step, and the member's own set-up (open while a role requires it and it is off).
  'POST /api/v1/mc/auth/login/twoFactor': 'public',
  'GET /api/v1/member/twoFactor/status': 'signedIn',
  'POST /api/v1/member/twoFactor/setup': 'signedIn',
  'POST /api/v1/member/twoFactor/confirm': 'signedIn',
  'POST /api/v1/member/twoFactor/disable': 'signedIn',
  // The home dashboard: every signed-in member; its sections are filtered by permission in the service.
  'GET /api/v1/cake/rpt/dashboard': 'signedIn',
};

export function checkException(method: string, url: string, access: Access): void {
  if (access !== 'public' && access !== 'signedIn') return;
  const listed = ACCESS_EXCEPTIONS[`${method} ${url}`];
  if (listed !== access) {
    throw new Error(
      `Route ${method} ${url} claims access '${access}' but ACCESS_EXCEPTIONS says '${listed ?? 'nothing'}'`,
    );
  }
}
