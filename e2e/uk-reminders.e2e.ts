import { ukDay } from '@study-crm/shared';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ACTIVE_PANE,
  confirmDialog,
  openMessageBox,
  pickOption,
  pressAndConfirm,
  settle,
  settleAnimations,
  signIn,
  startPortal,
  type Portal,
} from './harness.js';

const SHOTS = '/tmp/shots/uk40';
const SLOW = { timeout: 30_000 };
const DAY_MS = 86_400_000;

async function fillDate(page: Page, locator: string, value: string) {
  const input = page.locator(locator);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

// A passport expiring before the course starts: the worker's daily reminder lands in the follow teacher's message
// box (issue 40). The cycle is added on the cycles screen, so the course start never depends on today's date.
describe('UK reminders', () => {
  let portal: Portal;
  const today = ukDay(Date.now());
  const expiry = ukDay(Date.parse(`${today}T12:00:00Z`) + 7 * DAY_MS);
  const year = Number(today.slice(0, 4)) + 5;
  beforeAll(async () => {
    // The worker runs the reminders every 2 s here (an hour by default).
    portal = await startPortal({ REMINDER_EVERY_SECONDS: '2' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('adds a cycle, saves an application whose passport expires in 7 days, and finds the reminder (zh-TW)', async () => {
    const { page, context } = await portal.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, portal.baseUrl);

    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/admissionsCycles`);
    await page.getByTestId('cycle-add').click();
    await page.locator('.ant-modal #entryYear').fill(String(year));
    await fillDate(page, '.ant-modal #earlyDeadline', `${year - 1}-10-15`);
    await fillDate(page, '.ant-modal #equalDeadline', `${year}-01-13`);
    await fillDate(page, '.ant-modal #finalDeadline', `${year}-06-30`);
    await pressAndConfirm(page, page.locator('.ant-modal-footer .ant-btn-primary'));
    const rows = page.locator(`${ACTIVE_PANE} [data-testid="cycle-table"] tr[data-row-key]`);
    await expect.poll(() => rows.count(), SLOW).toBe(4);

    await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationDetail`);
    await page.locator('#app_name').fill('周護照');
    await page.locator('#app_email').fill('passport@example.com');
    await fillDate(page, '#app_passportExpiryDate', expiry);
    await pickOption(page, page.locator('#app_followTeacherId'), 'Administrator');
    await page.getByTestId('add-targetSchools').click();
    await page.locator('#app_targetSchools_0_school').fill('University College London');
    await fillDate(page, '#app_targetSchools_0_applicationDate', today);
    await pickOption(page, page.locator('#app_targetSchools_0_cycleId'), `${year} 年入學`);
    await page.getByTestId('detail-save').first().click();
    await confirmDialog(page);
    await page.waitForURL(/applicationDetail\?id=\d+/, SLOW);

    // The worker's next run makes the to-do; the message box shows it once reopened after a reload.
    const item = page.getByTestId('box-item-todo').filter({ hasText: '周護照' });
    await expect
      .poll(async () => {
        await page.reload();
        await openMessageBox(page, 'todo');
        return item.count();
      }, SLOW)
      .toBe(1);
    expect(await item.textContent()).toContain('護照到期');
    expect(await item.textContent()).toContain(`周護照 · ${expiry} · D-7`);
    await settle(page);
    await settleAnimations(page);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'reminder-zh-TW.png') });
    await context.close();
  });

  it('shows the same reminder in English', async () => {
    const { page, context } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, portal.baseUrl);
    await openMessageBox(page, 'todo');
    const item = page.getByTestId('box-item-todo').filter({ hasText: '周護照' });
    await expect.poll(() => item.textContent(), SLOW).toContain('Passport expiry');
    await settle(page);
    await settleAnimations(page);
    await page.screenshot({ path: path.join(SHOTS, 'reminder-en-US.png') });
    await context.close();
  });
});
