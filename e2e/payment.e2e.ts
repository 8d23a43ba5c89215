import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ACTIVE_PANE,
  confirmDialog,
  screenshot,
  seedApplication,
  settleAnimations,
  poll,
  usePortal,
} from './harness.js';
import { firstSheet } from './drawer.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-message-notice'));
  await settleAnimations(page);
  await page.waitForTimeout(300);
}
const drawer = (page: Page) => page.locator('.ant-drawer.ant-drawer-open').last();
const rowOf = (page: Page, title: string) => page.locator(`${ACTIVE_PANE} tr[data-row-key]`, { hasText: title });
const totalCard = (page: Page, currency: string) => page.locator(`${ACTIVE_PANE} [data-testid=pay-total-${currency}]`);

async function addPayment(page: Page, o: { title: string; amount: string; refund?: boolean; receipt?: boolean }) {
  await page.locator(`${ACTIVE_PANE} [data-testid=pay-add]`).click();
  await drawer(page).waitFor({ state: 'visible' });
  await settleAnimations(page);
  await page.locator('#payment_title').fill(o.title);
  if (o.refund) await drawer(page).locator('.ant-radio-button-wrapper', { hasText: '退款' }).click();
  await page.locator('#payment_amount').fill(o.amount);
  if (o.receipt) {
    // Contract files, payment screenshots, receipt: the third upload is the receipt.
    await drawer(page).locator('input[type=file]').nth(2).setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await poll(() => drawer(page).getByTestId('pay-attachment').count()).toBe(1);
  }
  await drawer(page).getByTestId('pay-save').click();
  await confirmDialog(page);
  await poll(() => rowOf(page, o.title).count()).toBe(1);
}

