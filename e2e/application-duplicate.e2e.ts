import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { applicationApi } from '@study-crm/shared';
import { axeViolations } from './axe.js';
import {
  cancelDialog,
  confirmDialog,
  poll,
  screenshot,
  seedApplication,
  settleAnimations,
  usePortal,
} from './harness.js';

const DETAIL = '/sadmin/applicationManage/applicationDetail';
const STUDENT = { name: '周同學', email: 'dup.e2e@example.com' };
const COURSE = { school: 'University of Bristol', major: 'Law' };
const OPEN_CONFIRM = '.ant-modal-confirm:not(.ant-zoom-leave)';
// The question is the dialog with the "Create anyway" button (it opens as the save's confirmation closes); an
// edit's has "Save anyway".
const duplicateDialog = (page: Page, okTestId = 'create-anyway') =>
  page.locator(OPEN_CONFIRM, { has: page.getByTestId(okTestId) });
const shownTitle = (page: Page) => page.locator('[data-testid="detail-title"]:visible');

// Decision 370: a new application naming a course the student already applied for asks first; "Create anyway"
// creates it, Cancel leaves the form as it was, nothing written. Decision 372: the question opens the application
// that holds the course, and an edit adding the course asks too.
describe('a new application for a course the student already applied for', () => {
  const portal = usePortal();
  let firstId: number;

  beforeAll(async () => {
    firstId = await seedApplication(portal, { ...STUDENT, targetSchools: JSON.stringify([COURSE]) });
  });

  const applicationsOfStudent = async () =>
    (await portal.api(applicationApi.list, { keyword: STUDENT.email, pageNum: 1, pageSize: 20 })).total;

  // Saves the form and answers the save's own confirmation, up to the duplicate question (the shared helper would
  // wait for the last dialog to close: the question opens).
  async function saveUpToQuestion(page: Page, okTestId = 'create-anyway') {
    await page.getByTestId('detail-save').first().click();
    const saveQuestion = page.locator(OPEN_CONFIRM).last();
    await saveQuestion.waitFor({ state: 'visible' });
    await settleAnimations(page);
    await saveQuestion.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await duplicateDialog(page, okTestId).waitFor({ state: 'visible' });
  }

  // Fills a new application for the same student and course and saves it, up to the duplicate question.
  async function saveSameCourse(page: Page) {
    await page.goto(`${portal.baseUrl}${DETAIL}`);
    await page.locator('#app_name').fill(STUDENT.name);
    await page.locator('#app_email').fill(STUDENT.email);
    await page.getByTestId('add-targetSchools').click();
    await page.locator('#app_targetSchools_0_school').fill(COURSE.school);
    await page.locator('#app_targetSchools_0_major').fill(COURSE.major);
    await saveUpToQuestion(page);
  }

  it('en-US: names the application and the course, and Cancel writes nothing', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await saveSameCourse(page);
    const text = await duplicateDialog(page).innerText();
    expect(text).toContain('Already applied for');
    expect(text).toContain(`This student already has application #${firstId} with University of Bristol · Law`);
    expect(text).toContain(`Open application #${firstId}`);
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

  it('en-US: the question opens the application holding the course, creating nothing', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    const before = await applicationsOfStudent();
    await saveSameCourse(page);
    await duplicateDialog(page).getByTestId('duplicate-open').click();
    await duplicateDialog(page).waitFor({ state: 'hidden' });
    // The form still holds what was typed: leaving it asks first, as any navigation does.
    await confirmDialog(page);
    await page.waitForURL(new RegExp(`applicationDetail\\?id=${firstId}$`));
    await poll(() => shownTitle(page).innerText()).toBe(`Application: ${STUDENT.name}`);
    expect(await page.locator('.ant-modal-confirm:not(.ant-zoom-leave)').count()).toBe(0);
    expect(await applicationsOfStudent()).toBe(before);
    await context.close();
  });

  it('en-US: an edit adding the course asks too, and "Save anyway" saves it', async () => {
    const editId = await seedApplication(portal, {
      ...STUDENT,
      targetSchools: JSON.stringify([{ school: 'University of York', major: 'History' }]),
    });
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}${DETAIL}?id=${editId}`);
    await poll(() => page.locator('#app_targetSchools_0_school').inputValue()).toBe('University of York');
    await page.getByTestId('add-targetSchools').click();
    await page.locator('#app_targetSchools_1_school').fill(COURSE.school);
    await page.locator('#app_targetSchools_1_major').fill(COURSE.major);
    await saveUpToQuestion(page, 'save-anyway');
    const text = await duplicateDialog(page, 'save-anyway').innerText();
    expect(text).toContain(`This student already has application #${firstId} with University of Bristol · Law`);
    expect(text).toContain('Save this application with that course anyway?');
    expect(text).toContain('Save anyway');
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Cancel');
    const saved = page.waitForResponse((r) => r.url().includes('/applicationRecord/update'));
    await page.getByTestId('save-anyway').click();
    expect(((await (await saved).json()) as { meta: { code: number } }).meta.code).toBe(200);
    const view = await portal.api(applicationApi.view, { id: editId });
    expect(view.targetSchools.map((t) => t.school)).toEqual(['University of York', COURSE.school]);
    await context.close();
  });
});
