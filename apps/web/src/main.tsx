import './csp-setup';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import { session } from './api/session';
import { homeScreen } from './app/homeScreen';
import { lazyScreen } from './app/lazyScreen';
import { HOME_PATH, LOGIN_PATH, ROUTER_BASE } from './paths';
import { prefetchShell } from './app/shellChunk';
import { PortalFailed } from './app/PortalFailed';
import { ErrorBoundary } from './components/ErrorBoundary';

const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

// The routed portal: the router, the query cache and, once signed in, the antd frame.
function bootPortal(target?: string): void {
  // Signed in: the frame's chunk and the member's access (menu, profile, buttons) are fetched alongside the
  // router's, not after the frame is drawn; the frame then waits for the read already in flight.
  // The access calls' own chunk and, at the home screen's address, that screen and its strings are asked for in the
  // same round (each was a round trip of its own after the last).
  if (session.token()) {
    prefetchShell();
    void import('./stores/accessCalls').catch(() => undefined);
    void import('./stores/session').then(({ useSession }) => useSession.getState().loadAccess()).catch(() => undefined);
  }
  const address = (target ?? window.location.pathname.slice(ROUTER_BASE.length) + window.location.search).replace(
    /#.*$/,
    '',
  );
  const q = address.indexOf('?');
  const at = q < 0 ? address : address.slice(0, q);
  const search = q < 0 ? '' : address.slice(q);
  const home = session.token() && (at === '' || at === '/' || at === HOME_PATH);
  if (home) homeScreen.preload();
  void import('./app/Portal').then(
    ({ default: Portal, openAt, prefetchHomeList }) => {
      if (target) openAt(target);
      // At the home screen's address its first page is read while the frame's code and the access arrive.
      if (home) prefetchHomeList(search);
      render(<Portal />);
    },
    () => render(<PortalFailed />),
  );
}

// The login page is the first thing every member waits for. A signed-out visit to it (or to the bare base) draws
// it on its own, without the router and the query cache; the portal loads when the sign-in succeeds, and
// opens at the address the login page chose (decision 101). Everything else, a deep link that leads to login
// included, boots the portal, whose router draws the same login page.
const LoginPage = lazyScreen(
  () => import('./pages/login/LoginPage'),
  () => import('./pages/login/locale'),
);
const path = window.location.pathname.replace(/\/+$/, '');
if (!session.token() && (path === ROUTER_BASE || path === ROUTER_BASE + LOGIN_PATH)) {
  if (path === ROUTER_BASE) window.history.replaceState(null, '', ROUTER_BASE + LOGIN_PATH);
  // The router starts loading with the member's first keystroke (the login page starts the frame's chunk then).
  document.addEventListener('input', () => void import('./app/Portal').catch(() => undefined), { once: true });
  render(
    <ErrorBoundary fallback={() => <PortalFailed />}>
      <Suspense fallback={null}>
        <LoginPage onSignedIn={bootPortal} prefetch={prefetchShell} />
      </Suspense>
    </ErrorBoundary>,
  );
} else {
  bootPortal();
}
