import { memo, Suspense, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Navigate,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
  useLocation,
  useNavigationType,
  type Location,
} from 'react-router';
import { Spin } from 'antd';
import { useTabs } from '../../stores/tabs';
import { ScreenActiveContext, ScreenTitleContext } from '../../components/crud/screenActive';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { ScreenFailed } from '../../components/ScreenFailed';
import { screenPath } from '../../components/crud/urlState';
import type { Resolution } from '../access';
import { SCREENS } from '../screens';
import { lazyPart } from '../../components/lazyPart';
import { ScreenKeysContext } from '../../navigation/useScreen';
import { useDocumentTitle } from '../useBrand';
import { screenOf, usePageInfo, useTitle } from './useResolution';

// What stands where a screen goes while its code (or the member's menu) loads: a spinner in the middle of the pane
// (styles.css).
export const SCREEN_LOADING = (
  <div className="screen-loading">
    <Spin />
  </div>
);

// The 403 and 404 pages (antd's Result, with its pictures) load when one is first shown, not with the frame.
const NotFound = lazyPart(() => import('../NotFound'));
const StatusPage = lazyPart(async () => ({ default: (await import('../StatusPage')).StatusPage }));

// 403 with a way back: home, or the page before.
export function NoPermission() {
  const { t } = useTranslation();
  return <StatusPage status="403" subTitle={t('common.noMenuPermission')} testId="no-permission" back />;
}

function render(resolution: Resolution): ReactNode {
  switch (resolution.kind) {
    case 'fixed': {
      const Screen = resolution.route.screen;
      return <Screen />;
    }
    case 'menu': {
      const Screen = screenOf(resolution.route.item.component);
      return Screen ? <Screen /> : <NotFound />;
    }
    case 'forbidden':
      return <NoPermission />;
    case 'goto':
      return <Navigate to={resolution.path} replace />;
    case 'notFound':
      return <NotFound />;
    case 'redirect':
      return null;
  }
}

// The component keys this build has screens for, offered to screens through useCanOpen.
const SCREEN_KEYS: ReadonlySet<string> = new Set(Object.keys(SCREENS));

type Entry = { key: string; location: Location };

// A hidden pane's value: what it was when the pane was last shown (a shown pane passes the live value on).
function useKept<T>(live: T, hidden: boolean): T {
  const [kept, setKept] = useState(live);
  if (!hidden && kept !== live) setKept(live);
  return hidden ? kept : live;
}

// A screen by its path, drawn again only when its path or what decides its screen (the menu, the roles) changes:
// a navigation elsewhere leaves a hidden tab's screen as it is.
const PaneScreen = memo(function PaneScreen({ pathname }: { pathname: string }) {
  return render(usePageInfo(pathname).resolution);
});

// Each cached screen sees its own location, so a hidden screen does not react to another tab's URL. A hidden one
// also keeps the navigation type and the router's route context it had when last shown, so a navigation in another
// tab does not draw it again (its location, navigation and route hooks read the same values). A screen that fails
// to load or to draw shows what happened with a way to try again; the frame and the other tabs go on.
function Pane({ location, hidden, title }: { location: Location; hidden: boolean; title?: string }) {
  const navigationType = useKept(useNavigationType(), hidden);
  const route = useKept(useContext(UNSAFE_RouteContext), hidden);
  const at = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  return (
    <div hidden={hidden} className="screen-pane" data-path={location.pathname + location.search}>
      <UNSAFE_RouteContext.Provider value={route}>
        <UNSAFE_LocationContext.Provider value={at}>
          <ScreenActiveContext.Provider value={!hidden}>
            <ScreenTitleContext.Provider value={title}>
              <ErrorBoundary fallback={(error, retry) => <ScreenFailed error={error} retry={retry} />}>
                <Suspense fallback={SCREEN_LOADING}>
                  <PaneScreen pathname={location.pathname} />
                </Suspense>
              </ErrorBoundary>
            </ScreenTitleContext.Provider>
          </ScreenActiveContext.Provider>
        </UNSAFE_LocationContext.Provider>
      </UNSAFE_RouteContext.Provider>
    </div>
  );
}

// Renders the current screen and keeps visited cacheable screens mounted but hidden (keep-alive tabs),
// opens the tab and sets the document title.
export function ScreenHost() {
  const location = useLocation();
  // A list's state parameters (components/crud/urlState.ts) do not make another screen or tab.
  const fullPath = screenPath(location.pathname, location.search);
  const page = usePageInfo(location.pathname);
  const title = useTitle();
  const tabs = useTabs((s) => s.tabs);
  const openTab = useTabs((s) => s.open);
  const [entries, setEntries] = useState<Entry[]>([]);

  const cacheable = page.tabbable && !page.ignoreCache && page.resolution.kind !== 'redirect';
  // Adjusting state while rendering (React's documented pattern): remember this screen, forget closed tabs.
  const open = new Set(tabs.map((tab) => tab.fullPath));
  let next = entries.filter((e) => open.has(e.key) || e.key === fullPath);
  if (cacheable && !next.some((e) => e.key === fullPath)) next = [...next, { key: fullPath, location }];
  if (!cacheable) next = next.filter((e) => e.key !== fullPath);
  if (next.length !== entries.length || next.some((e, i) => e !== entries[i])) setEntries(next);

  const ownTitle = tabs.find((tab) => tab.fullPath === fullPath)?.title;
  useDocumentTitle(ownTitle ?? title(page.titleKey, page.fallbackTitle));

  useEffect(() => {
    if (!page.tabbable) return;
    openTab({
      fullPath,
      titleKey: page.titleKey,
      fallbackTitle: page.fallbackTitle,
      ignoreCache: page.ignoreCache,
    });
  }, [fullPath, page.tabbable, page.titleKey, page.fallbackTitle, page.ignoreCache, openTab]);

  const versions = useTabs((s) => s.versions);
  const tabTitle = (key: string) => {
    const tab = tabs.find((t) => t.fullPath === key);
    return tab ? (tab.title ?? title(tab.titleKey, tab.fallbackTitle)) : undefined;
  };

  return (
    <ScreenKeysContext.Provider value={SCREEN_KEYS}>
      {next.map((e) => {
        const active = e.key === fullPath;
        return (
          <Pane
            key={`${e.key}#${versions[e.key] ?? 0}`}
            location={active ? location : e.location}
            hidden={!active}
            title={tabTitle(e.key)}
          />
        );
      })}
      {!cacheable && page.resolution.kind !== 'redirect' && (
        <Pane
          key={`live:${fullPath}`}
          location={location}
          hidden={false}
          title={ownTitle ?? title(page.titleKey, page.fallbackTitle)}
        />
      )}
    </ScreenKeysContext.Provider>
  );
}
