import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import {
  ACTIVE_PANE,
  cancelDialog,
  confirmDialog,
  pickOption,
  screenshot,
  signInOnScreen,
  ROW,
  usePortal,
} from './harness.js';

const LIST = '/sadmin/employee/employeeList';
const NEW = { email: 'ada.wong@example.com', password: 'Ada#2026pass', last: 'Wong', first: 'Ada', mobile: '91234567' };

async function openList(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}${LIST}`);
  await page.locator(ROW).first().waitFor();
}

// Lets antd's open/close animations finish so screenshots show the settled screen.
const settle = (page: Page) => page.waitForTimeout(500);

describe('employees', () => {
  const portal = usePortal();

  it('adds a staff member with a role, who signs in; deactivated by another administrator, their portal shows the 401 dialog', async () => {
    const { page, context } = await portal.signedInPage();
    await openList(page, portal.baseUrl);
    await screenshot(page, 'employee-list-admin-only-zh-TW');

    // Add through the form, with its validation first.
    await page.getByTestId('member-add').click();
    const form = page.locator('.ant-modal').filter({ has: page.locator('#email') });
    await form.locator('#email').fill('not-an-email');
    await form.locator('#password').fill('short');
    await form.locator('#mobile').fill('1234');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect
      .poll(() => form.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(
        expect.arrayContaining([
          '請輸入有效的電子郵件',
          '密碼長度須為 8 到 20 個字元',
          '此手機號碼不符合所選地區的格式',
          '員工至少需要一個角色',
        ]),
      );
    await screenshot(page, 'employee-form-zh-TW');
    await form.locator('#email').fill(NEW.email);
    await form.locator('#password').fill(NEW.password);
    await form.locator('#passwordConfirm').fill(NEW.password);
    await form.locator('#engLastName').fill(NEW.last);
    await form.locator('#engFirstName').fill(NEW.first);
    await form.locator('#mobile').fill(NEW.mobile);
    await pickOption(page, form.locator('#roleIds'), '系統管理員', { multiple: true });
    await page.keyboard.press('Escape');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await confirmDialog(page);
    await page.locator(ROW, { hasText: NEW.email }).waitFor();

    // The administrator signs out and signs in as the new member.
    // Logout lives in the frame's user menu.
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '登出' }).click();
    await confirmDialog(page);
    await page.waitForURL(/\/login/);
    await signInOnScreen(page, portal.baseUrl, NEW.email, NEW.password);
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe(`${NEW.last} ${NEW.first}`);
    await openList(page, portal.baseUrl);

    // Another administrator deactivates them.
    const other = await portal.signedInPage();
    await openList(other.page, portal.baseUrl);
    const row = other.page.locator(ROW, { hasText: NEW.email });
    await row.getByRole('button', { name: '停用' }).click();
    await confirmDialog(other.page);
    await expect.poll(() => row.locator('.ant-tag').allTextContents()).toContain('停用');

    // The member's next action meets the 401 dialog.
    await page.getByPlaceholder('搜尋姓名、電子郵件或手機').fill('wong');
    await page.getByPlaceholder('搜尋姓名、電子郵件或手機').press('Enter');
    const dialog = page.locator('.ant-modal-confirm');
    await expect.poll(() => dialog.locator('.ant-modal-confirm-title').textContent()).toBe('提示');
    expect(await dialog.locator('.ant-modal-confirm-content').textContent()).toBe(
      '您的登入已過期或已在其他地方登入，請重新登入',
    );
    await settle(page);
    await screenshot(page, 'employee-401-zh-TW');
    await dialog.locator('.ant-btn-primary').click();
    await page.waitForURL(/\/login/);
    await other.context.close();
    await context.close();
  });

  it('shows the list and the profile in zh-TW and en-US', async () => {
    for (const [locale, heading, sessions, adminRole, remove] of [
      ['zh-TW', '員工列表', '最近登入', '系統管理員', '刪除'],
      ['en-US', 'Employees', 'Recent sign-ins', 'Administrator', 'Remove'],
    ] as const) {
      const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': locale } });
      await openList(page, portal.baseUrl);
      expect(await page.locator(`${ACTIVE_PANE} .panel-title`).first().textContent()).toBe(heading);
      await pickOption(page, page.getByTestId('member-type-filter'), locale === 'zh-TW' ? '全部' : 'All');
      await expect.poll(() => page.locator(ROW).count()).toBe(2);
      // A role is named in the interface's language (its English name in English).
      expect(await page.locator(ROW, { hasText: 'Administrator' }).locator('.ant-tag').allTextContents()).toContain(
        adminRole,
      );
      await page.mouse.move(0, 600);
      await settle(page);
      await screenshot(page, `employee-list-${locale}`);
      // Issue 42: axe on a delete confirmation (a danger one) while it is open, then cancelled (decision 235).
      await page.locator(ROW, { hasText: NEW.email }).getByRole('button', { name: remove }).click();
      await page.locator('.ant-modal-confirm .ant-btn-dangerous').waitFor();
      expect(await axeViolations(page, `${locale} delete confirmation`)).toEqual([]);
      await screenshot(page, `a11y-delete-confirm-${locale}`);
      await cancelDialog(page);
      await page.locator(`${ROW} a`, { hasText: 'Administrator' }).click();
      await page.waitForURL(/employeeProfile\?id=/);
      await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Administrator');
      expect(await page.getByText(sessions).count()).toBe(1);
      await settle(page);
      await screenshot(page, `employee-profile-${locale}`);
      await context.close();
    }
  });
  it('sets a password with confirmation, then removes the member with confirmation', async () => {
    const { page, context } = await portal.signedInPage();
    await openList(page, portal.baseUrl);
    await pickOption(page, page.getByTestId('member-type-filter'), '全部');
    const row = page.locator(ROW, { hasText: NEW.email });
    await row.getByRole('button', { name: '設定密碼' }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#passwordConfirm') });
    await dialog.locator('#password').fill('Fresh#2026pass');
    await dialog.locator('#passwordConfirm').fill('Other#2026pass');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toContain('兩次輸入的密碼不一致');
    await dialog.locator('#passwordConfirm').fill('Fresh#2026pass');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await confirmDialog(page);
    await page.getByText('密碼已設定').waitFor();

    await row.getByRole('button', { name: '刪除' }).click();
    await confirmDialog(page);
    await row.waitFor({ state: 'detached' });
    await context.close();
  });
});
