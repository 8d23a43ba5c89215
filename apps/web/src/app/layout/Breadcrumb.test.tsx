import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import '../../i18n';
import { Breadcrumb, parseCrumb } from './Breadcrumb';

afterEach(cleanup);

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

describe('breadcrumb', () => {
  it('reads `label` and `label:RouteName`', () => {
    expect(parseCrumb('menu.user')).toEqual({ label: 'menu.user' });
    expect(parseCrumb('menu.home:Home')).toEqual({ label: 'menu.home', route: 'Home' });
  });

  it('goes to the named route, goes Back one page, and offers the refresh labelled label_refresh', () => {
    let refreshed = 0;
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <Breadcrumb
                items={['menu.home:Home', 'menu.user', 'menu.profile:Profile', 'menu.x', 'Back']}
                fallbacks={{ 'menu.x': 'Server title' }}
                onRefresh={() => refreshed++}
              />
              <Where />
            </>
          ),
        },
      ],
      { initialEntries: ['/first', '/user/resetPwd'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('breadcrumb').textContent).toContain('Server title');
    fireEvent.click(screen.getByTestId('crumb-Profile'));
    expect(screen.getByTestId('where').textContent).toBe('/user/profile');
    fireEvent.click(screen.getByTestId('crumb-Home'));
    expect(screen.getByTestId('where').textContent).toBe('/applicationManage/applicationList');
    fireEvent.click(screen.getByTestId('crumb-back'));
    expect(screen.getByTestId('where').textContent).toBe('/user/profile');
    fireEvent.click(screen.getByTestId('crumb-refresh'));
    expect(refreshed).toBe(1);
    expect(screen.getByTestId('crumb-refresh').textContent).toContain('重新整理');
  });
});
