import type { MenuItem } from '@study-crm/shared';
import { findRoute, flattenMenu, type ResolvedRoute } from '../navigation/menu';
import {
  ALWAYS_ALLOWED,
  DEFAULT_ROLE,
  FIXED_ROUTES,
  LOCAL_MENU,
  LOCAL_ROUTE_ROLES,
  REDIRECT_PREFIX,
  type FixedRoute,
  type RouteMeta,
} from './routes';

// Spec section 6: allowed when the route needs no auth, has no roles, or its roles include '*'
// (or one of the member's roles).
export function permissionOk(meta: RouteMeta | undefined, roles: readonly string[]): boolean {
  if (!meta || !meta.requiresAuth) return true;
  if (!meta.roles || meta.roles.length === 0 || meta.roles.includes('*')) return true;
  return meta.roles.some((r) => roles.includes(r));
}

export type Resolution =
  | { kind: 'fixed'; route: FixedRoute }
  | { kind: 'menu'; route: ResolvedRoute }
  | { kind: 'redirect' }
  | { kind: 'forbidden' }
  | { kind: 'goto'; path: string }
  | { kind: 'notFound' };

const clean = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

// What the frame shows at a path. Menu-from-server: the fetched menu or the always-allowed list,
// else the fallback (no-permission) page. Otherwise the local table by role, else the first
// route the default role admin may open.
export function resolvePath(opts: {
  pathname: string;
  menuFromServer: boolean;
  serverMenu: readonly MenuItem[];
  roles: readonly string[];
}): Resolution {
  const path = clean(opts.pathname);
  if (path.startsWith(REDIRECT_PREFIX)) return { kind: 'redirect' };
  const fixed = FIXED_ROUTES.find((r) => r.path === path);
  if (fixed) {
    if (permissionOk(fixed.meta, opts.roles)) return { kind: 'fixed', route: fixed };
    return opts.menuFromServer && ALWAYS_ALLOWED.includes(path)
      ? { kind: 'fixed', route: fixed }
      : { kind: 'forbidden' };
  }
  if (opts.menuFromServer) {
    const route = findRoute(opts.serverMenu, path);
    if (route) return { kind: 'menu', route };
    // A real route of the product that is not in this member's menu: the fallback page.
    return findRoute(LOCAL_MENU, path) ? { kind: 'forbidden' } : { kind: 'notFound' };
  }
  const route = findRoute(LOCAL_MENU, path);
  if (!route) return { kind: 'notFound' };
  if (permissionOk({ requiresAuth: true, roles: LOCAL_ROUTE_ROLES }, opts.roles)) return { kind: 'menu', route };
  const first = firstRouteFor(DEFAULT_ROLE);
  return first && first !== path ? { kind: 'goto', path: first } : { kind: 'forbidden' };
}

// The first screen of the local table the given role may open.
export function firstRouteFor(role: string): string | undefined {
  if (!permissionOk({ requiresAuth: true, roles: LOCAL_ROUTE_ROLES }, [role])) return undefined;
  return flattenMenu(LOCAL_MENU)[0]?.path;
}
