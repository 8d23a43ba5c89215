import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@study-crm/shared';
import { firstRouteFor, permissionOk, resolvePath } from './access';
import { navTree } from '../navigation/menu';
import { isKnownScreen } from './routes';

const item = (p: Partial<MenuItem> & Pick<MenuItem, 'id' | 'name'>): MenuItem => ({
  parentId: 0,
  title: p.name,
  icon: null,
  url: p.name,
  sort: 1,
  isShow: 1,
  component: p.name,
  perm: p.name,
  type: 'menu',
  children: [],
  ...p,
});

const MENU: MenuItem[] = [
  item({
    id: 1,
    name: 'systemSetup',
    url: '/systemSetup',
    component: 'parentview',
    sort: 2,
    children: [
      item({ id: 11, name: 'dictManage', sort: 2 }),
      item({ id: 12, name: 'configManage', sort: 1 }),
      item({ id: 13, name: 'hiddenThing', component: 'configManage', isShow: 0 }),
      item({ id: 14, name: 'dictAdd', type: 'button', url: null, component: null }),
    ],
  }),
  item({
    id: 2,
    name: 'applicationManage',
    url: '/applicationManage',
    component: 'parentview',
    sort: 1,
    children: [item({ id: 21, name: 'applicationList' })],
  }),
  item({
    id: 3,
    name: 'legacy',
    url: '/legacy',
    component: 'parentview',
    sort: 3,
    children: [item({ id: 31, name: 'oldScreen', component: 'somethingUnknown' })],
  }),
  item({ id: 4, name: 'hiddenGroup', url: '/hidden', component: 'parentview', isShow: 0, children: [] }),
];

describe('route access (spec section 6)', () => {
  it('allows routes without auth, without roles, or open to every role', () => {
    expect(permissionOk(undefined, [])).toBe(true);
    expect(permissionOk({ requiresAuth: false, roles: ['ROLE_X'] }, [])).toBe(true);
    expect(permissionOk({ requiresAuth: true }, [])).toBe(true);
    expect(permissionOk({ requiresAuth: true, roles: [] }, [])).toBe(true);
    expect(permissionOk({ requiresAuth: true, roles: ['*'] }, [])).toBe(true);
    expect(permissionOk({ requiresAuth: true, roles: ['ROLE_ADMIN'] }, ['ROLE_ADMIN'])).toBe(true);
    expect(permissionOk({ requiresAuth: true, roles: ['ROLE_ADMIN'] }, ['ROLE_OTHER'])).toBe(false);
  });

  const server = (pathname: string, menu = MENU) =>
    resolvePath({ pathname, menuFromServer: true, serverMenu: menu, roles: ['ROLE_ANY'] });

  it('with menu-from-server, opens routes of the fetched menu', () => {
    const r = server('/systemSetup/dictManage/');
    expect(r.kind).toBe('menu');
    expect(r.kind === 'menu' && r.route.item.name).toBe('dictManage');
    expect(server('/systemSetup/hiddenThing').kind).toBe('menu');
  });

  it('with menu-from-server, always allows the fixed routes and the Redirect route', () => {
    for (const p of ['/home/index', '/user/profile', '/user/resetPwd', '/user/bindAccount']) {
      expect(server(p, []).kind).toBe('fixed');
    }
    expect(server('/redirect/%2Fuser%2Fprofile', []).kind).toBe('redirect');
  });

  it('with menu-from-server, a product route outside the menu goes to the fallback page; unknown paths are not found', () => {
    expect(server('/accessManage/roleManage').kind).toBe('forbidden');
    expect(server('/no/such/page').kind).toBe('notFound');
  });

  it('without menu-from-server, checks roles and sends others to the first route of the admin role', () => {
    const local = (roles: string[], pathname = '/systemSetup/dictManage') =>
      resolvePath({ pathname, menuFromServer: false, serverMenu: [], roles });
    expect(local(['ROLE_ADMIN']).kind).toBe('menu');
    expect(local(['ROLE_SALES'])).toEqual({ kind: 'goto', path: '/applicationManage/applicationList' });
    expect(local(['ROLE_SALES'], '/applicationManage/applicationList').kind).toBe('forbidden');
    expect(local(['ROLE_SALES'], '/nowhere').kind).toBe('notFound');
    expect(firstRouteFor('ROLE_ADMIN')).toBe('/applicationManage/applicationList');
    expect(firstRouteFor('ROLE_SALES')).toBeUndefined();
  });
});

describe('side menu tree', () => {
  const tree = navTree(MENU, isKnownScreen);

  it('keeps shown menu items only, sorted ascending', () => {
    expect(tree.map((n) => n.name)).toEqual(['applicationManage', 'systemSetup']);
    expect(tree[1]!.children.map((n) => n.name)).toEqual(['configManage', 'dictManage']);
    expect(tree[1]!.children.map((n) => n.key)).toEqual(['/systemSetup/configManage', '/systemSetup/dictManage']);
  });

  it('drops a wrapper whose descendants map to no known screen', () => {
    expect(tree.some((n) => n.name === 'legacy')).toBe(false);
    expect(tree.some((n) => n.name === 'hiddenGroup')).toBe(false);
  });

  it('treats the fixed user pages as known screens', () => {
    const user = item({
      id: 9,
      name: 'user',
      url: '/user',
      component: 'parentview',
      children: [item({ id: 91, name: 'resetPwd' })],
    });
    expect(navTree([user], isKnownScreen)[0]?.children[0]?.key).toBe('/user/resetPwd');
  });
});
