import type { MenuItem } from '@study-crm/shared';

export type ResolvedRoute = { path: string; item: MenuItem; parents: MenuItem[] };

// Joins a child url to its parent's: '/accessManage' + 'roleManage' → '/accessManage/roleManage'.
export function joinPath(parent: string, url: string | null): string {
  if (!url) return parent;
  if (url.startsWith('/')) return url;
  return `${parent.replace(/\/$/, '')}/${url}`;
}

// Every screen (non-parentview menu item) of the tree with its full path and its ancestors.
export function flattenMenu(items: readonly MenuItem[], parentPath = '', parents: MenuItem[] = []): ResolvedRoute[] {
  const out: ResolvedRoute[] = [];
  for (const item of items) {
    if (item.type !== 'menu') continue;
    const path = joinPath(parentPath || '/', item.url);
    if (item.component && item.component !== 'parentview') out.push({ path, item, parents });
    out.push(...flattenMenu(item.children, path, [...parents, item]));
  }
  return out;
}

export function findRoute(items: readonly MenuItem[], pathname: string): ResolvedRoute | undefined {
  const clean = pathname.replace(/\/$/, '') || '/';
  return flattenMenu(items).find((r) => r.path === clean);
}

export type NavItem = {
  key: string;
  name: string;
  title: string;
  icon: string | null;
  // This item or a descendant maps to a known screen.
  known: boolean;
  children: NavItem[];
};

const bySort = (a: MenuItem, b: MenuItem) => a.sort - b.sort || a.id - b.id;

// The side menu (spec section 2): menus only, isShow === 1, sorted ascending; a parentview wrapper
// stays only when a descendant maps to a known screen. A leaf with an unknown key is still listed
// (opening it shows the not-found screen).
export function navTree(
  items: readonly MenuItem[],
  isKnown: (item: MenuItem, path: string) => boolean,
  parentPath = '',
): NavItem[] {
  const out: NavItem[] = [];
  for (const item of [...items].sort(bySort)) {
    if (item.type !== 'menu' || item.isShow !== 1) continue;
    const path = joinPath(parentPath || '/', item.url);
    const children = navTree(item.children, isKnown, path);
    const wrapper = item.component === 'parentview' || !item.component;
    const known = wrapper ? children.some((c) => c.known) : isKnown(item, path) || children.some((c) => c.known);
    if (wrapper && !known) continue;
    out.push({ key: path, name: item.name, title: item.title, icon: item.icon, known, children });
  }
  return out;
}
