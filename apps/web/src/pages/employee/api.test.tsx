import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { okResponse as ok } from '../../test/responses';
import { useSession } from '../../stores/session';
import { useMemberMutations } from './api';

const refreshAccess = vi.fn(async () => undefined);
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const body = { email: 'a@b.c', memberType: 'staff', status: 'active', roleIds: '5' } as never as Record<
  string,
  unknown
>;

// The store's own read, put back after each test (other files share the store).
const { refreshAccess: realRefresh, profile: realProfile } = useSession.getState();
afterEach(() => {
  vi.restoreAllMocks();
  useSession.setState({ refreshAccess: realRefresh, profile: realProfile });
});

beforeEach(() => {
  refreshAccess.mockClear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok(null));
  useSession.setState({
    refreshAccess,
    profile: { id: 7, displayName: 'Ada', avatarImg: null, roles: [{ id: 5, name: 'ROLE_A' }], activeRoleId: null },
  } as never);
});

describe('saving an employee', () => {
  it('reads the signed-in member’s access again when the save sets their own roles, only then', async () => {
    const { update } = renderHook(() => useMemberMutations(), { wrapper }).result.current;
    await act(() => update.mutateAsync({ ...body, id: 8 } as never));
    expect(refreshAccess).not.toHaveBeenCalled();
    await act(() => update.mutateAsync({ ...body, id: 7 } as never));
    expect(refreshAccess).toHaveBeenCalledTimes(1);
  });
});
