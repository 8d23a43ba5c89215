import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '../stores/session';

// For tests of saves that must read the signed-in member's own access again: signed in as member 7 holding role 5,
// the store's `refreshAccess` a spy (cleared before each test), the store's own put back after each (other files
// share the store). `wrapper` renders a hook with a query client.
export function spyOnAccessRefresh() {
  const refreshAccess = vi.fn(async () => undefined);
  const { refreshAccess: realRefresh, profile: realProfile } = useSession.getState();
  beforeEach(() => {
    refreshAccess.mockClear();
    useSession.setState({
      refreshAccess,
      profile: { id: 7, displayName: 'Ada', avatarImg: null, roles: [{ id: 5, name: 'ROLE_A' }], activeRoleId: null },
    } as never);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useSession.setState({ refreshAccess: realRefresh, profile: realProfile });
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );
  return { refreshAccess, wrapper };
}
