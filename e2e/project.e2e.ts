import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACTIVE_PANE, confirmDialog, pickOption, screenshot, settleAnimations, poll, usePortal } from './harness.js';
import { insertStaffMember } from '../apps/server/src/seed/seed.js';
import { axeViolations } from './axe.js';

const ALL = '/sadmin/projectManage/projectList';
const MINE = '/sadmin/user/projects';
const STAFF = [
  { login: 'grace.ho', first: 'Grace', last: 'Ho' },
  { login: 'ivan.ng', first: 'Ivan', last: 'Ng' },
  { login: 'joy.lam', first: 'Joy', last: 'Lam' },
];

const pane = (page: Page, testId: string) => page.locator(`${ACTIVE_PANE} [data-testid=${testId}]`);
const memberForm = (page: Page) => page.getByTestId('project-member-form');

// Adds a member through the member dialog; `expectError` is the message the form should show instead of saving.
async function addMember(page: Page, who: { first: string; last: string }, share: string, expectError?: string) {
  await pane(page, 'project-member-add').click();
  await page.getByTestId('project-f-share').waitFor({ state: 'visible' });
  await settleAnimations(page);
  await pickOption(page, page.getByTestId('project-f-staff'), `${who.last} ${who.first}`, { search: who.first });
  await page.locator('input[data-testid=project-f-share], [data-testid=project-f-share] input').first().fill(share);
  await memberForm(page).locator('.ant-modal-footer .ant-btn-primary').click();
  await confirmDialog(page);
  if (expectError) {
    await poll(() => memberForm(page).getByTestId('form-error').innerText()).toContain(expectError);
    return;
  }
  await poll(() => pane(page, 'project-members').innerText()).toContain(`${who.last} ${who.first}`);
}

// Cancels the member dialog and waits until it has gone.
async function closeMemberForm(page: Page) {
  await memberForm(page).locator('.ant-modal-footer .ant-btn').first().click();
  await memberForm(page).waitFor({ state: 'hidden' });
}

describe('projects end to end', () => {
  const portal = usePortal();
  beforeAll(async () => {
    const now = Date.now();
    for (const s of STAFF) {
      const names = { email: `${s.login}@example.com`, engFirstName: s.first, engLastName: s.last };
      await insertStaffMember(portal.db, { loginName: s.login, password: 'Staff#2026pass', ...names }, now);
    }
  });

  it('creates a project, adds members with shares (1202 above 100 %), and versions the constitution', async () => {
    const { page, context } = await portal.signedInPage();
    await page.goto(`${portal.baseUrl}${ALL}`);
    await pane(page, 'project-list-all').waitFor();
    await poll(() => pane(page, 'project-table').innerText()).toContain('尚無專案');

    // A new project opens its details; its creator is its first manager.
    await pane(page, 'project-add').click();
    await page.getByTestId('project-f-name').waitFor({ state: 'visible' });
    await settleAnimations(page);
    await page.getByTestId('project-f-name').fill('2027 Oxbridge cohort');
    // Issue 42: axe on the dialogs this flow opens, while they are open (decision 235).
    expect(await axeViolations(page, 'zh-TW project dialog')).toEqual([]);
    await screenshot(page, 'project-form-zh-TW');
    await page.getByTestId('project-form').locator('.ant-modal-footer .ant-btn-primary').click();
    await confirmDialog(page);
    await poll(() => pane(page, 'project-detail-title').innerText()).toContain('2027 Oxbridge cohort');

    await pane(page, 'project-tab-members').click();
    await poll(() => pane(page, 'project-members').innerText()).toContain('負責人');
    await addMember(page, STAFF[0]!, '50');
    await addMember(page, STAFF[1]!, '30');
    await addMember(page, STAFF[2]!, '30', '固定分成比例超過 100%');
    expect(await axeViolations(page, 'zh-TW project member dialog, share refused')).toEqual([]);
    await screenshot(page, 'project-share-refused-zh-TW');
    await closeMemberForm(page);
    await poll(() => pane(page, 'project-share-total').innerText()).toContain('80% / 100%');
    await screenshot(page, 'project-members-zh-TW', { settle: true });

    // The constitution: two saves, two revisions.
    await pane(page, 'project-tab-constitution').click();
    for (const text of ['第一條：每週一檢討進度。', '第一條：每週一檢討進度。\n第二條：分成按固定比例。']) {
      await pane(page, 'constitution-edit').click();
      await pane(page, 'constitution-editor').fill(text);
      await pane(page, 'constitution-save').click();
      await confirmDialog(page);
      await poll(() => pane(page, 'constitution-content').innerText()).toBe(text);
    }
    await poll(() => pane(page, 'constitution-history').locator('.ant-list-item').count()).toBe(2);
    expect(await pane(page, 'constitution-revision').innerText()).toContain('第 2 版');
    await screenshot(page, 'project-constitution-zh-TW', { settle: true });

    // My projects lists it with the caller's role.
    await page.goto(`${portal.baseUrl}${MINE}`);
    await pane(page, 'project-list-mine').waitFor();
    await poll(() => pane(page, 'project-table').innerText()).toContain('2027 Oxbridge cohort');
    expect(await pane(page, 'project-table').innerText()).toContain('80%');
    await screenshot(page, 'project-mine-zh-TW', { settle: true });
    await context.close();
  });

  it('shows the share rule in English and opens a project from the list', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}${ALL}`);
    await pane(page, 'project-list-all').waitFor();
    await screenshot(page, 'project-list-en-US', { settle: true });
    await pane(page, 'project-row-name').filter({ hasText: '2027 Oxbridge cohort' }).click();
    await pane(page, 'project-tab-members').click();
    await poll(() => pane(page, 'project-members').innerText()).toContain('Manager');
    await addMember(page, STAFF[2]!, '30', 'Fixed share ratios exceed 100%');
    expect(await axeViolations(page, 'en-US project member dialog, share refused')).toEqual([]);
    await screenshot(page, 'project-share-refused-en-US');
    await closeMemberForm(page);
    await pane(page, 'project-tab-constitution').click();
    await poll(() => pane(page, 'constitution-revision').innerText()).toContain('Revision 2');
    await screenshot(page, 'project-constitution-en-US', { settle: true });
    await context.close();
  });
});
