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
  // The member's own wallet (issue 19).
  'GET /api/v1/member/wallet/view': 'signedIn',
  'POST /api/v1/member/wallet/create': 'signedIn',
  'POST /api/v1/member/wallet/backupChallenge': 'signedIn',
  'POST /api/v1/member/wallet/activate': 'signedIn',
  'POST /api/v1/member/wallet/discard': 'signedIn',
  // Feedback from the public (captcha + per-address limit) and from a signed-in member (issue 18).
  'POST /api/v1/mc/feedbacks/submit': 'public',
  'POST /api/v1/member/feedbacks/submit': 'signedIn',
  // The user centre (issue 19): the member's own profile, avatar, location, CV and active role.
  'GET /api/v1/member/profile/detail': 'signedIn',
  'POST /api/v1/member/profile/update': 'signedIn',
  'POST /api/v1/member/profile/avatar': 'signedIn',
  'GET /api/v1/member/profile/avatarImg': 'signedIn',
  'POST /api/v1/member/updateMyLocation': 'signedIn',
  'POST /api/v1/member/role/switch': 'signedIn',
  'GET /api/v1/cake/personalCv/findByMemberId': 'signedIn',
  'POST /api/v1/cake/personalCv/create': 'signedIn',
  'POST /api/v1/cake/personalCv/update': 'signedIn',
  // Binding and passwords (issue 19): the member's own e-mail and mobile; the forgotten-password reset is public.
  'POST /api/v1/member/email/sms/request': 'signedIn',
  'POST /api/v1/member/mobile/sms/request': 'signedIn',
  'POST /api/v1/member/email/bindEmail': 'signedIn',
  'POST /api/v1/member/email/reBindEmail': 'signedIn',
  'POST /api/v1/member/email/unbindEmail': 'signedIn',
  'POST /api/v1/member/mobile/bindMobile': 'signedIn',
  'POST /api/v1/member/mobile/reBindMobile': 'signedIn',
  'POST /api/v1/member/mobile/unbindMobile': 'signedIn',
  'POST /api/v1/member/password/resetPwdByEmail/request': 'public',
  'POST /api/v1/member/password/resetPwdByEmail': 'public',
  // The sign-in captcha's code by e-mail (decision 369).
  'POST /api/v1/sys/code/sendByEmail': 'public',
  // Background jobs (issue 39): a member's own jobs only (the service checks the owner); exports check the list's
  // own permission in the service.
  'GET /api/v1/jobs/status': 'signedIn',
  'GET /api/v1/jobs/download': 'signedIn',
  'POST /api/v1/export/start': 'signedIn',
  'GET /api/v1/export/file': 'signedIn',
  // The home dashboard: every signed-in member; its sections are filtered by permission in the service.
  'GET /api/v1/cake/rpt/dashboard': 'signedIn',
  // The navbar search box (issue 39): each group only for holders of its list's permission, checked in the service.
  'GET /api/v1/cake/search': 'signedIn',
  // A record's timeline (decision 180): the record's own screen permission and each kind's list permission, checked
  // in the service.
  'GET /admin/v1/sys/timeline': 'signedIn',
  // Projects (issue 21): a project's members read it; its managers edit its members and constitution (checked in
  // the service against the permission or the membership).
  'GET /api/v1/cake/projects/mine': 'signedIn',
  'GET /api/v1/cake/projects/view': 'signedIn',
  'POST /api/v1/cake/projects/update': 'signedIn',
  'GET /api/v1/cake/projects/staffOptions': 'signedIn',
  'POST /api/v1/cake/projects/members/add': 'signedIn',
  'POST /api/v1/cake/projects/members/update': 'signedIn',
  'POST /api/v1/cake/projects/members/remove': 'signedIn',
  'GET /api/v1/cake/projects/checkMemberInProject': 'signedIn',
  'GET /api/v1/cake/projects/constitution': 'signedIn',
  'POST /api/v1/cake/projects/constitution/save': 'signedIn',
  'GET /api/v1/cake/projects/constitution/history': 'signedIn',
  // Tasks (issue 21): the caller's own tasks and their status; KPI type names for pickers.
  'GET /api/v1/cake/tasks/mine': 'signedIn',
  'GET /api/v1/cake/tasks/view': 'signedIn',
  'POST /api/v1/cake/tasks/changeStatus': 'signedIn',
  'GET /api/v1/cake/kpiTypes/options': 'signedIn',
  // The login page shows published announcements and the merchant's name and logo (issue 21).
  'GET /api/v1/content/contents/': 'public',
  'GET /api/v1/merchants/': 'public',
  'GET /api/v1/merchants/logoImg': 'public',
  // XiaoK, the assistant (issue 20): any signed-in member; each figure is checked against their permissions, and
  // conversations are the caller's own.
  'GET /api/v1/chat': 'signedIn',
  'GET /api/v1/chat/conversations': 'signedIn',
  'GET /api/v1/chat/conversations/messages': 'signedIn',
  'POST /api/v1/chat/conversations/remove': 'signedIn',
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
