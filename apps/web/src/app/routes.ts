import { lazyScreen, type LazyScreen } from './lazyScreen';
import {
  ADMIN_ROLE_NAME,
  COMPONENT_KEYS,
  MENU_SEED,
  menuSeedRow,
  type MenuItem,
  type MenuSeed,
} from '@study-crm/shared';
import { flattenMenu, joinPath } from '../navigation/menu';
import { HOME_PATH, REDIRECT_ROUTE } from '../paths';

export { REDIRECT_PREFIX } from '../paths';

// Route meta of spec sections 2 and 6. roles: who may open it; '*' or none = any role.
export type RouteMeta = {
  requiresAuth: boolean;
  roles?: readonly string[];
  ignoreCache?: boolean;
  hideInMenu?: boolean;
};

export type FixedRoute = {
  path: string;
  name: string;
  // Locale key of the page name (document title, tab, breadcrumb).
  titleKey: string;
  breadcrumb: string[];
  meta: RouteMeta;
  // A screen hidden from the menu lights this menu item (the list it is opened from).
  activeMenu?: string;
  screen: LazyScreen;
};

const UserProfile = lazyScreen(
  () => import('../pages/user/ProfilePage'),
  () => import('../pages/user/locale'),
);
const UserResetPwd = lazyScreen(
  () => import('../pages/user/ResetPwdPage'),
  () => import('../pages/user/locale'),
);
const UserBindAccount = lazyScreen(
  () => import('../pages/user/BindAccountPage'),
  () =>
    Promise.all([import('../pages/user/locale'), import('../pages/user/bind-locale')]).then(([a, b]) => ({
      ...a,
      ...b,
    })),
);
const UserWallet = lazyScreen(
  () => import('../pages/wallet/WalletPage'),
  () => import('../pages/wallet/locale'),
);
const UserResume = lazyScreen(
  () => import('../pages/user/ResumePage'),
  () => import('../pages/user/locale'),
);
const MyProjects = lazyScreen(
  () => import('../pages/project/MyProjects'),
  () => import('../pages/project/locale'),
);
const MyTasks = lazyScreen(
  () => import('../pages/task/MyTasks'),
  () => import('../pages/task/locale'),
);
const ProjectDetail = lazyScreen(
  () => import('../pages/project/ProjectDetail'),
  () => import('../pages/project/locale'),
);
const HomeIndex = lazyScreen(
  () => import('../pages/home/HomePage'),
  () => import('../pages/home/locale'),
);

const anyRole = { requiresAuth: true, roles: ['*'], ignoreCache: true } as const;

// Fixed routes of spec section 2 (besides /login, /redirect/:path and the catch-all).
export const FIXED_ROUTES: readonly FixedRoute[] = [
  {
    path: '/home/index',
    name: 'HomeIndex',
    titleKey: 'menu.home',
    breadcrumb: ['menu.home'],
    meta: { requiresAuth: true, hideInMenu: true },
    screen: HomeIndex,
  },
  {
    path: '/user/profile',
    name: 'Profile',
    titleKey: 'menu.profile',
    breadcrumb: ['menu.user', 'menu.profile'],
    meta: anyRole,
    screen: UserProfile,
  },
  {
    path: '/user/resetPwd',
    name: 'ResetPwd',
    titleKey: 'menu.resetPwd',
    breadcrumb: ['menu.user', 'menu.resetPwd'],
    meta: anyRole,
    screen: UserResetPwd,
  },
  {
    path: '/user/bindAccount',
    name: 'BindAccount',
    titleKey: 'menu.bindAccount',
    breadcrumb: ['menu.user', 'menu.bindAccount'],
    meta: anyRole,
    screen: UserBindAccount,
  },
  {
    path: '/user/wallet',
    name: 'Wallet',
    titleKey: 'menu.wallet',
    breadcrumb: ['menu.user', 'menu.wallet'],
    meta: anyRole,
    screen: UserWallet,
  },
  {
    path: '/user/resume',
    name: 'Resume',
    titleKey: 'menu.resume',
    breadcrumb: ['menu.user', 'menu.resume'],
    meta: anyRole,
    screen: UserResume,
  },
  {
    path: '/user/projects',
    name: 'MyProjects',
    titleKey: 'menu.projects',
    breadcrumb: ['menu.user', 'menu.projects'],
    meta: anyRole,
    screen: MyProjects,
  },
  {
    path: '/user/tasks',
    name: 'MyTasks',
    titleKey: 'menu.tasks',
    breadcrumb: ['menu.user', 'menu.tasks'],
    meta: anyRole,
    screen: MyTasks,
  },
  {
    // Opened from a project list; every member of the project may open it (the server decides).
    path: '/user/projectDetail',
    name: 'ProjectDetail',
    titleKey: 'menu.projectDetail',
    breadcrumb: ['menu.user', 'menu.projectDetail'],
    meta: { ...anyRole, hideInMenu: true },
    activeMenu: '/user/projects',
    screen: ProjectDetail,
  },
];

// Spec section 6: with menu-from-server, these are allowed besides the fetched menu.
export const ALWAYS_ALLOWED: readonly string[] = [...FIXED_ROUTES.map((r) => r.path), REDIRECT_ROUTE.path];

const KNOWN_KEYS = new Set<string>(COMPONENT_KEYS);
const FIXED_PATHS = new Set(FIXED_ROUTES.map((r) => r.path));

// The menu item a hidden fixed screen lights, if it names one.
export const activeMenuOf = (path: string): string | undefined => FIXED_ROUTES.find((r) => r.path === path)?.activeMenu;

// A menu item maps to a known screen: a key of the spec's list (not the wrapper) or a fixed route.
export function isKnownScreen(item: MenuItem, path: string): boolean {
  if (FIXED_PATHS.has(path)) return true;
  return Boolean(item.component && item.component !== 'parentview' && KNOWN_KEYS.has(item.component));
}

// The local route table used when the menu does not come from the server: the seeded tree,
// each screen open to the default role admin.
function seedToMenu(seeds: readonly MenuSeed[], parentId = 0): MenuItem[] {
  return seeds.map((s, i) => {
    const id = parentId * 100 + i + 1;
    return { id, parentId, ...menuSeedRow(s), children: seedToMenu(s.children ?? [], id) };
  });
}
export const LOCAL_MENU: readonly MenuItem[] = seedToMenu(MENU_SEED);
export const LOCAL_ROUTE_ROLES: readonly string[] = [ADMIN_ROLE_NAME];
export const DEFAULT_ROLE = ADMIN_ROLE_NAME;

// Named routes for breadcrumb items `label:RouteName`: fixed names plus every menu item's name.
export function routeNames(menu: readonly MenuItem[]): Record<string, string> {
  const names: Record<string, string> = { Home: HOME_PATH };
  for (const r of FIXED_ROUTES) names[r.name] = r.path;
  for (const r of flattenMenu(menu)) names[r.item.name] = r.path;
  return names;
}

export { joinPath };
