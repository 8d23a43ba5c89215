import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, casExpiry, ukDay } from '@study-crm/shared';
import { axeViolations, closeLayer } from './axe.js';
import { ACTIVE_PANE, fillDate, pickOption, screenshot, signIn } from './harness.js';
import { SHOTS, SLOW, awaitTodo, saveNewApplication, startNewApplication, useReminderPortal } from './uk-steps.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

// From offer to visa (issue 40): an application moves through the Student visa checklist with documents, and a CAS
// running out in 7 days lands in the owner's message box; the same record and the list's "this week" in English.
describe('UK Student visa checklist', () => {
  const portal = useReminderPortal();
  const today = ukDay(Date.now());
  // A CAS issued so that its six months end 7 days from today.
  const expires = addDays(today, 7);
  let issued = addDays(today, -190);
  while (casExpiry(issued) < expires) issued = addDays(issued, 1);
  const checklist = `${ACTIVE_PANE} [data-testid="visa-checklist"]`;

  const editStep = async (page: Page, kind: string) => {
    await page.locator(`${checklist} [data-testid="visa-edit-${kind}"]`).click();
    await page.locator('.ant-modal #visaStep_status').waitFor(SLOW);
  };
  const saveStep = async (page: Page) => {
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-modal #visaStep_status').waitFor({ state: 'detached', ...SLOW });
  };
  const status = (page: Page, label: string) => pickOption(page, page.locator('.ant-modal #visaStep_status'), label);

  it('moves an application through offer → CAS → visa with documents and sees the CAS reminder (zh-TW)', async () => {
    const { page, context } = await portal.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, portal.baseUrl);

    await startNewApplication(page, portal, '林簽證', 'visa@example.com');
    await saveNewApplication(page);
    await page.locator(checklist).waitFor(SLOW);
    expect(await page.locator(`${checklist} [data-testid="visa-progress"]`).textContent()).toContain('0／9');

    // Offer met, with the offer letter uploaded from the step.
    await editStep(page, 'offerMet');
    await status(page, '已完成');
    await fillDate(page, '.ant-modal #visaStep_date', today);
    // Issue 42: axe on the application's step dialog while it is open (decision 235).
    expect(await axeViolations(page, 'zh-TW visa step dialog')).toEqual([]);
    await screenshot(page, 'a11y-visa-step-dialog-zh-TW');
    await saveStep(page);
    await page
      .locator(`${ACTIVE_PANE} .ant-upload:has([data-testid="visa-upload-offerMet"]) input[type=file]`)
      .setInputFiles({ name: 'offer-letter.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => page.locator(checklist).textContent(), SLOW).toContain('offer-letter');

    // CAS issued: a wrong number is refused naming the field, then the right one is kept.
    await editStep(page, 'casIssued');
    await status(page, '已完成');
    await fillDate(page, '.ant-modal #visaStep_date', issued);
    await page.locator('.ant-modal #visaStep_casNumber').fill('E4G7X1A2B3C4D5');
    await saveStep(page);
    await expect.poll(() => page.locator(checklist).textContent(), SLOW).toContain(`CAS 可用至 ${expires}`);

    // The worker's next run: the CAS reminder in the message box.
    const item = await awaitTodo(page, '林簽證');
    expect(await item.textContent()).toContain('CAS 到期');
    expect(await item.textContent()).toContain(`林簽證 · CAS · ${expires} · D-7`);
    await screenshot(page, 'visa-reminder-zh-TW', { dir: SHOTS, settle: true });
    await page.keyboard.press('Escape');

    // Funds held 28 days ending 3 days ago, then the visa application today: the CAS reminder goes.
    await page.locator(checklist).waitFor(SLOW);
    await editStep(page, 'funds');
    await status(page, '已完成');
    await fillDate(page, '.ant-modal #visaStep_fundsFrom', addDays(today, -40));
    await fillDate(page, '.ant-modal #visaStep_fundsTo', addDays(today, -3));
    await saveStep(page);
    await editStep(page, 'visaApplied');
    await status(page, '已完成');
    await fillDate(page, '.ant-modal #visaStep_date', today);
    await saveStep(page);
    await expect
      .poll(() => page.locator(`${checklist} [data-testid="visa-progress"]`).textContent(), SLOW)
      .toContain('4／9');
    // Travel booked in 3 days: a step due this week.
    await editStep(page, 'travel');
    await status(page, '進行中');
    await fillDate(page, '.ant-modal #visaStep_date', addDays(today, 3));
    await saveStep(page);
    await expect.poll(() => page.locator(checklist).textContent(), SLOW).toContain(addDays(today, 3));
    await page.locator(checklist).scrollIntoViewIfNeeded();
    await screenshot(page, 'visa-checklist-zh-TW', { dir: SHOTS, settle: true, fullPage: true });
    await context.close();
  });

  it('shows the checklist, this week and the visa stages in English', async () => {
    const { page, context } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationList?view=week`);
    const week = page.locator(`${ACTIVE_PANE} [data-testid="week-table"]`);
    await expect.poll(() => week.textContent(), SLOW).toContain('林簽證');
    expect(await week.textContent()).toContain('Checklist step');
    expect(await week.textContent()).toContain('Travel');
    await screenshot(page, 'this-week-en-US', { dir: SHOTS, settle: true });

    await page.locator(`${ACTIVE_PANE} [data-testid="week-row-name"]`).filter({ hasText: '林簽證' }).first().click();
    await page.locator(checklist).waitFor(SLOW);
    await expect.poll(() => page.locator(checklist).textContent(), SLOW).toContain('Offer conditions met');
    await page.locator(checklist).scrollIntoViewIfNeeded();
    await screenshot(page, 'visa-checklist-en-US', { dir: SHOTS, settle: true, fullPage: true });
    await editStep(page, 'offerMet');
    expect(await axeViolations(page, 'en-US visa step dialog')).toEqual([]);
    await screenshot(page, 'a11y-visa-step-dialog-en-US');
    await closeLayer(page);

    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/visaStages`);
    const rows = page.locator(`${ACTIVE_PANE} [data-testid="visaStage-table"] tr[data-row-key]`);
    await expect.poll(() => rows.count(), SLOW).toBe(9);
    await screenshot(page, 'visa-stages-en-US', { dir: SHOTS, settle: true });
    await context.close();
  });
});
