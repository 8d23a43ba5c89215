import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROW, confirmDialog, screenshot, settleAnimations, poll, usePortal } from './harness.js';

const SCREEN = '/sadmin/employee/accountList';
const STUDENT = { email: 'chan.taiman@example.com', password: 'Chan#2026pass', last: 'Chan', first: 'Tai Man' };

const memberForm = (page: Page) => page.getByTestId('member-form');

async function openList(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}${SCREEN}`);
  await page.getByTestId('member-table').first().waitFor();
}

async function fillAccount(
  page: Page,
  a: { email: string; password: string; last?: string; first?: string; parent?: boolean },
) {
  await page.getByTestId('member-add').click();
  const form = memberForm(page);
  await form.locator('#email').waitFor({ state: 'visible' });
  await settleAnimations(page);
  await form.locator('#email').fill(a.email);
  await form.locator('#password').fill(a.password);
  await form.locator('#passwordConfirm').fill(a.password);
  if (a.last) await form.locator('#engLastName').fill(a.last);
  if (a.first) await form.locator('#engFirstName').fill(a.first);
  if (a.parent) await form.getByTestId('member-type').getByText('家長').click();
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await confirmDialog(page);
}

describe('account list end to end', () => {
  const portal = usePortal();

  it('adds a member account, refuses a taken e-mail in the form, sets a password and deactivates it', async () => {
    const { page, context } = await portal.signedInPage();
    await openList(page, portal.baseUrl);
    // The administrator (staff) is not an account of this list.
    await poll(() => page.getByTestId('member-table').first().innerText()).not.toContain('Administrator');

    await fillAccount(page, STUDENT);
    await memberForm(page).waitFor({ state: 'hidden' });
    await page.locator(ROW, { hasText: STUDENT.email }).waitFor();
    expect(await page.locator('.ant-modal:visible #roleIds').count()).toBe(0);
    await poll(() => page.locator(ROW, { hasText: STUDENT.email }).innerText()).toContain('學生');

    // A parent's account: its type in the list and as a filter.
    await fillAccount(page, {
      email: 'chan.parent@example.com',
      password: 'Parent#2026pass',
      last: 'Chan',
      parent: true,
    });
    await memberForm(page).waitFor({ state: 'hidden' });
    await poll(() => page.locator(ROW, { hasText: 'chan.parent@example.com' }).innerText()).toContain('家長');
    await page.getByTestId('member-type-filter').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '家長' }).click();
    await poll(() => page.locator(ROW).count()).toBe(1);
    await page.getByTestId('member-type-filter').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await poll(() => page.locator(ROW).count()).toBe(2);

    // The same e-mail again: 5403's message next to the field, in the caller's language.
    await fillAccount(page, { email: STUDENT.email, password: 'Other#2026pass' });
    await poll(() => memberForm(page).locator('.ant-form-item-explain-error').allTextContents()).toContain(
      '此電子郵件已存在',
    );
    await settleAnimations(page);
    await screenshot(page, 'account-form-taken-zh-TW');
    await memberForm(page).locator('.ant-modal-footer .ant-btn').first().click();
    await memberForm(page).waitFor({ state: 'hidden' });

    // Set a password (typed twice, confirmed), then deactivate after confirming.
    const row = page.locator(ROW, { hasText: STUDENT.email });
    await row.locator('[data-testid^=password-]').click();
    const pwd = page.locator('.ant-modal:visible').filter({ has: page.locator('#passwordConfirm') });
    await pwd.locator('#password').fill('Newer#2026pass');
    await pwd.locator('#passwordConfirm').fill('Newer#2026pass');
    await pwd.locator('.ant-modal-footer .ant-btn-primary').click();
    await confirmDialog(page);
    await pwd.waitFor({ state: 'hidden' });
    await row.locator('[data-testid^=status-]').click();
    await confirmDialog(page);
    await poll(() => row.innerText()).toContain('停用');
    await settleAnimations(page);
    await screenshot(page, 'account-list-zh-TW');
    await context.close();
  });

  it('shows the list and the form in en-US', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await openList(page, portal.baseUrl);
    await page.locator(ROW, { hasText: STUDENT.email }).waitFor();
    await settleAnimations(page);
    await screenshot(page, 'account-list-en-US');
    await page.locator(ROW, { hasText: STUDENT.email }).locator('[data-testid^=edit-]').click();
    await poll(() => memberForm(page).locator('#email').inputValue()).toBe(STUDENT.email);
    await settleAnimations(page);
    await screenshot(page, 'account-form-en-US');
    await context.close();
  });
});
