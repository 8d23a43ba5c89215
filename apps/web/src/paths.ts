// Router base and the home page (spec section 9: base /sadmin, default home applicationList).
export const ROUTER_BASE = '/sadmin';
export const HOME_PATH = '/applicationManage/applicationList';
// The component key of the home page's screen (app/screens.ts).
export const HOME_SCREEN = 'applicationList';
export const LOGIN_PATH = '/login';
// The profile page, where two-factor sign-in is set up.
export const PROFILE_PATH = '/user/profile';

// The hidden Redirect route: the tab bar's 'reload' passes through it.
export const REDIRECT_PREFIX = '/redirect/';
export const REDIRECT_ROUTE = {
  path: '/redirect/:path',
  name: 'Redirect',
  meta: { requiresAuth: true, hideInMenu: true },
} as const;
