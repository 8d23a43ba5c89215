import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmDialog, pickOption, screenshot, seedApplication, openMessageBox, usePortal } from './harness.js';

const SLOW = { timeout: 20_000 };
// Opens an antd Select by its input id and picks the option with this label.
const pick = (page: Page, id: string, label: string) => pickOption(page, page.locator(`#${id}`), label);
const todoBadge = (page: Page) => page.getByTestId('box-tab-todo').textContent();

// A follow-up item with a follow teacher lands in that teacher's to-do tab of the navbar message box.
describe('follow-up to-dos in the message box', () => {
  const portal = usePortal();
  let appId = 0;
  beforeAll(async () => {
    // The application is arranged through the API: its own screens are tested in application.e2e.ts.
    appId = await seedApplication(portal, {
      name: '陳美玲',
      email: 'mei.ling@example.com',
      applicationDate: '2026-10-01',
    });
  });

  it('adds an item for the administrator, shows it as a to-do, and stops counting it once done', async () => {
    const { page, context } = await portal.signedInPage();
    await page.goto(`${portal.baseUrl}/sadmin/applicationManage/userFollow?id=${appId}`);
    await page.getByTestId('follow-add').click();
    await pick(page, 'follow_service', '簽證');
    await pick(page, 'follow_followTeacherId', 'Administrator');
    await page.getByTestId('follow-submit').click();
    await confirmDialog(page);
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count(), SLOW).toBe(0);
    await expect.poll(() => page.locator('[data-testid=follow-table] tbody tr[data-row-key]').count(), SLOW).toBe(1);

    await openMessageBox(page, 'todo');
    await expect.poll(() => todoBadge(page), SLOW).toBe('待辦 1');
    const item = page.getByTestId('box-item-todo').first();
    await expect.poll(() => item.textContent()).toContain('跟進');
    await expect.poll(() => item.textContent()).toContain('陳美玲 · 簽證');
    await page.waitForTimeout(300);
    await screenshot(page, 'follow-up-todo-zh-TW');
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 890);

    await page.getByTestId('follow-done-1').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await openMessageBox(page, 'todo');
    await expect.poll(() => todoBadge(page), SLOW).toBe('待辦 ');
    await expect.poll(() => item.textContent()).toContain('已完成');
    await context.close();
  });

  it('reads the to-do kind in en-US and opens the follow-up screen from the to-do', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await openMessageBox(page, 'todo');
    const item = page.getByTestId('box-item-todo').first();
    await expect.poll(() => item.textContent()).toContain('Follow-up');
    await page.waitForTimeout(300);
    await screenshot(page, 'follow-up-todo-en-US');
    await item.click();
    await page.waitForURL(new RegExp(`userFollow\\?id=${appId}$`));
    await context.close();
  });
});
