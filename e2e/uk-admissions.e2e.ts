import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACTIVE_PANE, screenshot, signIn, usePortal } from './harness.js';
import { SHOTS } from './uk-steps.js';

const shot = (page: Page, name: string) => screenshot(page, name, { dir: SHOTS, settle: true });

const errorOf = (page: Page, id: string) =>
  page.locator(`${ACTIVE_PANE} .ant-form-item:has(#${id}) .ant-form-item-explain-error`).allTextContents();

// The UK application journey (issue 40): the cycles administrators keep, and the choice rules refusing a sixth UCAS
// choice and a second Oxbridge choice in the form, in both languages.
describe('UK admissions', () => {
  const portal = usePortal();

  const cases = [
    {
      locale: 'zh-TW',
      entry: '2027 年入學',
      sixth: '同一招生週期最多 5 個 UCAS 志願',
      oxbridge: '同一招生週期不能同時申請牛津大學與劍橋大學',
    },
    {
      locale: 'en-US',
      entry: '2027 entry',
      sixth: 'at most 5 UCAS choices per admissions cycle',
      oxbridge: 'Oxford and Cambridge cannot both be chosen in one admissions cycle',
    },
  ];

  for (const c of cases) {
    it(`shows the seeded cycles and refuses a sixth UCAS choice and a second Oxbridge choice (${c.locale})`, async () => {
      const { page, context } = await portal.newPage({ locale: c.locale, storage: { 'cake-locale': c.locale } });
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, portal.baseUrl);

      await page.goto(`${portal.baseUrl}/sadmin/systemSetup/admissionsCycles`);
      const rows = page.locator(`${ACTIVE_PANE} [data-testid="cycle-table"] tr[data-row-key]`);
      await expect.poll(() => rows.count()).toBe(3);
      expect(await rows.first().innerText()).toContain('2028');
      expect(await page.locator(ACTIVE_PANE).innerText()).toContain('2027-01-13');
      await shot(page, `cycles-${c.locale}`);

      await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationDetail`);
      await page.locator('#app_name').fill('Chen Oxbridge');
      await page.locator('#app_email').fill(`oxbridge-${c.locale}@example.com`);
      const add = page.getByTestId('add-targetSchools');
      const schools = ['University of Oxford', 'UCL', 'KCL', 'LSE', 'Bristol', 'Durham'];
      for (const [i, school] of schools.entries()) {
        await add.click();
        await page.locator(`#app_targetSchools_${i}_school`).fill(school);
      }
      // The cycle select offers the seeded cycles by entry year.
      await page.locator('#app_targetSchools_0_cycleId').click();
      await expect
        .poll(() =>
          page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item').allInnerTexts(),
        )
        .toContain(c.entry);
      await page.keyboard.press('Escape');

      await page.getByTestId('detail-save').first().click();
      await expect.poll(() => errorOf(page, 'app_targetSchools_5_route')).toEqual([expect.stringContaining(c.sixth)]);
      await expect.poll(() => page.getByTestId('ucas-count').innerText()).toContain('6/5');
      await page.locator(`${ACTIVE_PANE} #app_targetSchools_5_route`).scrollIntoViewIfNeeded();
      await shot(page, `sixth-choice-${c.locale}`);

      // A second Oxbridge choice: Cambridge beside Oxford in the same cycle.
      await page.locator('#app_targetSchools_1_school').fill('University of Cambridge');
      await page.getByTestId('detail-save').first().click();
      await expect
        .poll(() => errorOf(page, 'app_targetSchools_1_school'))
        .toEqual([expect.stringContaining(c.oxbridge)]);
      await page.locator(`${ACTIVE_PANE} #app_targetSchools_1_school`).scrollIntoViewIfNeeded();
      await shot(page, `choice-refusals-${c.locale}`);
      // Nothing was saved: the address is still the new-application form.
      expect(page.url()).not.toMatch(/applicationDetail\?id=/);
      await context.close();
    });
  }
});
