import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { IconButton } from '../../components/IconButton';
import { findRoute, type NavItem } from '../../navigation/menu';
import { useSession } from '../../stores/session';
import { lazyScreen } from '../lazyScreen';
import { useNavTree } from './SideMenu';
import { screenOf, useTitle } from './useResolution';

// The panel and its strings load on the first opening: the login page and the first screen do not carry them.
const SearchPanel = lazyScreen(
  () => import('../../pages/search/SearchPanel'),
  () => import('../../pages/search/locale'),
);

// Every screen of the member's menu with the name the side menu shows ("Group / Screen").
function screensOf(
  tree: NavItem[],
  title: (key: string, fallback: string) => string,
  trail = '',
): { path: string; title: string }[] {
  return tree.flatMap((n) => {
    const name = title(`menu.${n.name}`, n.title);
    const full = trail ? `${trail} / ${name}` : name;
    return n.children.length ? screensOf(n.children, title, full) : n.known ? [{ path: n.key, title: full }] : [];
  });
}

// The navbar's search button (issue 39), also opened by Ctrl+K (⌘K on a Mac) anywhere in the frame.
export function SearchButton() {
  const { t } = useTranslation();
  const tree = useNavTree();
  const title = useTitle();
  const [open, setOpen] = useState(false);
  const [isLoaded, setLoaded] = useState(false);
  const screens = useMemo(() => screensOf(tree, title), [tree, title]);
  const menu = useSession((s) => s.serverMenu);
  const canOpen = useCallback(
    (path: string) => Boolean(screenOf(findRoute(menu, path)?.item.component ?? null)),
    [menu],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A field that uses the keys itself (the rich text editor's link) has handled them already.
      if (e.defaultPrevented) return;
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setLoaded(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Tooltip title={t('frame.search')}>
        <IconButton
          icon={<SearchOutlined />}
          label={t('frame.search')}
          testId="search-open"
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {isLoaded && (
        <Suspense fallback={null}>
          <SearchPanel open={open} onClose={() => setOpen(false)} screens={screens} canOpen={canOpen} />
        </Suspense>
      )}
    </>
  );
}
