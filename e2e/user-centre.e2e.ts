import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ACTIVE_PANE,
  confirmDialog,
  screenshot,
  settleAnimations,
  signInOnScreen,
  poll,
  seedStaff,
  switchRole,
  usePortal,
} from './harness.js';

// Issue 19 (user centre): edit the profile with a cropped avatar and see the header follow, the resume, the password
// change and signing in again, and role switching changing the menu.
const LOGIN = 'centre';
const PASSWORD = 'Centre#2026pass';
const NEW_PASSWORD = 'Centre#2026new';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const sider = (page: Page) => page.locator('.frame-sider');

async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
  await settleAnimations(page);
  await page.waitForTimeout(300);
}

async function openScreen(page: Page, baseUrl: string, path: string, testId: string) {
  await page.goto(`${baseUrl}/sadmin${path}`);
  await page.locator(`${ACTIVE_PANE} [data-testid=${testId}]`).waitFor();
  await settle(page);
}

describe('user centre', () => {
  const portal = usePortal();
  beforeAll(async () => {
    await seedStaff(portal, {
      loginName: LOGIN,
      password: PASSWORD,
      email: 'centre@example.com',
      nickName: 'centre',
      roles: [
        { name: 'ROLE_E2E_STAFF', cnName: '員工檢視', enName: 'Staff viewer', perms: ['menu:employee', 'member:list'] },
        {
          name: 'ROLE_E2E_SETUP',
          cnName: '字典維護',
          enName: 'Dictionary keeper',
          perms: ['menu:systemSetup', 'sys:dict:list'],
        },
      ],
    });
  });

  it('switches role and sees the menu change', async () => {
    const { page, context } = await portal.signedInPage({ user: LOGIN, password: PASSWORD });
    await poll(() => sider(page).innerText()).toContain('員工管理');
    expect(await sider(page).innerText()).toContain('系統設定');

    await switchRole(page, '切換角色', '字典維護 (ROLE_E2E_SETUP)');
    await poll(() => sider(page).innerText()).not.toContain('員工管理');
    expect(await sider(page).innerText()).toContain('系統設定');
    await poll(() => page.getByTestId('active-role').innerText()).toBe('字典維護');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '切換角色' }).hover();
    await settleAnimations(page);
    await screenshot(page, 'user-role-switch-zh-TW');
    await page.getByRole('menuitem', { name: '全部角色' }).click();
    await poll(() => sider(page).innerText()).toContain('員工管理');
    await context.close();
  });

  it('edits the profile with a cropped avatar; the header follows; the resume shows it', async () => {
    const { page, context } = await portal.signedInPage({ user: LOGIN, password: PASSWORD });
    await openScreen(page, portal.baseUrl, '/user/profile', 'profile-form');
    expect(await page.getByTestId('user-name').innerText()).toBe('centre@example.com');

    const form = page.locator(`${ACTIVE_PANE} [data-testid=profile-form]`);
    await form.locator('#engLastName').fill('Lin');
    await form.locator('#engFirstName').fill('Mei');
    await form.locator('#fullName').fill('林美');
    await form.locator('#city').fill('London');
    await form.locator('#summary').fill('Eight years guiding students to UK universities.');
    const skills = form.locator('#skills');
    await skills.fill('UCAS');
    await skills.press('Enter');
    await skills.fill('IELTS');
    await skills.press('Enter');
    await form.getByTestId('add-workHistory').click();
    await form.getByRole('textbox', { name: '開始' }).first().fill('2018-09');
    await form.getByRole('textbox', { name: '公司' }).fill('Study UK Ltd');
    await form.getByRole('textbox', { name: '職稱' }).fill('Consultant');
    await form.getByTestId('profile-save').click();
    await confirmDialog(page);
    await poll(() => page.getByTestId('user-name').innerText()).toBe('Lin Mei');

    await page.locator(`${ACTIVE_PANE} input[type=file]`).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByTestId('avatar-crop').waitFor();
    await settleAnimations(page);
    await screenshot(page, 'user-avatar-crop-zh-TW');
    await page.locator('.ant-modal').getByRole('button', { name: '使用此頭像' }).click();
    await poll(() => page.locator('[data-testid=user-avatar] img').getAttribute('src')).toMatch(/^blob:/);
    await poll(() => page.locator('[data-testid=profile-avatar] img').getAttribute('src')).toMatch(/^blob:/);
    await page.getByTestId('user-profile').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('.ant-message-notice'));
    await settle(page);
    await screenshot(page, 'user-profile-zh-TW');

    await openScreen(page, portal.baseUrl, '/user/resume', 'resume-sheet');
    await page.getByTestId('cv-edit').click();
    await page.locator('.ant-modal #headline').fill('UK admissions consultant');
    await page.locator('.ant-modal #objective').fill('Help every student find the right course.');
    await page.locator('.ant-modal .ant-modal-footer .ant-btn-primary').click();
    await confirmDialog(page);
    const sheet = page.getByTestId('resume-sheet');
    await poll(() => sheet.innerText()).toContain('UK admissions consultant');
    const text = await sheet.innerText();
    for (const s of ['Lin Mei', 'Study UK Ltd', 'UCAS', '已認證']) expect(text).toContain(s);
    await settle(page);
    await screenshot(page, 'user-resume-zh-TW');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'user-resume-print-zh-TW');
    await page.emulateMedia({ media: 'screen' });
    await context.close();
  });

  it('changes the password and signs in again with the new one', async () => {
    const { page, context } = await portal.signedInPage({ user: LOGIN, password: PASSWORD });
    await openScreen(page, portal.baseUrl, '/user/resetPwd', 'reset-pwd-form');
    await page.locator('#oldPassword').fill(PASSWORD);
    await page.locator('#newPassword').fill(NEW_PASSWORD);
    await page.locator('#confirmPassword').fill(NEW_PASSWORD);
    await screenshot(page, 'user-reset-pwd-zh-TW');
    await page.locator(`${ACTIVE_PANE} [data-testid=reset-pwd-form] button[type=submit]`).click();
    await confirmDialog(page);
    await page.locator('.ant-message-notice', { hasText: '密碼已修改' }).waitFor();
    await context.close();

    const again = await portal.newPage();
    await signInOnScreen(again.page, portal.baseUrl, LOGIN, NEW_PASSWORD);
    await poll(() => again.page.getByTestId('user-name').innerText()).toBe('Lin Mei');
    await again.context.close();
  });

  it('renders the user centre in en-US', async () => {
    const { page, context } = await portal.signedInPage({
      locale: 'en-US',
      storage: { 'cake-locale': 'en-US' },
      user: LOGIN,
      password: NEW_PASSWORD,
    });
    await openScreen(page, portal.baseUrl, '/user/profile', 'profile-form');
    await poll(() => page.locator('[data-testid=profile-avatar] img').getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'user-profile-en-US');
    await openScreen(page, portal.baseUrl, '/user/resume', 'resume-sheet');
    await screenshot(page, 'user-resume-en-US');
    await openScreen(page, portal.baseUrl, '/user/resetPwd', 'reset-pwd-form');
    await screenshot(page, 'user-reset-pwd-en-US');
    await switchRole(page, 'Switch role', 'Staff viewer (ROLE_E2E_STAFF)');
    await poll(() => sider(page).innerText()).not.toContain('System');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Switch role' }).hover();
    await settleAnimations(page);
    await screenshot(page, 'user-role-switch-en-US');
    await context.close();
  });
});
