import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { PROFILE_MENU, useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';
import { navTree, type NavItem } from '../../navigation/menu';
import { activeMenuOf, isKnownScreen, LOCAL_MENU } from '../routes';
import { MenuIcon } from './icons';
import { useTitle } from './useResolution';

type Items = NonNullable<MenuProps['items']>;

// The menu tree the member sees: the server's (menu-from-server) or the local table plus the profile entry.
export function useNavTree(): NavItem[] {
  const menuFromServer = useSettings((s) => s.menuFromServer);
  const serverMenu = useSession((s) => s.serverMenu);
  return useMemo(
    () => navTree(menuFromServer ? serverMenu : [...LOCAL_MENU, PROFILE_MENU], isKnownScreen),
    [menuFromServer, serverMenu],
  );
}

function ancestorsOf(tree: NavItem[], key: string, trail: string[] = []): string[] | undefined {
  for (const n of tree) {
    if (n.key === key) return trail;
    const found = ancestorsOf(n.children, key, [...trail, n.key]);
    if (found) return found;
  }
  return undefined;
}

function findNode(tree: NavItem[], key: string): NavItem | undefined {
  for (const n of tree) {
    if (n.key === key) return n;
    const found = findNode(n.children, key);
    if (found) return found;
  }
  return undefined;
}
const firstLeaf = (n: NavItem): NavItem => (n.children.length ? firstLeaf(n.children[0]!) : n);

// The menu item to light for a path: itself, or for a screen hidden from the menu (application detail, follow-up,
// files) the item it names (project details: My projects), else the first item of the nearest group above it, so the
// group shows where the screen belongs.
export function activeMenuKey(tree: NavItem[], pathname: string): string {
  if (findNode(tree, pathname)) return pathname;
  const named = activeMenuOf(pathname);
  if (named && findNode(tree, named)) return named;
  for (let path = pathname; path.lastIndexOf('/') > 0;) {
    path = path.slice(0, path.lastIndexOf('/'));
    const group = findNode(tree, path);
    if (group) return firstLeaf(group).key;
  }
  return pathname;
}

export function NavMenu({ mode, collapsed }: { mode: 'inline' | 'horizontal'; collapsed?: boolean }) {
  const tree = useNavTree();
  const title = useTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const toItems = (nodes: NavItem[]): Items =>
    nodes.map((n) => ({
      key: n.key,
      icon: <MenuIcon name={n.icon} />,
      // React escapes the title: server titles are data, not markup.
      label: <span data-menu={n.name}>{title(`menu.${n.name}`, n.title)}</span>,
      ...(n.children.length ? { children: toItems(n.children) } : {}),
    }));

  const items = toItems(tree);
  const active = activeMenuKey(tree, pathname);
  const open = ancestorsOf(tree, active) ?? [];
  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={[active]}
      {...(mode === 'inline' && !collapsed ? { defaultOpenKeys: open } : {})}
      onClick={({ key }) => navigate(key)}
      style={mode === 'inline' ? { borderInlineEnd: 'none' } : { flex: 1, minWidth: 0, borderBottom: 'none' }}
      data-testid={mode === 'inline' ? 'side-menu' : 'top-menu'}
    />
  );
}
