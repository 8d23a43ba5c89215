import { authApi, memberApi, permissionApi, profileApi } from '@study-crm/shared';
import { call } from '../api/call';

// The session's server calls, loaded when first used (after sign-in): their answer schemas (menus, the member's
// profile) are not needed to draw the login page, so they stay out of its bundle.
export const readMenu = () => call(permissionApi.list).catch(() => null);
export const readProfile = () => call(memberApi.profile).catch(() => null);
export const readButtons = () => call(permissionApi.buttonList).catch(() => null);
// `background`: the frame closes a session whose limit has passed (no person's activity).
export const signOut = (opts: { background?: boolean } = {}) =>
  call(authApi.logout, {}, { isLogin: true, ...opts }).catch(() => null);
export const actAsRole = (roleId: number | null) => call(profileApi.switchRole, { roleId }).catch(() => null);
