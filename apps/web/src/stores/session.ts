import { create } from 'zustand';
import type { MenuItem, RoleRef } from '@study-crm/shared';
import { forgetActivity, setSessionLimits } from '../api/activity';
import { accessChanged, accessChanging, setSessionExpiredHandler } from '../api/client';
import { session } from '../api/session';
import { storage } from '../lib/storage';
import { useTabs } from './tabs';

const accessCalls = () => import('./accessCalls');

export type Profile = {
  id: number;
  displayName: string;
  avatarImg: string | null;
  roles: RoleRef[];
  activeRoleId: number | null;
};

function userEntry(id: number, name: string, title: string, sort: number): MenuItem {
  return {
    id,
    parentId: -10,
    name,
    title,
    icon: null,
    url: name,
    sort,
    isShow: 1,
    component: name,
    perm: `user:${name}`,
    type: 'menu',
    children: [],
  };
}

// The profile entry is always appended to the server menu (spec section 4).
export const PROFILE_MENU: MenuItem = {
  id: -10,
  parentId: 0,
  name: 'user',
  title: '個人中心',
  icon: 'user',
  url: '/user',
  sort: 10,
  isShow: 1,
  component: 'parentview',
  perm: 'user',
  type: 'menu',
  children: [
    userEntry(-11, 'profile', '個人資料', 1),
    userEntry(-12, 'resetPwd', '修改密碼', 2),
    userEntry(-13, 'bindAccount', '帳號綁定', 3),
    userEntry(-14, 'wallet', '我的錢包', 4),
    userEntry(-15, 'resume', '履歷', 5),
    userEntry(-16, 'projects', '我的專案', 6),
    userEntry(-17, 'tasks', '我的任務', 7),
  ],
};

// Older builds kept the chosen role in local storage; the server's session holds it now (removed on logout).
export const ACTIVE_ROLE_KEY = 'activeRole';

const activeRoleName = (p: { roles: RoleRef[]; activeRoleId: number | null } | null) =>
  p?.roles.find((r) => r.id === p.activeRoleId)?.name ?? null;

type SessionState = {
  token: string | null;
  mid: string | null;
  profile: Profile | null;
  roleArr: string[];
  // Spec section 3: playData.walletAddress, the member's activated wallet.
  playData: { walletAddress: string | null };
  activeRole: string | null;
  serverMenu: MenuItem[];
  serverPerm: string[];
  menuLoaded: boolean;
  // Stores the session after a successful sign-in; false when local storage refused it.
  signIn: (token: string, mid: number) => boolean;
  loadAccess: () => Promise<void>;
  // Reads the menu, the button permissions and the profile again, after a change to the member's own access (a role
  // they hold, the menus, their own roles): the frame's menu and buttons follow without a reload.
  refreshAccess: () => Promise<void>;
  logout: (callServer?: boolean) => Promise<void>;
  // Role switching (spec section 6): the server's session acts as the role (null: all roles), then the menu,
  // the button permissions and the profile are read again.
  // Acts as one role (null: all); `leave` closes the screens the new access cannot open, once it is read and before
  // the switch ends (refusals answered until then are not shown: api/client.ts). Answers what `leave` answered, or
  // null when the server refused the switch.
  switchRole: <T>(roleId: number | null, leave: () => T) => Promise<{ left: T } | null>;
  // The header's name and avatar after the member edited their profile.
  setProfile: (profile: Profile) => void;
  setWalletAddress: (address: string | null) => void;
};

// What the session knows of the member before the access is loaded, and again after logout.
const SIGNED_OUT = {
  profile: null,
  roleArr: [],
  playData: { walletAddress: null },
  activeRole: null,
  serverMenu: [],
  serverPerm: [],
  menuLoaded: false,
} satisfies Partial<SessionState>;

// Spec section 4: menu from the permission list (200, else empty) plus the profile entry, and the button
// permissions (200, else empty). An answer is dropped when a newer read (a role switch) or a sign-out came since.
let accessRead: Promise<void> | null = null;
let accessAsked = 0;
async function readAccess(set: (state: Partial<SessionState>) => void): Promise<void> {
  const asked = ++accessAsked;
  const calls = await accessCalls();
  // The three reads are independent: asked together (the frame waits for all of them).
  const [menu, profile, buttons] = await Promise.all([calls.readMenu(), calls.readProfile(), calls.readButtons()]);
  if (asked !== accessAsked) return;
  const serverMenu = menu?.meta.code === 200 && Array.isArray(menu.data) ? menu.data : [];
  const p = profile?.meta.code === 200 ? profile.data : null;
  const roleArr = p?.roles.map((r) => r.name) ?? [];
  if (p) setSessionLimits(p.session);
  set({
    serverMenu: [...serverMenu, PROFILE_MENU],
    serverPerm: buttons?.meta.code === 200 && Array.isArray(buttons.data) ? buttons.data : [],
    profile: p,
    roleArr,
    playData: { walletAddress: p?.playData.walletAddress ?? null },
    activeRole: activeRoleName(p),
    menuLoaded: true,
  });
}

export const useSession = create<SessionState>((set, get) => ({
  token: session.token(),
  mid: session.mid(),
  ...SIGNED_OUT,

  signIn(token, mid) {
    if (!session.save(token, mid)) {
      set({ token: null, mid: null });
      return false;
    }
    set({ token, mid: String(mid), menuLoaded: false });
    return true;
  },

  // The boot starts the read alongside the frame's chunks (main.tsx) and the frame asks again when it mounts: both
  // wait for the one read in flight.
  loadAccess: () => accessRead ?? get().refreshAccess(),

  // A newer read than any in flight (whose answer, from before a change, is dropped); a frame asking meanwhile
  // waits for this one.
  refreshAccess() {
    const read: Promise<void> = readAccess(set).finally(() => {
      // (A sign-out or a newer read may have taken its place.)
      if (accessRead === read) accessRead = null;
    });
    accessRead = read;
    return read;
  },

  // Spec section 4: reset user state, remove token and mid, clear the server menu, flag clickLoginStatus.
  async logout(callServer = true) {
    // The local session ends even when the server cannot be told (offline, or the call's chunk did not load).
    if (callServer && get().token)
      await accessCalls().then(
        (calls) => calls.signOut(),
        () => null,
      );
    session.clear();
    forgetActivity();
    storage.remove(ACTIVE_ROLE_KEY);
    // The next member starts with only the home tab.
    useTabs.getState().reset();
    try {
      sessionStorage.setItem('clickLoginStatus', '1');
    } catch {
      // storage unavailable: nothing else to flag
    }
    // A read still in flight answers for the member who left: dropped, and the next sign-in reads afresh.
    accessAsked += 1;
    accessRead = null;
    set({ token: null, mid: null, ...SIGNED_OUT });
  },

  async switchRole(roleId, leave) {
    accessChanging();
    try {
      const res = await accessCalls().then(
        (calls) => calls.actAsRole(roleId),
        () => null,
      );
      if (res?.meta.code !== 200) return null;
      await readAccess(set);
      return { left: leave() };
    } finally {
      accessChanged();
    }
  },

  setProfile(profile) {
    set({ profile });
  },

  setWalletAddress(walletAddress) {
    set({ playData: { walletAddress } });
  },
}));

setSessionExpiredHandler(() => {
  void useSession.getState().logout(false);
});

export const hasSession = () => Boolean(storage.get('token'));