describe('payment records end to end', () => {
  const portal = usePortal();
  let appId = 0;
  let paymentId = 0;
  beforeAll(async () => {
    appId = await seedApplication(portal, { name: '陳大文' });
  });

  it('adds a collection with a receipt and a refund from the application, confirms it and sees the log', async () => {
    const { page, context } = await portal.signedInPage();
    // From the applications list's row action.
    await page
      .locator(`${ACTIVE_PANE} tr[data-row-key]`, { hasText: '陳大文' })
      .getByRole('button', { name: '付款管理' })
      .click();
    await page.waitForURL(new RegExp(`userTransactions\\?id=${appId}(&|$)`));
    await expect
      .poll(() => page.locator(`${ACTIVE_PANE} [data-testid=pay-totals]`).innerText())
      .toContain('目前沒有金額');

    // A bad amount: the field says why and nothing is left uncaught (issue 36: "Uncaught (in promise) Object";
    // e2e/setup.ts fails the test on any page error). The drawer is closed again before the real records.
    await page.locator(`${ACTIVE_PANE} [data-testid=pay-add]`).click();
    await drawer(page).waitFor({ state: 'visible' });
    await settleAnimations(page);
    await page.locator('#payment_amount').fill('12.345.6');
    await drawer(page).getByTestId('pay-save').click();
    await poll(() => drawer(page).locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'hidden' });

    await addPayment(page, { title: 'Tuition deposit', amount: '1000', receipt: true });
    await addPayment(page, { title: 'Partial refund', amount: '200.5', refund: true });

    // Totals per currency: the refund is subtracted, nothing confirmed yet.
    await poll(() => totalCard(page, 'GBP').innerText()).toMatch(/799\.50[\s\S]*799\.50[\s\S]*0\.00/);

    await rowOf(page, 'Tuition deposit').getByTestId('pay-row-confirm').click();
    await confirmDialog(page);
    await poll(() => rowOf(page, 'Tuition deposit').getByTestId('pay-status').innerText()).toBe('已確認');
    await poll(() => totalCard(page, 'GBP').innerText()).toMatch(/799\.50[\s\S]*-£?200\.50[\s\S]*1,000\.00/);

    // The confirmed record is locked: amount, currency, date and type cannot be edited.
    await rowOf(page, 'Tuition deposit').getByTestId('pay-row-edit').click();
    await drawer(page).waitFor({ state: 'visible' });
    await poll(() => page.locator('#payment_amount').isDisabled()).toBe(true);
    expect(await drawer(page).locator('.ant-alert').innerText()).toContain('已鎖定');
    await settle(page);
    await screenshot(page, 'payment-locked-zh-TW');
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'hidden' });

    // The view shows the receipt with a preview.
    await rowOf(page, 'Tuition deposit').getByTestId('pay-row-title').click();
    await poll(() => drawer(page).getByTestId('pay-attachment-preview').count()).toBe(1);
    await drawer(page).getByTestId('pay-attachment-preview').click();
    await page.locator('.ant-image-preview-img').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await settle(page);
    await page.keyboard.press('Escape');
    await settle(page);
    await screenshot(page, 'payment-user-transactions-zh-TW');

    const rows = await portal.db.selectFrom('paymentRecord').select(['id', 'title']).execute();
    paymentId = rows.find((r) => r.title === 'Tuition deposit')!.id;

    // The operation log: create, attach and confirm of the collection, create of the refund.
    await page.goto(`${portal.baseUrl}/sadmin/tracksManage/tracks`);
    await poll(() => page.locator(`${ACTIVE_PANE} tr[data-row-key]`).count()).toBe(4);
    const ops = await page.locator(`${ACTIVE_PANE} tr[data-row-key] .ant-tag`).allInnerTexts();
    expect(ops).toEqual(['確認', '新增', '新增附件', '新增']);
    await page.locator(`${ACTIVE_PANE} tr[data-row-key]`).first().getByTestId('track-row-view').click();
    await poll(() => page.getByTestId('track-changes').innerText()).toMatch(/待確認[\s\S]*已確認/);
    await settle(page);
    await screenshot(page, 'payment-track-detail-zh-TW');
    await page.keyboard.press('Escape');
    await settle(page);
    await screenshot(page, 'payment-tracks-zh-TW');

    await page.goto(`${portal.baseUrl}/sadmin/transactionsManage/transactions`);
    await poll(() => page.locator(`${ACTIVE_PANE} tr[data-row-key]`).count()).toBe(2);
    await settle(page);
    await screenshot(page, 'payment-transactions-zh-TW');
    await context.close();
  });

  it('renders the three screens in en-US', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}/sadmin/transactionsManage/transactions`);
    await poll(() => page.locator(`${ACTIVE_PANE} tr[data-row-key]`).count()).toBe(2);
    await poll(() => totalCard(page, 'GBP').innerText()).toContain('Confirmed amount');
    await settle(page);
    await screenshot(page, 'payment-transactions-en-US');
    await page.goto(`${portal.baseUrl}/sadmin/applicationManage/userTransactions?id=${appId}`);
    await poll(() => page.locator(`${ACTIVE_PANE} tr[data-row-key]`).count()).toBe(2);
    await rowOf(page, 'Tuition deposit').getByTestId('pay-row-title').click();
    await poll(() => drawer(page).getByTestId('pay-attachment').count()).toBe(1);
    await settle(page);
    await screenshot(page, 'payment-view-en-US');
    await page.keyboard.press('Escape');
    await settle(page);
    await screenshot(page, 'payment-user-transactions-en-US');
    // The log of one record, by its address (a list's filters are `f.<name>` there): the id box shows it, and every
    // entry is that record's.
    await page.goto(`${portal.baseUrl}/sadmin/tracksManage/tracks?f.paymentId=${paymentId}`);
    await poll(() => page.locator(`${ACTIVE_PANE} tr[data-row-key]`).count()).toBeGreaterThan(0);
    const idBox = page.locator(
      `${ACTIVE_PANE} :is(input[data-testid=track-payment-filter], [data-testid=track-payment-filter] input)`,
    );
    expect(await idBox.inputValue()).toBe(String(paymentId));
    for (const text of await page.locator(`${ACTIVE_PANE} tr[data-row-key]`).allInnerTexts())
      expect(text).toContain(`#${paymentId} `);
    await settle(page);
    await screenshot(page, 'payment-tracks-en-US');
    // The log's Export (issue 39): the record's entries, headings and operations in the reader's language.
    const shown = await page.locator(`${ACTIVE_PANE} tr[data-row-key]`).count();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('track-export').click()]);
    const sheet = await firstSheet(await download.path());
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Time',
      'Operator',
      'Operation',
      'Payment record id',
      'Payment record',
      'Changes',
    ]);
    expect(sheet.rowCount).toBe(shown + 1);
    expect(sheet.getRow(2).getCell(4).value).toBe(paymentId);
    expect(sheet.getColumn(3).values.slice(2)).toContain('Confirm');
    await context.close();
  });
});
