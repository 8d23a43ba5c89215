import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PERM, type MemberListItem } from '@study-crm/shared';
import { inEnglish } from '../../test/strings';
import { useSession } from '../../stores/session';
import { employee } from './locale';
import { staffFields } from './member.fixtures';
import { okResponse as ok } from '../../test/responses';
import EmployeeList from './EmployeeList';

const row = (id: number, displayName: string): MemberListItem => ({ ...staffFields(id, displayName), labels: [] });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.setState({ mid: null, serverPerm: [] });
});

describe('employee list', () => {
  inEnglish(employee);

  // The server refuses setting one's own password through the admin route (it changes with the current one, from
  // the user menu), as it refuses deactivating or removing oneself.
  it('offers to set the password, deactivate or remove on other members’ rows only, not on one’s own', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path === '/admin/v1/members/list')
        return ok({ list: [row(1, 'Me'), row(2, 'Other')], total: 2, pageNum: 1, pageSize: 10, nextCursor: null });
      return ok([]);
    });
    useSession.setState({
      mid: '1',
      serverPerm: [PERM.memberUpdate, PERM.memberSetPassword, PERM.memberRemove],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <EmployeeList />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('password-2')).toBeTruthy());
    expect(screen.getByTestId('status-2')).toBeTruthy();
    expect(screen.getByTestId('remove-2')).toBeTruthy();
    expect(screen.getByTestId('edit-1')).toBeTruthy();
    for (const own of ['password-1', 'status-1', 'remove-1']) expect(screen.queryByTestId(own), own).toBeNull();
  });
});
