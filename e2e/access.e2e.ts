import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createStaff, STAFF_PASSWORD } from '../apps/server/src/test/access-fixtures.js';
import { confirmDialog, pickOption, screenshot, signIn, type Portal, ROW, ACTIVE_PANE, usePortal } from './harness.js';

const ROLE_PATH = '/sadmin/accessManage/roleManage';
const MENU_PATH = '/sadmin/accessManage/menuManage';

type Env<T> = { meta: { code: number; message: string }; data: T };
type Menu = { name: string; children: Menu[] };

// Calls the API from inside the page with the session's own token and the client's sign header.
function apiFromPage<T>(page: Page, url: string): Promise<Env<T>> {
  return page.evaluate(async (u) => {
    const token = localStorage.getItem('token') ?? '';
    const sep = u.includes('?') ? '&' : '?';
    const res = await fetch(`${u}${sep}appId=student-admin&mcId=COM`, {
      headers: { 'x-token': token, sign: 'sadmin-web-2026' },
    });
    return res.json();
  }, url) as Promise<Env<T>>;
}

// The machine is shared: give screens time to load their lazy chunk and data.
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

const names = (items: Menu[]): string[] => items.flatMap((i) => [i.name, ...names(i.children)]);

async function checkNode(page: Page, perm: string) {
  await page
    .locator('.ant-tree-treenode', { has: page.getByTestId(`perm-node-${perm}`) })
    .locator('.ant-tree-checkbox')
    .click();
}

