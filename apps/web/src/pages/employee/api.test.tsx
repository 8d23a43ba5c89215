import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { spyOnAccessRefresh } from '../../test/accessRefresh';
import { okResponse as ok } from '../../test/responses';
import { useMemberMutations } from './api';

const { refreshAccess, wrapper } = spyOnAccessRefresh();
const body = { email: 'a@b.c', memberType: 'staff', status: 'active', roleIds: '5' } as never as Record<
  string,
  unknown
>;

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok(null));
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
