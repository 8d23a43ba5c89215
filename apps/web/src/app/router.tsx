import { startTransition } from 'react';
import { Navigate, Route, Routes, unstable_HistoryRouter as HistoryRouter, useNavigate } from 'react-router';
import { PublicOnly, RequireAuth } from './guards';
import { lazyScreen } from './lazyScreen';
import { lazyPart } from '../components/lazyPart';
import { loadShell, prefetchShell } from './shellChunk';
import { setTwoFactorSetupHandler } from '../api/client';
import { portalHistory } from '../navigation/history';
import { LOGIN_PATH, PROFILE_PATH, REDIRECT_ROUTE, ROUTER_BASE } from '../paths';

const LoginPage = lazyScreen(
  () => import('../pages/login/LoginPage'),
  () => import('../pages/login/locale'),
);
const Shell = lazyPart(loadShell);
const RedirectPage = lazyPart(() => import('./RedirectPage'));

// The login page inside the router (a signed-out deep link, a sign-out): it moves on by navigating. The router's
// own updates render at once (decision 111); this one is a transition, so the login page stays on view until the
// frame's chunk is there instead of the page going blank.
function RoutedLogin() {
  const navigate = useNavigate();
  return (
    <LoginPage
      onSignedIn={(target) => startTransition(() => navigate(target, { replace: true }))}
      prefetch={prefetchShell}
    />
  );
}

// Spec section 2. Every signed-in path renders inside the frame, which resolves it against the member's
// menu and the fixed routes (see access.ts) and keeps visited screens alive for the tab bar. The router is the
// plain one on the portal's guarded history (decision 109); its location changes render at once (decision 111).
export function PortalRoutes() {
  return (
    <HistoryRouter history={portalHistory.history} basename={ROUTER_BASE} useTransitions={false}>
      <Routes>
        <Route path="/" element={<Navigate to={LOGIN_PATH} replace />} />
        <Route
          path={LOGIN_PATH}
          element={
            <PublicOnly>
              <RoutedLogin />
            </PublicOnly>
          }
        />
        <Route
          element={
            <RequireAuth>
              <Shell />
            </RequireAuth>
          }
        >
          <Route path={REDIRECT_ROUTE.path} element={<RedirectPage />} />
          {/* Catch-all: fixed routes, menu screens, no-permission and not-found are drawn by the frame. */}
          <Route path="*" element={null} />
        </Route>
      </Routes>
    </HistoryRouter>
  );
}

// Opens a path below the router's base (replacing the current entry, or as a new one).
export function openPath(path: string, replace = false): void {
  if (replace) portalHistory.history.replace(ROUTER_BASE + path);
  else portalHistory.history.push(ROUTER_BASE + path);
}

// A role started requiring two-factor sign-in during the session (1012): only the profile page, where it is set up, works.
setTwoFactorSetupHandler(() => {
  if (portalHistory.path().replace(/[?#].*$/, '') !== PROFILE_PATH) openPath(PROFILE_PATH);
});
