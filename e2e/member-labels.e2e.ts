import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { labelApi } from '@study-crm/shared';
import { ADMIN, ROW, screenshot, usePortal } from './harness.js';

// Lets antd's open/close animations finish so screenshots show the settled screen.
// The CPU is shared with other runs: give network-bound polls room.
const WAIT = { timeout: 20_000 };

const settle = (page: Page) => page.waitForTimeout(500);

describe('member labels on the employee profile', () => {
  const portal = usePortal();
  let adminId = 0;
  beforeAll(async () => {
    // The labels screen has its own test; here the labels are arranged through the API.
    for (const label of [
      { name: '獎學金', color: '#1677ff', sort: 1 },
      { name: 'VIP', color: '#d4380d', sort: 2 },
      { name: 'Alumni', color: null, sort: 3 },
      { name: 'Archived', color: '#888888', sort: 4, status: 'disabled' },
    ]) {
      await portal.api(labelApi.add, label);
    }
    const admin = await portal.db
      .selectFrom('member')
      .select('id')
      .where('loginName', '=', ADMIN.login)
      .executeTakeFirstOrThrow();
    adminId = admin.id;
  });

  const openProfile = async (page: Page) => {
    await page.goto(`${portal.baseUrl}/sadmin/employee/employeeProfile?id=${adminId}`);
    await page
      .getByTestId('member-labels')
      .waitFor()
      .catch(async (e) => {
        await screenshot(page, 'failed-member-labels');
        throw e;
      });
  };
  const tagTexts = (page: Page) =>
    page.locator('[data-testid="member-labels"] [data-testid^="member-label-"]').allTextContents();

  it('attaches two labels with confirmation; after a reload the profile shows them', async () => {
    const { page, context } = await portal.signedInPage();
    await openProfile(page);
    expect(await page.getByTestId('member-labels').textContent()).toContain('沒有標記');

    await page.getByTestId('member-labels-edit').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-select') });
    await dialog.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // Only enabled labels are offered.
    await expect.poll(() => options.allTextContents(), WAIT).toEqual(['獎學金', 'VIP', 'Alumni']);
    await options.filter({ hasText: '獎學金' }).click();
    await options.filter({ hasText: 'VIP' }).click();
    await page.keyboard.press('Escape');
    await settle(page);
    await screenshot(page, 'member-labels-edit-zh-TW');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.textContent()).toContain('確定要儲存 Administrator 的標記嗎？');
    await confirm.locator('.ant-btn-primary').click();
    await expect.poll(() => tagTexts(page), WAIT).toEqual(['獎學金', 'VIP']);

    await page.reload();
    await page.getByTestId('member-labels').waitFor();
    await expect.poll(() => tagTexts(page), WAIT).toEqual(['獎學金', 'VIP']);
    await settle(page);
    await screenshot(page, 'member-labels-profile-zh-TW');

    // The employee list shows them too, read with the page in one query.
    await page.goto(`${portal.baseUrl}/sadmin/employee/employeeList`);
    const row = page.locator(ROW, { hasText: 'Administrator' });
    await row.waitFor();
    await expect
      .poll(() => row.locator('[data-testid^="member-label-"]').allTextContents(), WAIT)
      .toEqual(['獎學金', 'VIP']);
    await page.mouse.move(0, 600);
    await settle(page);
    await screenshot(page, 'member-labels-list-zh-TW');
    await context.close();

    // The same labels, read in English.
    const en = await portal.signedInPage({ storage: { 'cake-locale': 'en-US' } });
    await openProfile(en.page);
    await expect.poll(() => tagTexts(en.page), WAIT).toEqual(['獎學金', 'VIP']);
    expect(await en.page.getByTestId('member-labels-edit').textContent()).toBe('Edit labels');
    await settle(en.page);
    await screenshot(en.page, 'member-labels-profile-en-US');
    await en.context.close();
  });
});
