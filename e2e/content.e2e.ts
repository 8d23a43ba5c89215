import { describe, expect, it } from 'vitest';
import { renderCaptchaPng } from '../apps/server/src/lib/captcha-image.js';
import type { Page } from 'playwright-core';
import { ROW, confirmDialog, screenshot, settleAnimations, poll, usePortal } from './harness.js';

const CONTENT = '/sadmin/systemSetup/contentManage';
const MERCHANT = '/sadmin/systemSetup/merchantSettings';

async function addAnnouncement(page: Page, title: string, body: string) {
  await page.getByTestId('content-add').first().click();
  await page.getByTestId('content-f-title').waitFor({ state: 'visible' });
  await settleAnimations(page);
  await page.getByTestId('content-f-title').fill(title);
  await page.getByTestId('content-f-body').fill(body);
  await page.getByTestId('content-f-status').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').last().click();
  await page.getByTestId('content-form').locator('.ant-modal-footer .ant-btn-primary').click();
  await confirmDialog(page);
  await page.getByTestId('content-form').waitFor({ state: 'hidden' });
}

describe('announcements and the merchant record end to end', () => {
  const portal = usePortal();

  it('publishes an announcement that the login page shows, and edits the merchant record', async () => {
    const { page, context } = await portal.signedInPage();
    await page.goto(`${portal.baseUrl}${CONTENT}`);
    await page.getByTestId('content-manage').first().waitFor();
    await addAnnouncement(page, '聖誕節辦公時間', '12 月 25 日休息。\n<b>不是粗體</b>');
    await poll(() => page.locator(ROW, { hasText: '聖誕節辦公時間' }).innerText()).toContain('已發布');
    await settleAnimations(page);
    await screenshot(page, 'content-list-zh-TW');

    await page.goto(`${portal.baseUrl}${MERCHANT}`);
    await page.getByTestId('merchant-f-nameEn').first().waitFor();
    await poll(() => page.getByTestId('merchant-f-nameEn').first().inputValue()).toBe('Study CRM Admin');
    await page.getByTestId('merchant-f-nameEn').first().fill('UK Study Partners');
    await page.getByTestId('merchant-save').first().click();
    await confirmDialog(page);
    await poll(() => page.locator('.ant-message-notice').count()).toBeGreaterThan(0);
    await settleAnimations(page);
    await screenshot(page, 'merchant-settings-zh-TW');

    // The display name and an uploaded logo become the portal's own: navbar and browser title.
    await page.getByTestId('merchant-f-nameTw').first().fill('英倫升學顧問');
    await page.getByTestId('merchant-save').first().click();
    await confirmDialog(page);
    await poll(() => page.getByTestId('navbar-title').innerText()).toBe('英倫升學顧問');
    await poll(() => page.title()).toMatch(/^英倫升學顧問 - /);
    await poll(() => page.locator('.frame-footer').innerText()).toContain('英倫升學顧問');
    const logo = renderCaptchaPng('UKSP');
    await page
      .getByTestId('merchant-logo-upload')
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")][1]//input[@type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await poll(() => page.getByTestId('navbar-logo').count()).toBe(1);
    await poll(() =>
      page.getByTestId('merchant-logo').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(1);
    await settleAnimations(page);
    await screenshot(page, 'merchant-logo-zh-TW');

    // A visitor (not signed in) sees it on the login page, as text.
    const visitor = await portal.newPage();
    await visitor.page.goto(`${portal.baseUrl}/sadmin/login`);
    await poll(() => visitor.page.getByTestId('login-announcements').innerText()).toContain('聖誕節辦公時間');
    expect(await visitor.page.locator('[data-testid=login-announcements] b').count()).toBe(0);
    await settleAnimations(visitor.page);
    await screenshot(visitor.page, 'login-announcements-zh-TW');
    await visitor.context.close();
    await context.close();
  });

  it('shows the screens in en-US', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}${CONTENT}`);
    await poll(() => page.locator(ROW, { hasText: '聖誕節辦公時間' }).innerText()).toContain('Published');
    await settleAnimations(page);
    await screenshot(page, 'content-list-en-US');
    await page.goto(`${portal.baseUrl}${MERCHANT}`);
    await poll(() => page.getByTestId('merchant-f-nameEn').first().inputValue()).toBe('UK Study Partners');
    await settleAnimations(page);
    await screenshot(page, 'merchant-settings-en-US');
    await context.close();
  });
});
