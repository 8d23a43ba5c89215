import { lazy } from 'react';
import { createBrowserRouter, Navigate, useNavigate } from 'react-router';
import { PublicOnly, RequireAuth } from './guards';
import { lazyScreen } from './lazyScreen';
import { loadShell, prefetchShell } from './shellChunk';
import { setTwoFactorSetupHandler } from '../api/client';
import { LOGIN_PATH, PROFILE_PATH, REDIRECT_ROUTE, ROUTER_BASE } from '../paths';

const LoginPage = lazyScreen(
  () => import('../pages/login/LoginPage'),
  () => import('../pages/login/locale'),
);
const Shell = lazy(loadShell);
const RedirectPage = lazy(() => import('./RedirectPage'));

// The login page inside the router (a signed-out deep link, a sign-out): it moves on by navigating.
function RoutedLogin() {
  const navigate = useNavigate();
  return <LoginPage onSignedIn={(target) => navigate(target, { replace: true })} prefetch={prefetchShell} />;
}

// Spec section 2. Every signed-in path renders inside the frame, which resolves it against the member's
// menu and the fixed routes (see access.ts) and keeps visited screens alive for the tab bar.
export const router = createBrowserRouter(
  [
    { path: '/', element: <Navigate to={LOGIN_PATH} replace /> },
    {
      path: LOGIN_PATH,
      element: (
        <PublicOnly>
          <RoutedLogin />
        </PublicOnly>
      ),
    },
    {
      element: (
        <RequireAuth>
          <Shell />
        </RequireAuth>
      ),
      children: [
        { id: REDIRECT_ROUTE.name, path: REDIRECT_ROUTE.path, element: <RedirectPage />, handle: REDIRECT_ROUTE.meta },
        // Catch-all: fixed routes, menu screens, no-permission and not-found are drawn by the frame.
        { path: '*', element: null },
      ],
    },
  ],
  { basename: ROUTER_BASE },
);

// A role started requiring two-factor sign-in during the session (1012): only the profile page, where it is set up, works.
setTwoFactorSetupHandler(() => {
  if (router.state.location.pathname !== PROFILE_PATH) void router.navigate(PROFILE_PATH);
});
