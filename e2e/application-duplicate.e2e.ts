import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { applicationApi } from '@study-crm/shared';
import { axeViolations } from './axe.js';
import { cancelDialog, poll, screenshot, seedApplication, settleAnimations, usePortal } from './harness.js';

const DETAIL = '/sadmin/applicationManage/applicationDetail';
const STUDENT = { name: '周同學', email: 'dup.e2e@example.com' };
const COURSE = { school: 'University of Bristol', major: 'Law' };
const OPEN_CONFIRM = '.ant-modal-confirm:not(.ant-zoom-leave)';
// The question is the dialog with the "Create anyway" button (it opens as the save's confirmation closes).
const duplicateDialog = (page: Page) => page.locator(OPEN_CONFIRM, { has: page.getByTestId('create-anyway') });

// Decision 370: a new application naming a course the student already applied for asks first; "Create anyway"
// creates it, Cancel leaves the form as it was, nothing written.
describe('a new application for a course the student already applied for', () => {
  const portal = usePortal();
  let firstId: number;

  beforeAll(async () => {
    firstId = await seedApplication(portal, { ...STUDENT, targetSchools: JSON.stringify([COURSE]) });
  });

  const applicationsOfStudent = async () =>
    (await portal.api(applicationApi.list, { keyword: STUDENT.email, pageNum: 1, pageSize: 20 })).total;

  // Fills a new application for the same student and course and saves it, up to the duplicate question.
  async function saveSameCourse(page: Page) {
    await page.goto(`${portal.baseUrl}${DETAIL}`);
    await page.locator('#app_name').fill(STUDENT.name);
    await page.locator('#app_email').fill(STUDENT.email);
    await page.getByTestId('add-targetSchools').click();
    await page.locator('#app_targetSchools_0_school').fill(COURSE.school);
    await page.locator('#app_targetSchools_0_major').fill(COURSE.major);
    await page.getByTestId('detail-save').first().click();
    // The save's own confirmation (the shared helper would wait for the last dialog to close: the question opens).
    const saveQuestion = page.locator(OPEN_CONFIRM).last();
    await saveQuestion.waitFor({ state: 'visible' });
    await settleAnimations(page);
    await saveQuestion.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await duplicateDialog(page).waitFor({ state: 'visible' });
  }

  it('en-US: names the application and the course, and Cancel writes nothing', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await saveSameCourse(page);
    const text = await duplicateDialog(page).innerText();
    expect(text).toContain('Already applied for');
    expect(text).toContain(`This student already has application #${firstId} with University of Bristol · Law`);
    expect(text).toContain('Create a second application anyway?');
    // Cancel holds the focus: Enter, pressed again after the save's confirmation, does not create it.
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Cancel');
    expect(await axeViolations(page, 'the duplicate application question', { layer: true })).toEqual([]);
    await screenshot(page, 'application-duplicate-en-US');
    await cancelDialog(page);
    // Still the new form, with what was typed; still one application.
    expect(page.url()).toContain(DETAIL);
    expect(page.url()).not.toContain('id=');
    expect(await page.locator('#app_targetSchools_0_school').inputValue()).toBe(COURSE.school);
    expect(await applicationsOfStudent()).toBe(1);
    await context.close();
  });

  it('zh-TW: "Create anyway" creates the second application and opens it', async () => {
    const { page, context } = await portal.signedInPage();
    await saveSameCourse(page);
    expect(await duplicateDialog(page).innerText()).toContain(
      `此學生已有申請 #${firstId} 含「University of Bristol · Law」`,
    );
    await screenshot(page, 'application-duplicate-zh-TW');
    const created = page.waitForResponse((r) => r.url().includes('/applicationRecord/create'));
    await page.getByTestId('create-anyway').click();
    const body = (await (await created).json()) as { meta: { code: number }; data: { id: number } };
    expect(body.meta.code).toBe(200);
    await page.waitForURL(new RegExp(`id=${body.data.id}`));
    await poll(() => applicationsOfStudent()).toBe(2);
    await context.close();
  });
});
