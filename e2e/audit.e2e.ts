import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ACTIVE_PANE,
  confirmDialog,
  pickOption,
  poll,
  screenshot,
  seedApplication,
  settleAnimations,
  signIn,
  startPortal,
  type Portal,
} from './harness.js';

const SHOTS = '/tmp/shots/audit39';
const drawer = (page: Page) => page.locator('.ant-drawer.ant-drawer-open').last();

async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-message-notice'));
  await settleAnimations(page);
  await page.waitForTimeout(300);
}

// The screenshot at 1280 × 800, kept with the others and copied where the reviewers look.
async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page);
  const file = await screenshot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

describe('operation log end to end', () => {
  let portal: Portal;
  let appId = 0;
  beforeAll(async () => {
    portal = await startPortal();
    appId = await seedApplication(portal, { name: '陳大文' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  for (const locale of ['zh-TW', 'en-US'] as const) {
    it(`changes an application and sees the entry with its diff in the operation log (${locale})`, async () => {
      const { page, context } = await portal.newPage({ storage: { 'cake-locale': locale } });
      await signIn(page, portal.baseUrl);
      const newName = locale === 'zh-TW' ? '陳小文' : 'Chan Siu Man';
      await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationDetail?id=${appId}`);
      await poll(() => page.locator('#app_name').inputValue()).not.toBe('');
      await page.locator('#app_name').fill(newName);
      await page.getByTestId('detail-save').first().click();
      await confirmDialog(page);
      await poll(() => page.getByTestId('detail-dirty').count()).toBe(0);

      // From the menu: system settings → operation log.
      await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog`);
      const rows = page.locator(`${ACTIVE_PANE} [data-testid=audit-table] tr[data-row-key]`);
      await poll(() => rows.count()).toBeGreaterThan(0);
      // Filtered by the record: this application's entries only, the newest first.
      await pickOption(page, page.getByTestId('audit-record-type-filter'), locale === 'zh-TW' ? '申請' : 'Application');
      const recordId = page.getByTestId('audit-record-id-filter');
      await recordId.fill(String(appId));
      await recordId.press('Tab');
      await poll(async () => (await rows.first().innerText()).includes(`#${appId}`)).toBe(true);
      const first = rows.first();
      expect(await first.innerText()).toContain(locale === 'zh-TW' ? '編輯' : 'Update');
      expect(await first.innerText()).toContain('name');
      await shot(page, `operationLog-list-${locale}`);

      await first.getByTestId('audit-row-view').click();
      await drawer(page).waitFor({ state: 'visible' });
      const changes = drawer(page).getByTestId('audit-changes');
      const nameRow = changes.locator('tr[data-row-key]', { hasText: 'name' }).first();
      await poll(() => nameRow.count()).toBe(1);
      const text = await nameRow.innerText();
      expect(text).toContain(newName);
      expect(text).toContain(locale === 'zh-TW' ? '陳大文' : '陳小文');
      const info = await drawer(page).getByTestId('audit-detail-info').innerText();
      expect(info).toContain('Administrator');
      expect(info).toContain('127.0.0.1');
      await shot(page, `operationLog-detail-${locale}`);

      // The same change on the application's own timeline, one click from its detail (decision 180).
      await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationDetail?id=${appId}`);
      await page.getByTestId('timeline-open').first().click();
      const events = page.locator('[data-testid=timeline-drawer] [data-testid=timeline-event]');
      await poll(() => events.count()).toBeGreaterThan(0);
      const change = events.first();
      expect(await change.getAttribute('data-kind')).toBe('change');
      const changeText = await change.innerText();
      expect(changeText).toContain(locale === 'zh-TW' ? '編輯' : 'Update');
      expect(changeText).toContain(newName);
      expect(changeText).toContain('Administrator');
      await shot(page, `applicationTimeline-${locale}`);
      await context.close();
    });
  }
});
