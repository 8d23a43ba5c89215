import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { MENU_SEED, PERM, type MenuItem, type MenuSeed } from '@study-crm/shared';
import { createRole, createStaff, permissionId, permissionIds, STAFF_PASSWORD } from '../../test/access-fixtures.js';

const P = '/api/v1/mc/sys/permission';
const count = (items: readonly (MenuSeed | MenuItem)[]): number =>
  items.reduce((n, i) => n + 1 + count(i.children ?? []), 0);

describe('menus and function buttons', () => {
  const t = useTestApp({ signIn: true });

  const add = (values: Record<string, string | number | null>) =>
    t.post<{ id: number }>(`${P}/add`, { parentId: 0, sort: 1, ...values }, t.admin);
  const menu = (name: string, extra: Record<string, string | number | null> = {}) =>
    add({ name, title: name, type: 'menu', perm: `test:${name}`, component: 'parentview', url: `/${name}`, ...extra });

  it('gives the whole tree, sorted ascending, for the role editor', async () => {
    const res = await t.get<MenuItem[]>(`${P}/getAll`, {}, t.admin);
    expect(res.meta.code).toBe(200);
    expect(count(res.data)).toBe(count(MENU_SEED));
    const sorts = res.data.map((i) => i.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    const access = res.data.find((i) => i.name === 'accessManage')!;
    const role = access.children.find((i) => i.name === 'roleManage')!;
    expect(role.children.map((b) => [b.type, b.perm])).toContainEqual(['button', PERM.roleAdd]);
  });

  it('adds a root menu and a child button, which the built-in role receives', async () => {
    const root = await menu('reports', { icon: 'bar-chart', sort: 9 });
    expect(root.meta.code).toBe(200);
    // A button is not a route: no component or path needed, hidden from the side menu by default.
    const btn = await add({
      parentId: root.data.id,
      name: 'reportExport',
      type: 'button',
      perm: 'report:export',
      sort: 1,
    });
    expect(btn.meta.code).toBe(200);
    const view = await t.get<MenuItem>(`${P}/view`, { id: btn.data.id }, t.admin);
    expect(view.data).toMatchObject({
      parentId: root.data.id,
      type: 'button',
      isShow: 0,
      title: 'reportExport',
      url: null,
    });
    const buttons = await t.get<string[]>(`${P}/buttonList`, {}, t.admin);
    expect(buttons.data).toContain('report:export');
  });

  it('requires parent, English name, type, identifier, and for a menu its component and path', async () => {
    const base = {
      parentId: 0,
      name: 'x1',
      type: 'menu',
      perm: 'test:x1',
      component: 'parentview',
      url: '/x1',
      sort: 1,
    };
    for (const field of ['parentId', 'name', 'type', 'perm', 'component', 'url', 'sort'] as const) {
      const res = await t.post(`${P}/add`, { ...base, [field]: null }, t.admin);
      expect(res.meta.code, field).toBe(400);
      // A missing enum is told with its allowed values.
      expect(res.meta.message, field).toContain(field === 'type' ? 'type must be one of' : `${field} is required`);
    }
    const bad = await t.post(`${P}/add`, { ...base, type: 'tab' }, t.admin);
    expect(bad.meta.message).toContain('type must be one of: menu, button');
  });

  it('refuses a duplicate permission identifier', async () => {
    const res = await menu('dupe', { perm: PERM.dictList });
    expect(res.meta).toEqual({ code: 5425, message: 'This permission identifier already exists' });
  });

  it('refuses a parent that does not exist, is a button, or lies under the item', async () => {
    expect((await menu('orphan', { parentId: 999999 })).meta.code).toBe(400);
    const btnId = await permissionId(t.db.db, PERM.dictAdd);
    expect((await menu('underButton', { parentId: btnId })).meta.code).toBe(400);
    const a = await menu('loopA');
    const b = await menu('loopB', { parentId: a.data.id });
    const loop = await t.post(
      `${P}/update`,
      {
        id: a.data.id,
        parentId: b.data.id,
        name: 'loopA',
        type: 'menu',
        perm: 'test:loopA',
        component: 'parentview',
        url: '/loopA',
        sort: 1,
      },
      t.admin,
    );
    expect(loop.meta.code).toBe(400);
    expect(loop.meta.message).toContain('lies under this item');
  });

  it('updates an item, its sort order reflected in the tree', async () => {
    const a = await menu('sortA', { sort: 50 });
    const b = await menu('sortB', { sort: 51 });
    const res = await t.post(
      `${P}/update`,
      {
        id: b.data.id,
        parentId: 0,
        name: 'sortB',
        title: '排序 B',
        type: 'menu',
        perm: 'test:sortB',
        component: 'parentview',
        url: '/sortB',
        sort: 49,
        isShow: 0,
      },
      t.admin,
    );
    expect(res.meta.code).toBe(200);
    const tree = await t.get<MenuItem[]>(`${P}/getAll`, {}, t.admin);
    const names = tree.data.map((i) => i.name);
    expect(names.indexOf('sortB')).toBeLessThan(names.indexOf('sortA'));
    expect(tree.data.find((i) => i.id === b.data.id)).toMatchObject({ title: '排序 B', sort: 49, isShow: 0 });
    expect(a.meta.code).toBe(200);
  });

  it('refuses to delete an item with children, and deletes a leaf', async () => {
    const parent = await menu('withKids');
    const child = await add({ parentId: parent.data.id, name: 'kid', type: 'button', perm: 'test:kid' });
    const refused = await t.post(`${P}/remove`, { id: parent.data.id }, t.admin);
    expect(refused.meta).toEqual({ code: 5424, message: 'This menu still has child items and cannot be deleted' });
    expect((await t.post(`${P}/remove`, { id: child.data.id }, t.admin)).meta.code).toBe(200);
    expect((await t.get(`${P}/view`, { id: child.data.id }, t.admin)).meta.code).toBe(404);
    expect((await t.post(`${P}/remove`, { id: parent.data.id }, t.admin)).meta.code).toBe(200);
  });

  it('removes several items all or nothing', async () => {
    const parent = await menu('batch');
    const c1 = await add({ parentId: parent.data.id, name: 'b1', type: 'button', perm: 'test:b1' });
    const c2 = await add({ parentId: parent.data.id, name: 'b2', type: 'button', perm: 'test:b2' });
    const refused = await t.post(`${P}/removeAll`, { ids: [c1.data.id, parent.data.id] }, t.admin);
    expect(refused.meta.code).toBe(5424);
    expect((await t.get(`${P}/view`, { id: c1.data.id }, t.admin)).meta.code).toBe(200);
    expect((await t.post(`${P}/removeAll`, { ids: [c1.data.id, 999999] }, t.admin)).meta.code).toBe(404);
    expect((await t.post(`${P}/removeAll`, { ids: `${c1.data.id},${c2.data.id}` }, t.admin)).meta.code).toBe(200);
    expect((await t.get(`${P}/view`, { id: c2.data.id }, t.admin)).meta.code).toBe(404);
    expect((await t.post(`${P}/removeAll`, { ids: null }, t.admin)).meta.code).toBe(400);
  });

  it('keeps the items that manage roles: no delete, no new identifier', async () => {
    const roleAddId = await permissionId(t.db.db, PERM.roleAdd);
    expect((await t.post(`${P}/remove`, { id: roleAddId }, t.admin)).meta.code).toBe(5421);
    const roleManage = await permissionId(t.db.db, PERM.roleList);
    const item = (await t.get<MenuItem>(`${P}/view`, { id: roleAddId }, t.admin)).data;
    const res = await t.post(
      `${P}/update`,
      { id: roleAddId, parentId: roleManage, name: item.name, type: 'button', perm: 'role:add2', sort: 1 },
      t.admin,
    );
    expect(res.meta.code).toBe(5421);
  });

  it('renames or deletes an identifier only for a caller who holds it, and the new one too', async () => {
    const role = await createRole(t.db.db, 'ROLE_MENU_EDITOR', [
      PERM.menuList,
      PERM.menuUpdate,
      PERM.menuRemove,
      PERM.dictList,
    ]);
    await createStaff(t.db.db, 'menueditor', [role]);
    const editor = await t.login('menueditor', STAFF_PASSWORD);
    const update = async (perm: string, rename: string) => {
      const id = await permissionId(t.db.db, perm);
      const item = (await t.get<MenuItem>(`${P}/view`, { id }, t.admin)).data;
      const { children: _children, ...fields } = item;
      return t.post(`${P}/update`, { ...fields, perm: rename }, { token: editor.token });
    };
    // Renaming the payment list's identifier away (the administrator holds it) or its own to the payment list's:
    // either would hand roles what the editor cannot give.
    const away = await update(PERM.paymentList, 'zz:parked');
    expect(away.meta).toEqual({
      code: 403,
      message:
        'Not allowed [403]: you cannot change or delete permissions you do not hold yourself (payment:list, zz:parked)',
    });
    const onto = await update(PERM.dictList, PERM.paymentList);
    expect(onto.meta.code).toBe(403);
    expect(onto.meta.message).toContain('payment:list');
    expect(await permissionId(t.db.db, PERM.paymentList)).toBeGreaterThan(0);
    expect((await t.get('/api/v1/mc/paymentRecord/list', {}, { token: editor.token })).meta.code).toBe(403);
    // Its other fields change as before.
    expect((await update(PERM.dictList, PERM.dictList)).meta.code).toBe(200);
    // Deleting takes the identifier from every role: only what the editor holds.
    const other = await add({ parentId: 0, name: 'otherButton', type: 'button', perm: 'test:other', sort: 1 });
    const removeOther = await t.post(`${P}/remove`, { id: other.data.id }, { token: editor.token });
    expect(removeOther.meta.code).toBe(403);
    const removeAll = await t.post(`${P}/removeAll`, { ids: [other.data.id] }, { token: editor.token });
    expect(removeAll.meta.code).toBe(403);
    expect((await t.get(`${P}/view`, { id: other.data.id }, t.admin)).meta.code).toBe(200);
    // The administrator (the built-in role) is the root of trust: any identifier.
    expect((await t.post(`${P}/remove`, { id: other.data.id }, t.admin)).meta.code).toBe(200);
  });

  it("gives the signed-in member's own menu and buttons only", async () => {
    const role = await createRole(t.db.db, 'ROLE_DICT', [PERM.dictList, PERM.dictAdd, 'menu:systemSetup']);
    await createStaff(t.db.db, 'dictonly', [role]);
    const staff = await t.login('dictonly', STAFF_PASSWORD);
    const own = await t.get<MenuItem[]>(`${P}/list`, {}, { token: staff.token });
    expect(own.data.map((i) => i.name)).toEqual(['systemSetup']);
    expect(own.data[0]!.children.map((i) => i.name)).toEqual(['dictManage']);
    const buttons = await t.get<string[]>(`${P}/buttonList`, {}, { token: staff.token });
    expect(buttons.data).toEqual([PERM.dictAdd]);
    expect((await t.get(`${P}/getAll`, {}, { token: staff.token })).meta.code).toBe(403);
    const ids = await t.get<number[]>(`${P}/getPermissionsByRole`, { roleId: role }, t.admin);
    expect(ids.data.sort()).toEqual(
      (await permissionIds(t.db.db, [PERM.dictList, PERM.dictAdd, 'menu:systemSetup'])).sort(),
    );
    expect((await t.get(`${P}/getPermissionsByRole`, { roleId: 999999 }, t.admin)).meta.code).toBe(404);
  });

  it('stores a title with markup as plain text', async () => {
    const res = await menu('xss', { title: '<img src=x onerror=alert(1)>' });
    const view = await t.get<MenuItem>(`${P}/view`, { id: res.data.id }, t.admin);
    expect(view.data.title).toBe('<img src=x onerror=alert(1)>');
  });
});
