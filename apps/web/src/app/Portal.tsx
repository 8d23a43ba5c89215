import { Suspense } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PortalFailed } from './PortalFailed';
import { Providers } from './Providers';
import { queryClient } from './queryClient';
import { openPath, PortalRoutes } from './router';

// The routed portal. main.tsx loads it at once, except on a signed-out visit to the login page, which is drawn
// first without it and loads it at sign-in (decision 101).
export default function Portal() {
  return (
    <Providers>
      <ErrorBoundary fallback={() => <PortalFailed />}>
        <Suspense fallback={null}>
          <PortalRoutes />
        </Suspense>
      </ErrorBoundary>
    </Providers>
  );
}

// The portal's router at a path: after a sign-in on the login page drawn before the portal, whose router may already
// exist (it is loaded while the member types) and then still stands at the login page.
export const openAt = (target: string): void => openPath(target, true);

// The home list's first page, read at a signed-in boot at the home screen's address (`search`: its query string)
// before the screen is drawn: the screen then finds the page in the query cache instead of asking once drawn.
export function prefetchHomeList(search: string): void {
  void import('../pages/application/api')
    .then(({ prefetchApplicationList }) => prefetchApplicationList(queryClient, search))
    .catch(() => undefined);
}
