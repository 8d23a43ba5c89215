import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createStaff } from '../apps/server/src/test/access-fixtures.js';
import {
  ACTIVE_PANE,
  confirmDialog,
  fillMailSenderForm,
  pickOption,
  poll,
  ROW,
  screenshot,
  settleAnimations,
  usePortal,
  useSmtpServer,
} from './harness.js';

const PATHS = {
  email: '/sadmin/message/emailManage',
  sender: '/sadmin/message/emailSenderManage',
  notice: '/sadmin/message/noticeManage',
};

// Types a time into an antd date-time picker and commits it.
async function pickTime(page: Page, picker: Locator, text: string) {
  // antd puts the test id on the input itself.
  const isInput = (await picker.evaluate((e) => e.tagName)) === 'INPUT';
  const input = isInput ? picker : picker.locator('input').first();
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  // Closes the panel if it stayed open; the value is already committed.
  await page.locator('.ant-drawer-title').last().click();
}

const inTwoDays = () => {
  const d = new Date(Date.now() + 2 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 10:30`;
};

// Issue 36: Cc/Bcc with per-recipient statuses, send later and cancel, Reply-To, and a notice's e-mail copy.
describe('e-mail as staff expect it', () => {
  const smtp = useSmtpServer();
  const portal = usePortal({ DELIVERY_POLL_MS: '100' });

  it('sends with Cc and Bcc, schedules one and cancels it, and e-mails a notice copy', async () => {
    const { page, context } = await portal.signedInPage({ viewport: { width: 1280, height: 800 } });

    // A mail server with a Reply-To address, through its form.
    const modal = await fillMailSenderForm(page, portal.baseUrl, smtp());
    await modal.locator('#replyTo').fill('not-an-address');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await poll(() => modal.locator('.ant-form-item-explain-error').allTextContents()).toContain(
      '請輸入有效的電子郵件地址',
    );
    await modal.locator('#replyTo').fill('advisers@e2e.example.com');
    await settleAnimations(page);
    await screenshot(page, 'mail36-sender-form-zh-TW');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await confirmDialog(page);
    await poll(() => page.locator(ROW).count()).toBe(1);

    // To, Cc (one repeating To) and Bcc: one row per recipient with its place and status.
    await page.goto(`${portal.baseUrl}${PATHS.email}`);
    await page.getByTestId('email-add').click();
    const drawer = page.getByTestId('email-compose');
    await pickOption(page, drawer.locator('#senderId'), smtp().user);
    await drawer.locator('#recipients').fill('amy@e2e.example.com');
    await drawer.locator('#cc').fill('ben@e2e.example.com, AMY@e2e.example.com');
    await drawer.locator('#bcc').fill('boss@e2e.example.com');
    await drawer.locator('#subject').fill('Offer update');
    const editor = drawer.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('Your offer is ready.');
    await settleAnimations(page);
    await drawer.locator('.ant-drawer-extra .ant-btn-primary').click();
    await poll(() => page.locator('.ant-modal-confirm-title').last().textContent()).toContain('3');
    await confirmDialog(page);
    const detail = page.getByTestId('email-detail-drawer');
    await poll(() => detail.getByTestId('recipient-status-sent').count()).toBe(3);
    expect(await detail.getByTestId('recipient-role-to').count()).toBe(1);
    expect(await detail.getByTestId('recipient-role-cc').count()).toBe(1);
    expect(await detail.getByTestId('recipient-role-bcc').count()).toBe(1);
    await settleAnimations(page);
    await screenshot(page, 'mail36-email-detail-zh-TW');
    await detail.locator('.ant-drawer-close').click();
    // What arrived: Cc in the headers, Bcc delivered but in no header, To∩Cc once, Reply-To.
    await poll(() => smtp().received.length).toBe(3);
    expect(
      smtp()
        .received.map((r) => r.envelopeTo[0])
        .sort(),
    ).toEqual(['amy@e2e.example.com', 'ben@e2e.example.com', 'boss@e2e.example.com']);
    for (const { mail } of smtp().received) {
      expect(mail.headers.get('cc')).toBeTruthy();
      expect(mail.headers.has('bcc')).toBe(false);
      expect(mail.headerLines.some((h) => h.line.includes('boss@'))).toBe(false);
      expect(mail.headerLines.find((h) => h.key === 'reply-to')?.line).toContain('advisers@e2e.example.com');
    }

    // Send later, in the writer's time zone; then cancelled before its time: nothing arrives.
    await page.getByTestId('email-add').click();
    await pickOption(page, drawer.locator('#senderId'), smtp().user);
    await drawer.locator('#recipients').fill('later@e2e.example.com');
    await drawer.locator('#cc').fill('later-cc@e2e.example.com');
    await drawer.locator('#subject').fill('Interview reminder');
    await drawer.locator('.ProseMirror').click();
    await page.keyboard.type('See you soon.');
    await drawer.locator('.ant-radio-button-wrapper', { has: page.getByTestId('email-when-later') }).click();
    await poll(() => drawer.getByTestId('email-time-zone').textContent()).toMatch(/時區：\S+/);
    await pickTime(page, drawer.getByTestId('email-send-at'), inTwoDays());
    await settleAnimations(page);
    await screenshot(page, 'mail36-email-compose-zh-TW');
    await drawer.locator('.ant-drawer-extra .ant-btn-primary').click();
    await confirmDialog(page);
    await poll(() => detail.getByTestId('email-send-at-value').textContent()).toBe(inTwoDays());
    await poll(() => detail.getByTestId('recipient-status-queued').count()).toBe(2);
    await settleAnimations(page);
    await screenshot(page, 'mail36-email-scheduled-zh-TW');
    await detail.getByTestId('email-cancel').click();
    await page.getByTestId('email-cancel-ok').click();
    await poll(() => detail.getByTestId('recipient-status-cancelled').count()).toBe(2);
    await detail.locator('.ant-drawer-close').click();
    await page.waitForTimeout(500);
    expect(smtp().received.filter((r) => r.envelopeTo[0]!.startsWith('later'))).toHaveLength(0);

    // A notice to all members with an e-mail copy: each member with an address receives their own.
    await createStaff(portal.db, 'copyReader', []);
    await page.goto(`${portal.baseUrl}${PATHS.notice}`);
    await page.locator(`${ACTIVE_PANE} [data-testid=notice-add]`).click();
    await page.getByTestId('notice-f-title').fill('Open day');
    await page.getByTestId('notice-f-content').fill('Saturday 10:00');
    await page.getByTestId('notice-f-emailCopy').check();
    await settleAnimations(page);
    await screenshot(page, 'mail36-notice-form-zh-TW');
    await page.getByTestId('notice-form').locator('.ant-modal-footer .ant-btn-primary').click();
    await confirmDialog(page);
    const row = page.locator(ROW, { hasText: 'Open day' });
    await poll(() => row.count()).toBe(1);
    await row.getByTestId('notice-view').click();
    const copies = page.getByTestId('notice-copy');
    await poll(() => copies.locator('[data-testid=notice-copy-sent]').count()).toBeGreaterThan(0);
    await poll(() => copies.locator('[data-testid=notice-copy-queued]').count()).toBe(0);
    await poll(() => copies.textContent()).toContain('copyReader@example.test');
    await settleAnimations(page);
    await screenshot(page, 'mail36-notice-view-zh-TW');
    const copy = smtp().received.filter((r) => r.mail.subject === 'Open day');
    expect(copy.map((r) => r.envelopeTo[0])).toContain('copyReader@example.test');
    const sent = await copies.locator('[data-testid=notice-copy-sent]').count();
    expect(copy).toHaveLength(sent);
    await context.close();

    // The same screens in en-US.
    const en = await portal.signedInPage({
      storage: { 'cake-locale': 'en-US' },
      viewport: { width: 1280, height: 800 },
    });
    await en.page.goto(`${portal.baseUrl}${PATHS.email}`);
    await en.page.getByTestId('email-add').click();
    const enDrawer = en.page.getByTestId('email-compose');
    await enDrawer.locator('.ant-radio-button-wrapper', { has: en.page.getByTestId('email-when-later') }).click();
    await poll(() => enDrawer.getByTestId('email-time-zone').textContent()).toMatch(/Time zone: \S+/);
    await settleAnimations(en.page);
    await screenshot(en.page, 'mail36-email-compose-en-US');
    await enDrawer.locator('.ant-drawer-close').click();
    await settleAnimations(en.page);
    await en.page.locator(`${ACTIVE_PANE} [data-testid=email-open]`, { hasText: 'Offer update' }).click();
    await poll(() => en.page.getByTestId('email-detail-drawer').getByTestId('recipient-role-bcc').textContent()).toBe(
      'Bcc',
    );
    await settleAnimations(en.page);
    await screenshot(en.page, 'mail36-email-detail-en-US');
    await en.page.goto(`${portal.baseUrl}${PATHS.sender}`);
    await poll(() => en.page.locator(ROW).count()).toBe(1);
    await en.page
      .locator(ROW)
      .getByTestId(/-edit$/)
      .first()
      .click();
    await en.page.locator('.ant-modal #replyTo').waitFor();
    await settleAnimations(en.page);
    await screenshot(en.page, 'mail36-sender-form-en-US');
    await en.page.goto(`${portal.baseUrl}${PATHS.notice}`);
    await en.page.locator(`${ACTIVE_PANE} [data-testid=notice-add]`).click();
    await en.page.getByTestId('notice-f-emailCopy').waitFor();
    await settleAnimations(en.page);
    await screenshot(en.page, 'mail36-notice-form-en-US');
    await en.context.close();
  }, 240_000);
});
