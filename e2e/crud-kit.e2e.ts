import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { labelApi, sysconfigApi } from '@study-crm/shared';
import {
  ACTIVE_PANE,
  ROW,
  confirmDialog,
  pickOption,
  pressAndConfirm,
  poll,
  usePortal,
  type Portal,
} from './harness.js';

// Issue 12: edit dialogs of the list kit show the row clicked; Refresh, Reload and Search go to the server.
const CONFIG_PATH = '/sadmin/systemSetup/configManage';
const LABEL_PATH = '/sadmin/systemSetup/labels';
const EMPLOYEES = '/sadmin/employee/employeeList';
const ROLES = '/sadmin/accessManage/roleManage';

// Client-side navigation: the screens stay mounted in their tabs, with their cached queries.
async function spaNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

async function roleChoices(page: Page): Promise<string> {
  await page.getByTestId('member-add').click();
  const form = page.getByTestId('member-form');
  await form.locator('#roleIds').click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await poll(() => options.count()).toBeGreaterThan(0);
  const labels = (await options.allTextContents()).join(' | ');
  await page.keyboard.press('Escape');
  await form.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  return labels;
}

// The dialog that is opening or open (a closing one may still fade out behind it).
const dialog = (page: Page) => page.locator('.ant-modal-wrap:not(.ant-zoom-leave) .ant-modal').last();
// Presses the dialog's Save and confirms (pressed again if the press was lost during the dialog's zoom-in).
const saveDialog = (page: Page) => pressAndConfirm(page, dialog(page).locator('.ant-modal-footer .ant-btn-primary'));
const rowAction = (page: Page, text: string, action: 'row-edit' | 'row-remove') =>
  page.locator(ROW, { hasText: text }).getByTestId(action);

// A configuration row, added through the API as a colleague would add it.
async function addConfig(portal: Portal, key: string, prodValue: string) {
  await portal.api(sysconfigApi.add, { key, platform: 'WEB', prodValue });
}

