import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { confirmDialog, openMessageBox, pickOption, usePortal, type Portal } from './harness.js';

// Steps the UK admissions tests (issue 40) share.
export const SHOTS = '/tmp/shots/uk40';
export const SLOW = { timeout: 30_000 };

// A portal whose worker runs the reminders every 2 s (an hour by default).
export const useReminderPortal = (): Portal => usePortal({ REMINDER_EVERY_SECONDS: '2' });

// Opens a new application's detail screen with the student's name and e-mail and the administrator as follow
// teacher; the test fills in the rest and calls saveNewApplication.
export async function startNewApplication(page: Page, portal: Portal, name: string, email: string): Promise<void> {
  await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationDetail`);
  await page.locator('#app_name').fill(name);
  await page.locator('#app_email').fill(email);
  await pickOption(page, page.locator('#app_followTeacherId'), 'Administrator');
}

// Saves the new application, confirms, and waits until the screen shows the saved record.
export async function saveNewApplication(page: Page): Promise<void> {
  await page.getByTestId('detail-save').first().click();
  await confirmDialog(page);
  await page.waitForURL(/applicationDetail\?id=\d+/, SLOW);
}

// The message box's to-do about this student once the worker's next run has made it (the page is reloaded and the
// box reopened until it shows).
export async function awaitTodo(page: Page, name: string): Promise<Locator> {
  const item = page.getByTestId('box-item-todo').filter({ hasText: name });
  await expect
    .poll(async () => {
      await page.reload();
      await openMessageBox(page, 'todo');
      return item.count();
    }, SLOW)
    .toBe(1);
  return item;
}
