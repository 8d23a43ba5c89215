import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Layout } from 'antd';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { screenPath } from '../components/crud/urlState';
import { flattenMenu } from '../navigation/menu';
import { Breadcrumb } from './layout/Breadcrumb';
import { Navbar } from './layout/Navbar';
import { SCREEN_LOADING, ScreenHost } from './layout/ScreenHost';
import { NavMenu } from './layout/SideMenu';
import { SessionExpiry } from './layout/SessionExpiry';
import { TabBar } from './layout/TabBar';
import { reloadTab } from './layout/tabActions';
import { usePageInfo } from './layout/useResolution';
import { HOME_PATH, HOME_SCREEN } from '../paths';
import { SCREENS } from './screens';
import './layout/layout.css';
import { useBrand } from './useBrand';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { lazyPart } from '../components/lazyPart';
import { PartFailed } from '../components/PartFailed';

// Loaded on first open: the drawer's colour picker and inputs are not needed for the first screen.
const SettingsDrawer = lazyPart(() => import('./layout/SettingsDrawer'));

function FrameBreadcrumb() {
  const location = useLocation();
  const navigate = useNavigate();
  const page = usePageInfo(location.pathname);
  const serverMenu = useSession((s) => s.serverMenu);
  if (!page.breadcrumb.length) return null;
  // Server titles stand in for menu names without a locale string.
  const fallbacks: Record<string, string> = {};
  for (const r of flattenMenu(serverMenu)) {
    fallbacks[`menu.${r.item.name}`] = r.item.title;
    for (const p of r.parents) fallbacks[`menu.${p.name}`] = p.title;
  }
  const fullPath = screenPath(location.pathname, location.search);
  // No Back on the home list or on a one-item breadcrumb (the home screen).
  const items =
    location.pathname === HOME_PATH || page.breadcrumb.length === 1 ? page.breadcrumb : [...page.breadcrumb, 'Back'];
  return <Breadcrumb items={items} fallbacks={fallbacks} onRefresh={() => reloadTab(fullPath, fullPath, navigate)} />;
}

// Most visits open on the home screen: while the access loads at its address, its chunk is fetched alongside, not
// after it.
function PreloadHome() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === HOME_PATH) SCREENS[HOME_SCREEN]?.preload();
  }, [pathname]);
  return null;
}

function FrameFooter() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Layout.Footer className="frame-footer">
      {t('frame.footer', { name: brand.name, year: new Date().getFullYear() })}
    </Layout.Footer>
  );
}

// The portal frame (spec section 2): navbar, side or top menu, tab bar, breadcrumb, screens, footer.
// Loads the member's menu and buttons once per session. The frame itself reads neither the address nor the
// merchant's name: a navigation or the name's arrival draws again only the parts that show them.
export default function BasicLayout() {
  const { t } = useTranslation();
  const menuLoaded = useSession((s) => s.menuLoaded);
  const loadAccess = useSession((s) => s.loadAccess);
  const s = useSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  const openSettings = () => {
    setSettingsUsed(true);
    setSettingsOpen(true);
  };
  // The drawer's code did not arrive: it is dropped, and the next opening loads it again.
  const settingsFailed = useCallback(() => {
    setSettingsOpen(false);
    setSettingsUsed(false);
  }, []);

  useEffect(() => {
    if (!menuLoaded) void loadAccess();
  }, [menuLoaded, loadAccess]);

  const showSide = s.menu && !s.hideMenu && !s.topMenu;
  return (
    <Layout className={s.navbar ? 'frame' : 'frame no-navbar'} data-theme={s.theme}>
      {s.navbar && (
        <Layout.Header className="frame-header">
          <Navbar onSettings={openSettings} />
        </Layout.Header>
      )}
      <Layout>
        {showSide && (
          <Layout.Sider
            className="frame-sider"
            width={s.menuWidth}
            collapsedWidth={56}
            collapsed={s.menuCollapse}
            // A window narrower than 768 px (or 200 % zoom at 1280) folds the menu to its icons, once, as it becomes
            // narrow; the member may unfold it again.
            breakpoint="md"
            onBreakpoint={(narrow) => narrow && !s.menuCollapse && s.update({ menuCollapse: true })}
            theme={s.theme}
            data-testid="frame-sider"
          >
            {menuLoaded && <NavMenu mode="inline" collapsed={s.menuCollapse} />}
          </Layout.Sider>
        )}
        <Layout className="frame-main">
          {s.tabBar && <TabBar />}
          <Layout.Content className="frame-content">
            {menuLoaded ? (
              <>
                <FrameBreadcrumb />
                <ScreenHost />
                {/* The hidden redirect route's chunk: nothing to show while it loads. */}
                <Suspense fallback={null}>
                  <Outlet />
                </Suspense>
              </>
            ) : (
              <>
                <PreloadHome />
                {SCREEN_LOADING}
              </>
            )}
          </Layout.Content>
          {s.footer && <FrameFooter />}
        </Layout>
      </Layout>
      {settingsUsed && (
        <ErrorBoundary fallback={() => <PartFailed onClose={settingsFailed} />}>
          <Suspense fallback={null}>
            <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
      <SessionExpiry />
      {!s.navbar && (
        <button
          className="frame-settings-fab"
          onClick={openSettings}
          aria-label={t('frame.settings.open')}
          data-testid="settings-fab"
        >
          ⚙
        </button>
      )}
    </Layout>
  );
}
