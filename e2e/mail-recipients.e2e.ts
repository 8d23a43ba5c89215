import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PERM } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../apps/server/src/test/access-fixtures.js';
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

    // A notice to all members with an e-mail copy: each member with an address receives their own. More than a page
    // of them (10), so the copy's recipients are paged by the server.
    await createStaff(portal.db, 'copyReader', []);
    for (let i = 1; i <= 11; i += 1) await createStaff(portal.db, `copyPupil${i}`, []);
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
    const noticeDrawer = page.getByTestId('notice-drawer');
    const copies = page.getByTestId('notice-copy');
    // The counts follow the outbox until none is queued; the table shows the first page of the recipients. The copy
    // is waited for first: before the view has loaded, no tag at all would pass the wait for none queued.
    await poll(() => noticeDrawer.getByTestId('notice-copy-count').count()).toBe(1);
    await poll(() => noticeDrawer.getByTestId('notice-copy-summary-queued').count()).toBe(0);
    await poll(() => noticeDrawer.getByTestId('notice-copy-summary-sending').count()).toBe(0);
    await poll(() => noticeDrawer.getByTestId('notice-copy-summary-sent').count()).toBe(1);
    const copy = smtp().received.filter((r) => r.mail.subject === 'Open day');
    expect(copy.length).toBeGreaterThan(10);
    expect(await noticeDrawer.getByTestId('notice-copy-summary-sent').textContent()).toBe(`已寄出 ${copy.length}`);
    await poll(() => copies.locator('[data-testid=notice-copy-sent]').count()).toBe(10);
    await settleAnimations(page);
    await screenshot(page, 'mail36-notice-view-zh-TW');
    // The next page comes from the server: the rest of the recipients, none twice.
    const shown = async () =>
      await copies.locator('tr[data-row-key]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
    const first = await shown();
    await noticeDrawer.locator('.ant-pagination-item-2').click();
    await poll(() => copies.locator('[data-testid=notice-copy-sent]').count()).toBe(copy.length - 10);
    const second = await shown();
    expect([...first, ...second].sort()).toEqual(copy.map((r) => r.envelopeTo[0]).sort());
    expect(first).not.toEqual(expect.arrayContaining(second));
    expect([...first, ...second]).toContain('copyReader@example.test');
    await context.close();

    // A member who may only list notices sees the copy's counts, never an address.
    // (With the menu group above the screen, so the screen opens at its path.)
    const readerRole = await createRole(portal.db, 'ROLE_NOTICE_READER', [PERM.noticeList, 'menu:message']);
    await createStaff(portal.db, 'noticeOnlyReader', [readerRole]);
    const reader = await portal.signedInPage({ user: 'noticeOnlyReader', password: STAFF_PASSWORD });
    await reader.page.goto(`${portal.baseUrl}${PATHS.notice}`);
    const readerRow = reader.page.locator(ROW, { hasText: 'Open day' });
    await poll(() => readerRow.count()).toBe(1);
    await readerRow.getByTestId('notice-view').click();
    const readerDrawer = reader.page.getByTestId('notice-drawer');
    await poll(() => readerDrawer.getByTestId('notice-copy-summary-sent').textContent()).toBe(`已寄出 ${copy.length}`);
    await readerDrawer.getByTestId('notice-copy-hidden').waitFor();
    expect(await readerDrawer.getByTestId('notice-copy').count()).toBe(0);
    expect(await readerDrawer.textContent()).not.toContain('@example.test');
    await settleAnimations(reader.page);
    await screenshot(reader.page, 'notice-copy-counts-only-zh-TW');
    await reader.context.close();

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
