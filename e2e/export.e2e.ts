import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tagApi } from '@study-crm/shared';
import {
  ACTIVE_PANE,
  pickOption,
  poll,
  screenshot,
  seedApplication,
  seedPayment,
  settleAnimations,
  signIn,
  startPortal,
  type Portal,
} from './harness.js';

const SHOTS = '/tmp/shots/export39';
const AUTH_EN = 'Sign-in';

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-message-notice'));
  await settleAnimations(page);
  const file = await screenshot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

// The operation log's Export: a small export downloads at once; with a threshold of 2 rows (EXPORT_DIRECT_MAX_ROWS)
// the full log runs as a background job whose progress the dialog shows.
describe('export of a list end to end', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal({ EXPORT_DIRECT_MAX_ROWS: '2' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  for (const locale of ['zh-TW', 'en-US'] as const) {
    it(`exports the filtered operation log and reads the file back (${locale})`, async () => {
      const { page, context } = await portal.newPage({ storage: { 'cake-locale': locale } });
      await signIn(page, portal.baseUrl);
      await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog`);
      const rows = page.locator(`${ACTIVE_PANE} [data-testid=audit-table] tr[data-row-key]`);
      await poll(() => rows.count()).toBeGreaterThan(0);
      // Filtered to the sign-ins: one per run of this test, fewer than the threshold.
      await pickOption(page, page.getByTestId('audit-module-filter'), locale === 'zh-TW' ? '登入' : AUTH_EN);
      await poll(async () =>
        (await rows.allInnerTexts()).every((r) => r.includes(locale === 'zh-TW' ? '登入' : AUTH_EN)),
      ).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
      const file = await download.path();
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(7).value).toBe(locale === 'zh-TW' ? '結果' : 'Outcome');
      expect(sheet.getRow(2).getCell(3).value).toBe('auth');
      expect(sheet.getRow(2).getCell(7).value).toBe(locale === 'zh-TW' ? '成功' : 'Succeeded');
      expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
      await shot(page, `export-button-${locale}`);

      // Everything: more rows than the threshold, a background job with its progress.
      await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog`);
      await poll(() => rows.count()).toBeGreaterThan(0);
      await page.getByTestId('audit-export').click();
      await page.getByTestId('job-progress').waitFor();
      await page.getByTestId('job-download').waitFor({ timeout: 30_000 });
      await shot(page, `export-job-${locale}`);
      const [jobFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('job-download').click()]);
      const jobBook = new ExcelJS.Workbook();
      await jobBook.xlsx.readFile(await jobFile.path());
      expect(jobBook.worksheets[0]!.rowCount).toBeGreaterThan(4);
      await context.close();
    });
  }

  // The application list (the first screen): filtered by keyword and status, Export gives its one row, headings in
  // the reader's language and the status as the dictionary's label.
  for (const locale of ['zh-TW', 'en-US'] as const) {
    it(`exports the filtered application list and reads the file back (${locale})`, async () => {
      const tag = `Exportrow ${locale}`;
      await seedApplication(portal, { name: tag, email: `export-${locale}@example.com`, status: 'rejected' });
      await seedApplication(portal, { name: `${tag} other`, email: `export2-${locale}@example.com` });
      const { page, context } = await portal.newPage({ storage: { 'cake-locale': locale } });
      await signIn(page, portal.baseUrl);
      await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationList`);
      const rows = page.locator(`${ACTIVE_PANE} [data-testid=app-table] tr[data-row-key]`);
      await poll(() => rows.count()).toBeGreaterThan(0);
      const search = page.getByTestId('app-search').locator('input');
      await search.fill(tag);
      await search.press('Enter');
      await poll(() => rows.count()).toBe(2);
      await pickOption(page, page.getByTestId('app-status-filter'), locale === 'zh-TW' ? '已拒絕' : 'Rejected');
      await poll(() => rows.count()).toBe(1);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('app-export').click()]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getRow(1).getCell(1).value).toBe(locale === 'zh-TW' ? '學生' : 'Student');
      expect(sheet.getRow(1).getCell(4).value).toBe(locale === 'zh-TW' ? '狀態' : 'Status');
      expect(sheet.getRow(2).getCell(1).value).toBe(tag);
      expect(sheet.getRow(2).getCell(4).value).toBe(locale === 'zh-TW' ? '已拒絕' : 'Rejected');
      await shot(page, `export-applications-${locale}`);
      await context.close();
    });
  }

  // The payment records list: filtered by the student's name, Export gives its rows with the amount as money.
  it('exports the filtered payment records and reads the file back (en-US)', async () => {
    const applicationId = await seedApplication(portal, { name: 'Exportpay Student', email: 'exportpay@example.com' });
    await seedPayment(portal, { applicationId, title: 'Deposit', amount: '1200.50', currency: 'GBP' });
    await seedPayment(portal, { applicationId, title: 'Back', type: 'refund', amount: '100', currency: 'GBP' });
    const { page, context } = await portal.newPage({ storage: { 'cake-locale': 'en-US' } });
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/transactionsManage/transactions`);
    const rows = page.locator(`${ACTIVE_PANE} [data-testid=pay-table] tr[data-row-key]`);
    await poll(() => rows.count()).toBeGreaterThan(0);
    const search = page.locator(`${ACTIVE_PANE} .ant-input-search input`).first();
    await search.fill('Exportpay');
    await search.press('Enter');
    await poll(() => rows.count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pay-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(4).value).toBe('Amount');
    const amounts = [2, 3].map((n) => sheet.getRow(n).getCell(4).value).sort();
    expect(amounts).toEqual([-100, 1200.5]);
    expect(sheet.getRow(2).getCell(6).value).toBe('Pending confirmation');
    await shot(page, 'export-payments-en-US');
    await context.close();
  });

  // The tag list (a setup list on the list kit): filtered by keyword, Export gives its rows with the headings in
  // the reader's language, and a label that would be a formula stays text.
  it('exports the filtered tag list and reads the file back (zh-TW)', async () => {
    await portal.api(tagApi.add, { type: 'student', value: 'exporttag_a', label: '=1+2', sort: 1 });
    await portal.api(tagApi.add, { type: 'student', value: 'exporttag_b', label: '匯出乙', sort: 2 });
    await portal.api(tagApi.add, { type: 'student', value: 'othertag_c', label: '其他丙', sort: 3 });
    const { page, context } = await portal.newPage({ storage: { 'cake-locale': 'zh-TW' } });
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/sysTagManage`);
    const rows = page.locator(`${ACTIVE_PANE} [data-testid=tag-table] tr[data-row-key]`);
    await poll(() => rows.count()).toBeGreaterThan(2);
    await page.getByTestId('tag-keyword').fill('exporttag');
    await page.locator(ACTIVE_PANE).getByTestId('list-search').click();
    await poll(() => rows.count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tag-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['標籤類型', '標籤鍵值', '中文標籤']);
    const labels = [2, 3].map((n) => sheet.getRow(n).getCell(3).value).sort();
    expect(labels).toEqual(["'=1+2", '匯出乙']);
    expect(sheet.getRow(2).getCell(7).value).toBe('啟用');
    await shot(page, 'export-tags-zh-TW');
    await context.close();
  });

  // The employee list: filtered by a name, Export gives its rows and never a secret.
  it('exports the filtered employee list and reads the file back (en-US)', async () => {
    const { page, context } = await portal.newPage({ storage: { 'cake-locale': 'en-US' } });
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/employee/employeeList`);
    const rows = page.locator(`${ACTIVE_PANE} [data-testid=member-table] tr[data-row-key]`);
    await poll(() => rows.count()).toBeGreaterThan(0);
    const search = page.getByTestId('member-search').locator('input');
    await search.fill('admin');
    await search.press('Enter');
    await poll(() => rows.count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('member-export').click()]);
    const file = await download.path();
    expect(fs.readFileSync(file).toString('latin1')).not.toMatch(/\$argon2|\$2[aby]\$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(8).value).toBe('Status');
    expect(sheet.getRow(2).getCell(7).value).toBe('Staff');
    await shot(page, 'export-employees-en-US');
    await context.close();
  });
});
