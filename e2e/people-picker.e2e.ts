import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { insertStaffMember } from '../apps/server/src/seed/seed.js';
import { ACTIVE_PANE, confirmDialog, pickOption, poll, screenshot, settleAnimations, usePortal } from './harness.js';

// Issue 36: a colleague is found by the name the picker shows, and each option says why it was found.
const PROJECTS = '/sadmin/projectManage/projectList';
const ROLES = '/sadmin/accessManage/roleManage';
const OPEN_OPTIONS = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

const pane = (page: Page, testId: string) => page.locator(`${ACTIVE_PANE} [data-testid=${testId}]`);

describe('people pickers end to end', () => {
  const portal = usePortal();
  let amy = 0;
  beforeAll(async () => {
    const now = Date.now();
    const staff = (loginName: string, engFirstName: string, engLastName: string) =>
      insertStaffMember(
        portal.db,
        { loginName, password: 'Staff#2026pass', email: `${loginName}@example.com`, engFirstName, engLastName },
        now,
      );
    amy = await staff('amy.chan', 'Amy', 'Chan');
    await staff('zoe.muller', 'Zoë', 'Müller');
  });

  // Types into the open picker and answers the texts of the options shown.
  async function typeInto(page: Page, testId: string, text: string) {
    await page.getByTestId(testId).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
    await poll(() => page.locator(OPEN_OPTIONS).count()).toBeGreaterThan(0);
  }

  it('adds Amy Chan to a project by typing "Amy", and shows the part of the e-mail that matched', async () => {
    for (const locale of ['zh-TW', 'en-US'] as const) {
      const { page, context } = await portal.signedInPage({ locale, storage: { 'cake-locale': locale } });
      await page.goto(`${portal.baseUrl}${PROJECTS}`);
      await pane(page, 'project-list-all').waitFor();
      await pane(page, 'project-add').click();
      await page.getByTestId('project-f-name').waitFor({ state: 'visible' });
      await settleAnimations(page);
      await page.getByTestId('project-f-name').fill(`Picker ${locale}`);
      await page.getByTestId('project-form').locator('.ant-modal-footer .ant-btn-primary').click();
      await confirmDialog(page);
      await poll(() => pane(page, 'project-detail-title').innerText()).toContain(`Picker ${locale}`);
      await pane(page, 'project-tab-members').click();
      await pane(page, 'project-member-add').click();
      await page.getByTestId('project-f-share').waitFor({ state: 'visible' });
      await settleAnimations(page);

      // Part of the e-mail: the option says the e-mail matched, the typed part marked and the rest of the address
      // masked (decision 388).
      await typeInto(page, 'project-f-staff', 'chan@');
      const emailLabel = locale === 'zh-TW' ? '電子郵件' : 'E-mail';
      await poll(() => page.locator(OPEN_OPTIONS).first().innerText()).toContain(`${emailLabel}: •••chan@•••`);
      expect(await page.locator(OPEN_OPTIONS).first().innerText()).not.toContain('example.com');
      expect(await page.locator(`${OPEN_OPTIONS} mark`).first().innerText()).toBe('chan@');
      await screenshot(page, `people-picker-email-${locale}`, { settle: true });
      // The names in either order, and the first name alone, which is what the colleague is called.
      await typeInto(page, 'project-f-staff', 'amy chan');
      await poll(() => page.locator(OPEN_OPTIONS).allInnerTexts()).toEqual(['Chan Amy']);
      await pickOption(page, page.getByTestId('project-f-staff'), 'Chan Amy', { search: 'Amy' });
      await page.locator('input[data-testid=project-f-share], [data-testid=project-f-share] input').first().fill('10');
      await page.getByTestId('project-member-form').locator('.ant-modal-footer .ant-btn-primary').click();
      await confirmDialog(page);
      await poll(() => pane(page, 'project-members').innerText()).toContain('Chan Amy');
      // Accents aside: "zoe" finds Zoë.
      await pane(page, 'project-member-add').click();
      await page.getByTestId('project-f-share').waitFor({ state: 'visible' });
      await settleAnimations(page);
      await typeInto(page, 'project-f-staff', 'zoe');
      await poll(() => page.locator(OPEN_OPTIONS).allInnerTexts()).toEqual(['Müller Zoë']);
      await context.close();
    }
  });

  it('gives Amy Chan a role by typing part of her last name', async () => {
    const { page, context } = await portal.signedInPage();
    await page.goto(`${portal.baseUrl}${ROLES}`);
    await page.getByTestId('role-members-ROLE_ADMIN').click();
    await typeInto(page, 'role-member-pick', 'han');
    await poll(() => page.locator(OPEN_OPTIONS).allInnerTexts()).toEqual(['Chan Amy (amy.chan)']);
    await screenshot(page, 'people-picker-role-zh-TW', { settle: true });
    await pickOption(page, page.getByTestId('role-member-pick'), 'Chan Amy', { search: 'han' });
    await page.getByTestId('role-member-add').click();
    await poll(() => page.getByTestId(`role-member-remove-${amy}`).count()).toBe(1);
    await context.close();
  });
});
