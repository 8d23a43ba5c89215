import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { spyOnAccessRefresh } from '../../test/accessRefresh';
import { okResponse as ok } from '../../test/responses';
import { useChangeMemberRole, useRemoveRole, useSaveMenu, useSaveRole } from './api';

const { refreshAccess, wrapper } = spyOnAccessRefresh();
const role = (id?: number) => ({ id, name: 'ROLE_X', cnName: 'X', kind: 'general' as const, permissionIds: [1] });

beforeEach(() => {
  // Every call succeeds; a new role or menu gets id 99, a member's roles read answers none.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path.endsWith('/add')) return ok({ id: 99 });
    return ok(path.endsWith('/getMemberRoles') ? [] : null);
  });
});

describe('saving access reads the signed-in member’s own access again', () => {
  it('after saving or removing a role they hold, not one they do not', async () => {
    const save = renderHook(() => useSaveRole(), { wrapper }).result;
    await act(() => save.current.mutateAsync(role(6)));
    await act(() => save.current.mutateAsync(role()));
    expect(refreshAccess).not.toHaveBeenCalled();
    await act(() => save.current.mutateAsync(role(5)));
    expect(refreshAccess).toHaveBeenCalledTimes(1);
    const remove = renderHook(() => useRemoveRole(), { wrapper }).result;
    await act(() => remove.current.mutateAsync(5));
    expect(refreshAccess).toHaveBeenCalledTimes(2);
  });

  it('after saving a menu, and after changing their own roles in a role’s member list', async () => {
    const menu = renderHook(() => useSaveMenu(), { wrapper }).result;
    await act(() =>
      menu.current.mutateAsync({ id: 3, parentId: 0, name: 'x', type: 'menu', perm: 'x', sort: 1, isShow: 1 }),
    );
    expect(refreshAccess).toHaveBeenCalledTimes(1);
    const members = renderHook(() => useChangeMemberRole(5), { wrapper }).result;
    await act(() => members.current.mutateAsync({ userId: 8, hold: true }));
    expect(refreshAccess).toHaveBeenCalledTimes(1);
    await act(() => members.current.mutateAsync({ userId: 7, hold: false }));
    expect(refreshAccess).toHaveBeenCalledTimes(2);
  });
});

describe("changing one role of a member in a role's member list", () => {
  it('sends the roles it read, so that a change made meanwhile is refused rather than undone', async () => {
    const fetch = vi.mocked(globalThis.fetch);
    fetch.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://x').pathname;
      return ok(
        path.endsWith('/getMemberRoles')
          ? [
              { id: 2, name: 'A', cnName: 'A' },
              { id: 5, name: 'B', cnName: 'B' },
            ]
          : null,
      );
    });
    const members = renderHook(() => useChangeMemberRole(5), { wrapper }).result;
    await act(() => members.current.mutateAsync({ userId: 9, hold: false }));
    const [, init] = fetch.mock.calls.find(([input]) => String(input).includes('/updateMemberRoles'))!;
    const body = new URLSearchParams(String(init?.body));
    expect(body.get('roleIds')).toBe('2');
    expect(body.get('expectedRoleIds')).toBe('2,5');
  });
});
