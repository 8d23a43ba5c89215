import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { PROFILE_MENU, useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';
import { navTree, type NavItem } from '../menu';
import { isKnownScreen, LOCAL_MENU } from '../routes';
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
  const open = ancestorsOf(tree, pathname) ?? [];
  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={[pathname]}
      {...(mode === 'inline' && !collapsed ? { defaultOpenKeys: open } : {})}
      onClick={({ key }) => navigate(key)}
      style={mode === 'inline' ? { borderInlineEnd: 'none' } : { flex: 1, minWidth: 0, borderBottom: 'none' }}
      data-testid={mode === 'inline' ? 'side-menu' : 'top-menu'}
    />
  );
}
