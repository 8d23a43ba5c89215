import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PERM, type MemberView } from '@study-crm/shared';
import { inEnglish } from '../../test/strings';
import { useSession } from '../../stores/session';
import { employee } from './locale';
import { staffFields } from './member.fixtures';
import { okResponse as ok } from '../../test/responses';
import EmployeeProfile from './EmployeeProfile';

const view = (id: number): MemberView => ({ ...staffFields(id, `Member ${id}`), fullName: null, recentSessions: [] });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.setState({ mid: null, serverPerm: [] });
});

const showProfile = (id: number) => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path === '/api/v1/mc/member/view') return ok(view(id));
    return ok([]);
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/employee/employeeProfile?id=${id}`]}>
        <EmployeeProfile />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('employee profile', () => {
  inEnglish(employee);

  // The server refuses resetting one's own second factor (it turns off in the user centre, with the password and a
  // code): the button shows on other members' profiles only.
  it('offers to reset the second factor on another member’s profile, not on one’s own', async () => {
    useSession.setState({ mid: '1', serverPerm: [PERM.memberResetTwoFactor] });
    showProfile(2);
    await waitFor(() => expect(screen.getByTestId('profile-name')).toBeTruthy());
    expect(screen.getByTestId('reset-two-factor')).toBeTruthy();
    cleanup();

    showProfile(1);
    await waitFor(() => expect(screen.getByTestId('profile-name')).toBeTruthy());
    expect(screen.queryByTestId('reset-two-factor')).toBeNull();
  });
});
