import type { Perm } from '@study-crm/shared';

// Who may call a route: anyone (with a valid appId and sign), any signed-in member, or holders of a permission.
export type Access = 'public' | 'signedIn' | Perm;

// The routes open to any signed-in member, without a permission identifier, in one place (issue: access management).
// Registration fails at start-up when a route claims 'signedIn' without being listed. The public routes are the
// shared endpoints marked public (`publicCall`, decision 376): the web client reads the same mark.
export const ACCESS_EXCEPTIONS: Readonly<Record<string, 'signedIn'>> = {
  'POST /api/v1/member/logout': 'signedIn',
  'GET /api/v1/mc/sys/permission/list': 'signedIn',
  'GET /api/v1/mc/sys/permission/buttonList': 'signedIn',
  'GET /api/v1/member/profile': 'signedIn',
  'GET /api/v1/sys/dict/list': 'signedIn',
  'GET /api/v1/message/box': 'signedIn',
  'POST /api/v1/message/box/read': 'signedIn',
  'POST /api/v1/message/box/readAll': 'signedIn',
  'POST /api/v1/member/password/change': 'signedIn',
  // Two-factor sign-in: the member's own set-up (open while a role requires it and it is off).
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
  // Feedback from a signed-in member (issue 18; the public's own is a public endpoint).
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
  // Binding and passwords (issue 19): the member's own e-mail and mobile.
  'POST /api/v1/member/email/sms/request': 'signedIn',
  'POST /api/v1/member/mobile/sms/request': 'signedIn',
  'POST /api/v1/member/email/bindEmail': 'signedIn',
  'POST /api/v1/member/email/reBindEmail': 'signedIn',
  'POST /api/v1/member/email/unbindEmail': 'signedIn',
  'POST /api/v1/member/mobile/bindMobile': 'signedIn',
  'POST /api/v1/member/mobile/reBindMobile': 'signedIn',
  'POST /api/v1/member/mobile/unbindMobile': 'signedIn',
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
  // XiaoK, the assistant (issue 20): any signed-in member; each figure is checked against their permissions, and
  // conversations are the caller's own.
  'GET /api/v1/chat': 'signedIn',
  'GET /api/v1/chat/conversations': 'signedIn',
  'GET /api/v1/chat/conversations/messages': 'signedIn',
  'POST /api/v1/chat/conversations/remove': 'signedIn',
};

// A route's access against its shared endpoint: public exactly when the endpoint is marked public (what the web
// client takes as "needs no session"); open to any signed-in member only when listed above.
export function checkException(route: { method: string; url: string; access: Access; public?: true }): void {
  const { method, url, access } = route;
  if ((access === 'public') !== (route.public === true)) {
    const marked = route.public ? 'marked public' : 'not marked public';
    throw new Error(`Route ${method} ${url} claims access '${access}' but its shared endpoint is ${marked}`);
  }
  if (access === 'signedIn' && ACCESS_EXCEPTIONS[`${method} ${url}`] !== 'signedIn') {
    throw new Error(`Route ${method} ${url} claims access 'signedIn' but ACCESS_EXCEPTIONS does not list it`);
  }
}
