import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailSenderApi, tagApi } from '@study-crm/shared';
import { ACTIVE_PANE, pickOption, poll, screenshot, seedApplication, seedPayment, usePortal } from './harness.js';
import { firstSheet } from './drawer.js';

const SHOTS = '/tmp/shots/export39';
const AUTH_EN = 'Sign-in';

// The screenshot at 1280 × 800 once the page has settled, kept with the others and copied where the reviewers look.
async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, name, { settle: true, copyTo: SHOTS });
}

// The operation log's Export: a small export downloads at once; with a threshold of 2 rows (EXPORT_DIRECT_MAX_ROWS)
// the full log runs as a background job whose progress the dialog shows.
describe('export of a list end to end', () => {
  const portal = usePortal({ EXPORT_DIRECT_MAX_ROWS: '2' });

  for (const locale of ['zh-TW', 'en-US'] as const) {
    it(`exports the filtered operation log and reads the file back (${locale})`, async () => {
      const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': locale } });
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
      const sheet = await firstSheet(file);
      expect(sheet.getRow(1).getCell(7).value).toBe(locale === 'zh-TW' ? '結果' : 'Outcome');
      expect(sheet.getRow(2).getCell(3).value).toBe(locale === 'zh-TW' ? '登入' : AUTH_EN);
      expect(sheet.getRow(2).getCell(7).value).toBe(locale === 'zh-TW' ? '成功' : 'Succeeded');
      expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
      await shot(page, `export-button-${locale}`);

      // Everything: more rows than the threshold, a background job with its progress.
      await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog`);
      await poll(() => rows.count()).toBeGreaterThan(0);
      await page.getByTestId('audit-export').click();
      await page.getByTestId('job-progress').waitFor();
      // The dialog says how many rows go to the background (more than the threshold of 2); the file holds at least
      // those (an entry written meanwhile, such as the first export's own, may join them).
      const said = await page.locator('.ant-modal:visible').innerText();
      const total = Number(/[（(](\d+)/.exec(said)?.[1]);
      expect(total).toBeGreaterThan(2);
      await page.getByTestId('job-download').waitFor({ timeout: 30_000 });
      await shot(page, `export-job-${locale}`);
      const [jobFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('job-download').click()]);
      expect((await firstSheet(await jobFile.path())).rowCount).toBeGreaterThanOrEqual(total + 1);
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
      const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': locale } });
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
      const sheet = await firstSheet(await download.path());
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
    const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}/sadmin/transactionsManage/transactions`);
    const rows = page.locator(`${ACTIVE_PANE} [data-testid=pay-table] tr[data-row-key]`);
    await poll(() => rows.count()).toBeGreaterThan(0);
    const search = page.locator(`${ACTIVE_PANE} .ant-input-search input`).first();
    await search.fill('Exportpay');
    await search.press('Enter');
    await poll(() => rows.count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pay-export').click()]);
    const sheet = await firstSheet(await download.path());
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
    const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': 'zh-TW' } });
    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/sysTagManage`);
    const rows = page.locator(`${ACTIVE_PANE} [data-testid=tag-table] tr[data-row-key]`);
    await poll(() => rows.count()).toBeGreaterThan(2);
    await page.getByTestId('tag-keyword').fill('exporttag');
    await page.locator(ACTIVE_PANE).getByTestId('list-search').click();
    await poll(() => rows.count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tag-export').click()]);
    const sheet = await firstSheet(await download.path());
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
    const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': 'en-US' } });
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
    const sheet = await firstSheet(file);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(8).value).toBe('Status');
    expect(sheet.getRow(2).getCell(7).value).toBe('Staff');
    await shot(page, 'export-employees-en-US');
    await context.close();
  });

  // The mail servers (a settings list that gained Export): filtered by keyword, the list's columns in the reader's
  // language, a display name that would be a formula kept as text, and never the mailbox password.
  for (const locale of ['zh-TW', 'en-US'] as const) {
    it(`exports the filtered mail servers and reads the file back (${locale})`, async () => {
      const host = `smtp.export-${locale.toLowerCase()}.test`;
      const secret = `Mailbox-Secret-${locale}`;
      for (const [displayName, tlsMode] of [
        ['=1+2', 'none'],
        ['Office', 'tls'],
      ] as const)
        await portal.api(mailSenderApi.add, {
          host,
          port: 465,
          account: `office@${host}`,
          password: secret,
          tlsMode,
          displayName,
        });
      const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': locale } });
      await page.goto(`${portal.baseUrl}/sadmin/message/emailSenderManage`);
      const rows = page.locator(`${ACTIVE_PANE} [data-testid=sender-table] tr[data-row-key]`);
      await poll(() => rows.count()).toBeGreaterThan(1);
      await page.getByTestId('sender-keyword').fill(host);
      await page.locator(ACTIVE_PANE).getByTestId('list-search').click();
      await poll(() => rows.count()).toBe(2);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sender-export').click()]);
      const sheet = await firstSheet(await download.path());
      expect(sheet.rowCount).toBe(3);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
        locale === 'zh-TW'
          ? ['顯示名稱', '信箱帳號', 'SMTP 主機', '連接埠', '加密方式']
          : ['Display name', 'Mailbox account', 'SMTP host', 'Port', 'Encryption'],
      );
      const names = [2, 3].map((n) => sheet.getRow(n).getCell(1).value).sort();
      expect(names).toEqual(["'=1+2", 'Office']);
      expect(sheet.getRow(2).getCell(3).value).toBe(host);
      expect(sheet.getRow(2).getCell(4).value).toBe(465);
      const cells: string[] = [];
      sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
      expect(cells).toContain(locale === 'zh-TW' ? '不加密' : 'None');
      expect(cells.some((v) => v.includes(secret))).toBe(false);
      await shot(page, `export-mailServers-${locale}`);
      await context.close();
    });
  }
});