describe('list/form kit', () => {
  const portal = usePortal();
  beforeAll(async () => {
    await addConfig(portal, 'ucas.deadline', '2027-01-15');
    await addConfig(portal, 'support.email', 'help@example.com');
    for (const name of ['獎學金', '2027 入學']) await portal.api(labelApi.add, { name });
  });

  it('every edit dialog shows exactly the row clicked and Add starts empty, however quickly rows are clicked', async () => {
    const { page, context } = await portal.signedInPage();
    for (const [path, field, rows, add] of [
      [CONFIG_PATH, '#key', ['ucas.deadline', 'support.email'], 'config-add'],
      [LABEL_PATH, '#name', ['獎學金', '2027 入學'], 'label-add'],
    ] as const) {
      await page.goto(`${portal.baseUrl}${path}`);
      await poll(() => page.locator(ROW).count()).toBeGreaterThanOrEqual(2);
      // Each dialog is closed and the next opened at once, inside the close animation of the previous one.
      for (const text of [rows[0], rows[1], rows[0], 'add', rows[1], 'add', rows[0]]) {
        if (text === 'add') await page.getByTestId(add).click();
        else await rowAction(page, text, 'row-edit').click();
        await poll(() => dialog(page).locator(field).inputValue()).toBe(text === 'add' ? '' : text);
        await page.keyboard.press('Escape');
      }
      // A saved edit lands on the row clicked.
      await rowAction(page, rows[1], 'row-edit').click();
      await page.keyboard.press('Escape');
      await rowAction(page, rows[0], 'row-edit').click();
      await poll(() => dialog(page).locator(field).inputValue()).toBe(rows[0]);
      await dialog(page).locator(field).fill(`${rows[0]}.x`);
      await saveDialog(page);
      await poll(() => page.locator(ROW, { hasText: `${rows[0]}.x` }).count()).toBe(1);
      await poll(() => page.locator(ROW, { hasText: rows[1] }).count()).toBe(1);
    }
    await context.close();
  });

  it('a save from a stale copy is refused in the form and leaves the newer values', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US' });
    await page.goto(`${portal.baseUrl}${CONFIG_PATH}`);
    await rowAction(page, 'support.email', 'row-edit').click();
    await poll(() => dialog(page).locator('#key').inputValue()).toBe('support.email');
    // A colleague saves the same row meanwhile.
    await portal.db
      .updateTable('sysConfig')
      .set((eb) => ({ prodValue: 'colleague@example.com', version: eb('version', '+', 1) }))
      .where('key', '=', 'support.email')
      .execute();
    await dialog(page).locator('#prodValue').fill('mine@example.com');
    await saveDialog(page);
    await poll(() => dialog(page).getByTestId('form-error').count()).toBe(1);
    const row = await portal.db
      .selectFrom('sysConfig')
      .select('prodValue')
      .where('key', '=', 'support.email')
      .executeTakeFirstOrThrow();
    expect(row.prodValue).toBe('colleague@example.com');
    await context.close();
  });

  it('Refresh, the tab Reload and Search fetch again even when the list was read a moment ago', async () => {
    const { page, context } = await portal.signedInPage();
    await page.goto(`${portal.baseUrl}${CONFIG_PATH}`);
    await poll(() => page.locator(ROW).count()).toBeGreaterThanOrEqual(2);
    const count = await page.locator(ROW).count();

    // A colleague adds a config: the breadcrumb's Refresh shows it.
    await addConfig(portal, 'colleague.one', '1');
    await page.getByTestId('crumb-refresh').click();
    await poll(() => page.locator(ROW).count()).toBe(count + 1);

    // Search with unchanged filters.
    await addConfig(portal, 'colleague.two', '2');
    await page.locator(`${ACTIVE_PANE} [data-testid="list-search"]`).click();
    await poll(() => page.locator(ROW).count()).toBe(count + 2);

    // The tab's context menu Reload.
    await addConfig(portal, 'colleague.three', '3');
    const tabPath = CONFIG_PATH.replace('/sadmin', '');
    await page.locator(`[data-testid="frame-tab"][data-path="${tabPath}"]`).click({ button: 'right' });
    await page.locator(`[data-testid="tab-menu"][data-path="${tabPath}"] .ant-dropdown-menu-item`).first().click();
    await poll(() => page.locator(ROW).count()).toBe(count + 3);
    await context.close();
  });

  it('a role created on roleManage is offered in the employee form of a tab opened before', async () => {
    const { page, context } = await portal.signedInPage();
    await page.goto(`${portal.baseUrl}${EMPLOYEES}`);
    expect(await roleChoices(page)).not.toContain('跨頁專員');

    await spaNavigate(page, ROLES);
    await page.getByTestId('role-add').click();
    await page.getByTestId('role-form-name').fill('ROLE_CROSS_TAB');
    await page.getByTestId('role-form-cnName').fill('跨頁專員');
    await pickOption(page, page.getByTestId('role-form-kind'), '分配');
    await page
      .locator('.ant-tree-treenode', { has: page.getByTestId('perm-node-sys:role:list') })
      .locator('.ant-tree-checkbox')
      .click();
    await page.getByTestId('role-form-save').click();
    await confirmDialog(page);
    await poll(() => page.getByText('ROLE_CROSS_TAB', { exact: true }).count()).toBe(1);
    // One id per element on the roles page (the filter's kind and the drawer's kind used to share id="kind").
    const ids = await page.locator('[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    // A role held by members cannot be deleted, and the page says so before anyone presses OK.
    await poll(() => page.getByTestId('role-remove-ROLE_ADMIN').isDisabled()).toBe(true);

    await spaNavigate(page, EMPLOYEES);
    await poll(() => roleChoices(page)).toContain('跨頁專員');
    await context.close();
  });
});
