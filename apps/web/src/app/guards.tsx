import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../paths';
import { useSession } from '../stores/session';

// Signed-out users go to login with the target kept as `redirect`.
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) {
    const target = location.pathname + location.search;
    return <Navigate to={`${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`} replace />;
  }
  return children;
}

// Signed-in users opening login go home.
export function PublicOnly({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  return token ? <Navigate to={HOME_PATH} replace /> : children;
}
