import { authApi, memberApi, permissionApi, profileApi } from '@study-crm/shared';
import { publicUrls } from '../api/activity';
import { call } from '../api/call';
import { PUBLIC_URLS } from '../api/publicRoutes';

// The session's server calls, loaded when first used (after sign-in): their answer schemas (menus, the member's
// profile) are not needed to draw the login page, so they stay out of its bundle.

// Likewise the routes that need no session, which are no activity of it (decision 376): known from the session's
// first read on, before its limits are, and before the portal's first call to one (the brand's merchant read).
for (const url of PUBLIC_URLS) publicUrls.add(url);

export const readMenu = () => call(permissionApi.list).catch(() => null);
export const readProfile = () => call(memberApi.profile).catch(() => null);
export const readButtons = () => call(permissionApi.buttonList).catch(() => null);
// `background`: the frame closes a session whose limit has passed (no person's activity).
export const signOut = (opts: { background?: boolean } = {}) =>
  call(authApi.logout, {}, { isLogin: true, ...opts }).catch(() => null);
export const actAsRole = (roleId: number | null) => call(profileApi.switchRole, { roleId }).catch(() => null);
