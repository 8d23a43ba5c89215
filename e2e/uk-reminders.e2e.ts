import { ukDay } from '@study-crm/shared';
import { describe, expect, it } from 'vitest';
import { ACTIVE_PANE, fillDate, openMessageBox, pickOption, pressAndConfirm, screenshot, signIn } from './harness.js';
import { SHOTS, SLOW, awaitTodo, saveNewApplication, startNewApplication, useReminderPortal } from './uk-steps.js';
const DAY_MS = 86_400_000;

// A passport expiring before the course starts: the worker's daily reminder lands in the follow teacher's message
// box (issue 40). The cycle is added on the cycles screen, so the course start never depends on today's date.
describe('UK reminders', () => {
  const portal = useReminderPortal();

  it('adds a cycle, saves an application whose passport expires in 7 days, and finds the reminder (zh-TW)', async () => {
    // Today as the test starts, not as the file is read (the portal's start-up in between): a UK midnight between
    // this and the worker's run makes it D-6, which no reminder is for.
    const today = ukDay(Date.now());
    const expiry = ukDay(Date.parse(`${today}T12:00:00Z`) + 7 * DAY_MS);
    const year = Number(today.slice(0, 4)) + 5;
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

    await startNewApplication(page, portal, '周護照', 'passport@example.com');
    await fillDate(page, '#app_passportExpiryDate', expiry);
    await page.getByTestId('add-targetSchools').click();
    await page.locator('#app_targetSchools_0_school').fill('University College London');
    await fillDate(page, '#app_targetSchools_0_applicationDate', today);
    await pickOption(page, page.locator('#app_targetSchools_0_cycleId'), `${year} 年入學`);
    await saveNewApplication(page);

    // The worker's next run makes the to-do; the message box shows it once reopened after a reload.
    const item = await awaitTodo(page, '周護照');
    expect(await item.textContent()).toContain('護照到期');
    expect(await item.textContent()).toContain(`周護照 · ${expiry} · D-7`);
    await screenshot(page, 'reminder-zh-TW', { dir: SHOTS, settle: true });
    await context.close();
  });

  it('shows the same reminder in English', async () => {
    const { page, context } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, portal.baseUrl);
    await openMessageBox(page, 'todo');
    const item = page.getByTestId('box-item-todo').filter({ hasText: '周護照' });
    await expect.poll(() => item.textContent(), SLOW).toContain('Passport expiry');
    await screenshot(page, 'reminder-en-US', { dir: SHOTS, settle: true });
    await context.close();
  });
});
