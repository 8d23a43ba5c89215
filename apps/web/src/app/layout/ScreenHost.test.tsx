import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MenuItem } from '@study-crm/shared';
import '../../i18n';

// Two stateful stand-in screens: a counter shows whether a screen kept its state. `drawn` counts how often the host
// drew each screen.
const drawn: Record<string, number> = {};
function Counter({ id }: { id: string }) {
  const [n, setN] = useState(0);
  const { pathname } = useLocation();
  return (
    <button data-testid={`count-${id}`} data-path={pathname} onClick={() => setN(n + 1)}>
      {n}
    </button>
  );
}
vi.mock('../screens', () => ({
  SCREENS: Object.fromEntries(
    (['role', 'dict'] as const).map((id) => [
      `${id}Manage`,
      () => {
        drawn[id] = (drawn[id] ?? 0) + 1;
        return <Counter id={id} />;
      },
    ]),
  ),
}));

const { ScreenHost } = await import('./ScreenHost');
const { useSession } = await import('../../stores/session');
const { useTabs } = await import('../../stores/tabs');

const leaf = (id: number, name: string, parent: string): MenuItem => ({
  id,
  parentId: 1,
  name,
  title: name,
  icon: null,
  url: name,
  sort: id,
  isShow: 1,
  component: name,
  perm: `${parent}:${name}`,
  type: 'menu',
  children: [],
});

function setup() {
  useSession.setState({
    serverMenu: [
      {
        ...leaf(1, 'accessManage', ''),
        url: '/accessManage',
        component: 'parentview',
        children: [leaf(2, 'roleManage', 'a')],
      },
      {
        ...leaf(3, 'systemSetup', ''),
        url: '/systemSetup',
        component: 'parentview',
        children: [leaf(4, 'dictManage', 's')],
      },
    ],
    menuLoaded: true,
  });
  useTabs.getState().reset();
  const router = createMemoryRouter([{ path: '*', element: <ScreenHost /> }], {
    initialEntries: ['/accessManage/roleManage'],
  });
  // The frame asks for the merchant's name (document title); here it keeps the built-in name.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(cleanup);

describe('keep-alive screens', () => {
  it('keeps a visited screen mounted with its state and its own location while another tab shows', async () => {
    const router = setup();
    const role = await screen.findByTestId('count-role');
    fireEvent.click(role);
    fireEvent.click(role);
    await act(() => router.navigate('/systemSetup/dictManage'));
    const dict = await screen.findByTestId('count-dict');
    expect(screen.getByTestId('count-role').closest('[hidden]')).not.toBeNull();
    expect(screen.getByTestId('count-role').dataset.path).toBe('/accessManage/roleManage');
    expect(dict.closest('[hidden]')).toBeNull();
    await act(() => router.navigate('/accessManage/roleManage'));
    expect(screen.getByTestId('count-role').textContent).toBe('2');
    expect(useTabs.getState().tabs.map((t) => t.fullPath)).toContain('/systemSetup/dictManage');
    expect(document.title).toContain('角色管理');
  });

  it('drops the cached screen when its tab closes, and remounts on reload', async () => {
    const router = setup();
    fireEvent.click(await screen.findByTestId('count-role'));
    await act(() => router.navigate('/systemSetup/dictManage'));
    await screen.findByTestId('count-dict');
    act(() => {
      useTabs.getState().bump('/systemSetup/dictManage');
    });
    expect((await screen.findByTestId('count-dict')).textContent).toBe('0');
    act(() => {
      useTabs.getState().close('current', '/accessManage/roleManage');
    });
    expect(screen.queryByTestId('count-role')).toBeNull();
  });

  it('shows the no-permission page for a product route outside the menu and opens no tab', async () => {
    const router = setup();
    await screen.findByTestId('count-role');
    await act(() => router.navigate('/employee/employeeList'));
    expect((await screen.findByTestId('no-permission')).textContent).toContain('您沒有此選單權限');
    expect(useTabs.getState().tabs.map((t) => t.fullPath)).not.toContain('/employee/employeeList');
  });

  it('leaves a hidden screen undrawn while the shown one navigates', async () => {
    const router = setup();
    await screen.findByTestId('count-role');
    await act(() => router.navigate('/systemSetup/dictManage'));
    await screen.findByTestId('count-dict');
    const role = drawn.role;
    await act(() => router.navigate('/systemSetup/dictManage?pageNum=2'));
    await act(() => router.navigate('/systemSetup/dictManage?pageNum=3'));
    expect(screen.getByTestId('count-dict').dataset.path).toBe('/systemSetup/dictManage');
    expect(drawn.role).toBe(role);
  });
});