describe('access management', () => {
  const portal = usePortal();
  // A page with waits sized for a loaded machine.
  const open = async (opts?: Parameters<Portal['newPage']>[0]) => {
    const p = await portal.newPage(opts);
    p.page.setDefaultTimeout(30_000);
    return p;
  };

  it('a role made on the roleManage screen gives its holder exactly its menus and button', async () => {
    // As the administrator: create ROLE_TRACKER with two screens (tracks, roleManage) and one button (roleAdd).
    const { page, context } = await open();
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}${ROLE_PATH}`);
    await eventually(() => page.getByTestId('role-name-1').textContent()).toBe('ROLE_ADMIN');
    await screenshot(page, 'role-manage-zh-TW');

    await page.getByTestId('role-add').click();
    await eventually(() => page.getByTestId('perm-node-track:list').count()).toBe(1);
    // The live duplicate check answers on blur.
    await page.getByTestId('role-form-name').fill('ROLE_ADMIN');
    await page.getByTestId('role-form-cnName').click();
    await eventually(() => page.locator('.ant-form-item-explain-error').allTextContents()).toContain('此角色已存在');

    await page.getByTestId('role-form-name').fill('ROLE_TRACKER');
    await page.getByTestId('role-form-cnName').fill('日誌專員');
    await pickOption(page, page.getByTestId('role-form-kind'), '分配');
    await checkNode(page, 'track:list');
    await checkNode(page, 'sys:role:add');
    // The button brings its screen along, shown half-checked.
    await eventually(() =>
      page
        .locator('.ant-tree-treenode', { has: page.getByTestId('perm-node-sys:role:list') })
        .locator('.ant-tree-checkbox-indeterminate')
        .count(),
    ).toBe(1);
    await screenshot(page, 'role-form-zh-TW');
    await page.getByTestId('role-form-save').click();
    await confirmDialog(page);
    await eventually(() => page.getByText('ROLE_TRACKER', { exact: true }).count()).toBe(1);

    // A staff member (the employee screen belongs to another issue: made in the database), given the role
    // through the screen's members action.
    const mid = await createStaff(portal.db, 'tracker', []);
    await page.getByTestId('role-members-ROLE_TRACKER').click();
    await pickOption(page, page.getByTestId('role-member-pick'), 'tracker', { search: 'tracker' });
    await page.getByTestId('role-member-add').click();
    await eventually(() => page.getByTestId(`role-member-remove-${mid}`).count()).toBe(1);
    await screenshot(page, 'role-members-zh-TW');
    await context.close();

    // As the staff member: only those menus and that button.
    const staff = await open();
    await signIn(staff.page, portal.baseUrl, 'tracker', STAFF_PASSWORD);
    const menu = await apiFromPage<Menu[]>(staff.page, '/api/v1/mc/sys/permission/list');
    expect(menu.meta.code).toBe(200);
    expect(names(menu.data).sort()).toEqual(['accessManage', 'roleManage', 'tracks', 'tracksManage']);
    const buttons = await apiFromPage<string[]>(staff.page, '/api/v1/mc/sys/permission/buttonList');
    expect(buttons.data).toEqual(['sys:role:add']);

    await staff.page.goto(`${portal.baseUrl}${ROLE_PATH}`);
    await eventually(() => staff.page.getByTestId('role-name-1').count()).toBe(1);
    expect(await staff.page.getByTestId('role-add').count()).toBe(1);
    expect(await staff.page.locator('[data-testid^="role-edit-"]').count()).toBe(0);
    expect(await staff.page.locator('[data-testid^="role-remove-"]').count()).toBe(0);
    expect(await staff.page.locator('[data-testid^="role-members-"]').count()).toBe(0);
    await screenshot(staff.page, 'role-manage-limited-zh-TW');

    // A typed URL to a screen outside the role: the no-permission page.
    await staff.page.goto(`${portal.baseUrl}${MENU_PATH}`);
    await eventually(() => staff.page.getByTestId('no-permission').count()).toBe(1);
    expect(await staff.page.getByTestId('menu-manage').count()).toBe(0);

    // A direct API call to it: refused by the server.
    const direct = await apiFromPage(staff.page, '/api/v1/mc/sys/permission/getAll');
    expect(direct.meta.code).toBe(403);
    const remove = await apiFromPage(staff.page, '/api/v1/mc/sys/role/view?id=1');
    expect(remove.meta.code).toBe(200);
    await staff.context.close();
  }, 180_000);

  it('menuManage shows the tree, refuses to delete a menu with children and renders in English', async () => {
    const { page, context } = await open();
    // The page's clock moves on at will (below): an error toast that would have closed after 5 s.
    await page.clock.install();
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}${MENU_PATH}`);
    await eventually(() => page.getByTestId('menu-title-menu:systemSetup').count()).toBe(1);
    await screenshot(page, 'menu-manage-zh-TW');

    const refuseRemoval = async () => {
      await page.getByTestId('menu-remove-menu:systemSetup').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await eventually(() => page.locator('.ant-message').textContent()).toContain('此選單仍有子項目，不能刪除');
    };
    await refuseRemoval();
    // Decision 353: an error toast closes after its seconds, unless the member keeps error messages (settings).
    await page.clock.fastForward('00:10');
    await eventually(() => page.locator('.ant-message-notice').count()).toBe(0);
    await page.getByTestId('navbar-settings').click();
    await page.getByTestId('setting-keepErrors').click();
    await page.locator('[data-testid="settings-drawer"] .ant-drawer-close').click();
    await eventually(() => page.locator('.ant-drawer-content-wrapper:visible').count()).toBe(0);
    await refuseRemoval();
    await page.clock.fastForward('01:00');
    const kept = page.locator('.ant-message-notice', { hasText: '此選單仍有子項目，不能刪除' });
    expect(await kept.count()).toBe(1);
    await screenshot(page, 'menu-manage-error-kept-zh-TW');
    await kept.getByRole('button', { name: '關閉此訊息' }).click();
    await eventually(() => page.locator('.ant-message-notice').count()).toBe(0);

    // A root menu whose title holds markup stays text.
    await page.getByTestId('menu-add-root').click();
    await page.getByTestId('menu-form-name').fill('reports');
    await page.getByTestId('menu-form-title').fill('<img src=x onerror="window.__xss=1">報表');
    await page.getByTestId('menu-form-perm').fill('menu:reports');
    await page.locator('.ant-modal input[id="component"]').fill('parentview');
    await page.getByTestId('menu-form-url').fill('/reports');
    await page.getByTestId('menu-form-save').click();
    await confirmDialog(page);
    await eventually(() => page.getByTestId('menu-title-menu:reports').textContent()).toBe(
      '<img src=x onerror="window.__xss=1">報表',
    );
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // Reorder in place: sort 99 moves the new root menu to the end.
    const sort = page.getByTestId('menu-sort-menu:reports').locator('xpath=descendant-or-self::input');
    await sort.fill('99');
    await sort.press('Enter');
    await eventually(() => page.locator(`${ACTIVE_PANE} .ant-table-row-level-0`).last().textContent()).toContain(
      'menu:reports',
    );
    await screenshot(page, 'menu-manage-sorted-zh-TW');
    await context.close();

    for (const [path, name] of [
      [MENU_PATH, 'menu-manage-en-US'],
      [ROLE_PATH, 'role-manage-en-US'],
    ] as const) {
      const en = await open({ storage: { 'cake-locale': 'en-US' } });
      await signIn(en.page, portal.baseUrl);
      await en.page.goto(`${portal.baseUrl}${path}`);
      await eventually(() => en.page.locator(`${ACTIVE_PANE} .panel-title`).first().textContent()).toMatch(
        /Menus|Roles/,
      );
      await eventually(() => en.page.locator(ROW).count()).toBeGreaterThan(0);
      await screenshot(en.page, name);
      if (path === ROLE_PATH) {
        await en.page.getByTestId('role-edit-ROLE_TRACKER').click();
        await eventually(() => en.page.getByTestId('perm-node-track:list').count()).toBe(1);
        await screenshot(en.page, 'role-form-en-US');
      }
      await en.context.close();
    }
  }, 180_000);
});
