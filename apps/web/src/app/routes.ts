import type { ComponentType } from 'react';
import { lazyScreen, type LazyScreen } from './lazyScreen';
import type { LocaleBundle } from '../locales/types';
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

type Loader<T> = () => Promise<T>;
const userStrings = () => import('../pages/user/locale');
const projectStrings = () => import('../pages/project/locale');

const anyRole = { requiresAuth: true, roles: ['*'], ignoreCache: true } as const;

// A screen of the user centre, open to any role: /user/<key>, named by menu.<key> under menu.user; its strings are
// the user folder's unless given.
const userRoute = (
  key: string,
  name: string,
  load: Loader<{ default: ComponentType }>,
  strings: Loader<Record<string, LocaleBundle>> = userStrings,
): FixedRoute => ({
  path: `/user/${key}`,
  name,
  titleKey: `menu.${key}`,
  breadcrumb: ['menu.user', `menu.${key}`],
  meta: anyRole,
  screen: lazyScreen(load, strings),
});

// Fixed routes of spec section 2 (besides /login, /redirect/:path and the catch-all).
export const FIXED_ROUTES: readonly FixedRoute[] = [
  {
    path: '/home/index',
    name: 'HomeIndex',
    titleKey: 'menu.home',
    breadcrumb: ['menu.home'],
    meta: { requiresAuth: true, hideInMenu: true },
    screen: lazyScreen(
      () => import('../pages/home/HomePage'),
      () => import('../pages/home/locale'),
    ),
  },
  userRoute('profile', 'Profile', () => import('../pages/user/ProfilePage')),
  userRoute('resetPwd', 'ResetPwd', () => import('../pages/user/ResetPwdPage')),
  userRoute(
    'bindAccount',
    'BindAccount',
    () => import('../pages/user/BindAccountPage'),
    () => Promise.all([userStrings(), import('../pages/user/bind-locale')]).then(([a, b]) => ({ ...a, ...b })),
  ),
  userRoute(
    'wallet',
    'Wallet',
    () => import('../pages/wallet/WalletPage'),
    () => import('../pages/wallet/locale'),
  ),
  userRoute('resume', 'Resume', () => import('../pages/user/ResumePage')),
  userRoute('projects', 'MyProjects', () => import('../pages/project/MyProjects'), projectStrings),
  userRoute(
    'tasks',
    'MyTasks',
    () => import('../pages/task/MyTasks'),
    () => import('../pages/task/locale'),
  ),
  {
    // Opened from a project list; every member of the project may open it (the server decides).
    ...userRoute('projectDetail', 'ProjectDetail', () => import('../pages/project/ProjectDetail'), projectStrings),
    meta: { ...anyRole, hideInMenu: true },
    activeMenu: '/user/projects',
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
