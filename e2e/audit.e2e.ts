import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERM, followUpApi, roleApi } from '@study-crm/shared';
import { permissionId } from '../apps/server/src/test/access-fixtures.js';
import {
  ACTIVE_PANE,
  confirmDialog,
  pickOption,
  poll,
  screenshot,
  seedApplication,
  seedMember,
  settleAnimations,
  usePortal,
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
  await screenshot(page, name, { copyTo: SHOTS });
}

// The History drawer's events once it shows any, and the text of the newest: a change ("edit" in the reader's
// language).
async function newestChange(page: Page, locale: 'zh-TW' | 'en-US') {
  const events = page.locator('[data-testid=timeline-drawer] [data-testid=timeline-event]');
  await poll(() => events.count()).toBeGreaterThan(0);
  const change = events.first();
  expect(await change.getAttribute('data-kind')).toBe('change');
  const text = await change.innerText();
  expect(text).toContain(locale === 'zh-TW' ? '編輯' : 'Update');
  return { events, text };
}

describe('operation log end to end', () => {
  // The log counts its total up to 3 entries here (decision 249): past that it reads "3+".
  const portal = usePortal({ AUDIT_COUNT_CAP: '3' });
  let appId = 0;
  let quietId = 0;
  beforeAll(async () => {
    // A colleague who has done nothing: the log has no entry of theirs. The application names them its signing
    // teacher, so its creation shows them by name (decision 250).
    const { list: roles } = await portal.api(roleApi.list, { pageNum: 1, pageSize: 1 });
    quietId = await seedMember(portal, {
      loginName: 'quiet',
      fullName: 'Quiet Colleague',
      email: 'quiet@example.com',
      roleIds: [roles[0]!.id],
    });
    appId = await seedApplication(portal, { name: '陳大文', signingTeacherId: quietId });
  });

  for (const locale of ['zh-TW', 'en-US'] as const) {
    it(`changes an application and sees the entry with its diff in the operation log (${locale})`, async () => {
      const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': locale } });
      const newName = locale === 'zh-TW' ? '陳小文' : 'Chan Siu Man';
      // The field as the application form labels it, never its code key (decision 248).
      const nameLabel = locale === 'zh-TW' ? '姓名' : 'Name';
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
      // Two to a page, more entries than the cap: the total reads "3+", the pager still offers the next page.
      await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog?pageSize=2`);
      const total = page.locator(`${ACTIVE_PANE} .ant-pagination-total-text`);
      await poll(() => total.innerText()).toBe(locale === 'zh-TW' ? '共 3+ 筆' : '3+ in total');
      expect(await page.locator(`${ACTIVE_PANE} .ant-pagination-next`).getAttribute('aria-disabled')).toBe('false');
      await shot(page, `operationLog-capped-${locale}`);
      await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog?pageSize=20`);
      // Filtered by the record: this application's entries only, the newest first.
      // The record types are sorted by name: "Application" is typed, then chosen by its whole name (not "Application
      // file").
      // The action and record-id filters wait for a module and a record type, and say so on hover.
      const tip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-container');
      for (const [testId, zh, en] of [
        ['audit-action-filter', '請先選擇模組', 'Choose a module first'],
        ['audit-record-id-filter', '請先選擇記錄類型', 'Choose a record type first'],
      ] as const) {
        await page.getByTestId(testId).hover({ force: true });
        await poll(() => tip.textContent()).toBe(locale === 'zh-TW' ? zh : en);
        await page.mouse.move(5, 5);
        await poll(() => tip.count()).toBe(0);
      }
      const application = locale === 'zh-TW' ? '申請' : 'Application';
      await pickOption(page, page.getByTestId('audit-record-type-filter'), application, {
        search: application,
        exact: true,
      });
      const recordId = page.getByTestId('audit-record-id-filter');
      await recordId.fill(String(appId));
      await recordId.press('Tab');
      await poll(async () => (await rows.first().innerText()).includes(`#${appId}`)).toBe(true);
      const first = rows.first();
      expect(await first.innerText()).toContain(locale === 'zh-TW' ? '編輯' : 'Update');
      expect(await first.innerText()).toContain(nameLabel);
      expect(await first.innerText()).not.toContain('name');
      await shot(page, `operationLog-list-${locale}`);

      await first.getByTestId('audit-row-view').click();
      await drawer(page).waitFor({ state: 'visible' });
      const changes = drawer(page).getByTestId('audit-changes');
      const fieldCell = page.locator('td', { hasText: new RegExp(`^${nameLabel}$`) });
      const nameRow = changes.locator('tr[data-row-key]', { has: fieldCell }).first();
      await poll(() => nameRow.count()).toBe(1);
      const text = await nameRow.innerText();
      expect(text).toContain(newName);
      expect(text).toContain(locale === 'zh-TW' ? '陳大文' : '陳小文');
      const info = await drawer(page).getByTestId('audit-detail-info').innerText();
      expect(info).toContain('Administrator');
      expect(info).toContain('127.0.0.1');
      await shot(page, `operationLog-detail-${locale}`);

      if (locale === 'en-US') {
        // Filtered by who acted (`actorId`; `memberId` is always the caller, decision 13): the quiet colleague has
        // no entries and the page stays signed in; the administrator has this change.
        const status = page.locator(`${ACTIVE_PANE} [data-testid=list-status]`);
        await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog?f.actorId=${quietId}`);
        await poll(() => status.innerText()).toBe('No entries match the filters');
        expect(new URL(page.url()).pathname).toBe('/sadmin/systemSetup/operationLog');
        const mid = await page.evaluate(() => localStorage.getItem('mid'));
        await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog?f.actorId=${mid}`);
        await poll(async () => (await rows.allInnerTexts()).some((r) => r.includes(`#${appId}`))).toBe(true);
      }

      // The same change on the application's own timeline, one click from its detail (decision 180).
      await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationDetail?id=${appId}`);
      await page.getByTestId('timeline-open').first().click();
      const { events, text: changeText } = await newestChange(page, locale);
      expect(changeText).toContain(newName);
      expect(changeText).toContain(`${nameLabel} `);
      expect(changeText).not.toContain('name');
      expect(changeText).toContain('Administrator');
      // The creation names its signing teacher by the name people are shown by (here the e-mail), with the id, not
      // by the bare id (decision 250).
      const created = events.last();
      await poll(() => created.innerText()).toContain(
        locale === 'zh-TW' ? `quiet@example.com（#${quietId}）` : `quiet@example.com (#${quietId})`,
      );
      expect(await created.innerText()).toContain(locale === 'zh-TW' ? '簽約老師' : 'Signing teacher');
      await shot(page, `applicationTimeline-${locale}`);
      await context.close();
    });
  }

  // A record without a History of its own, seen in the operation log: a follow-up item's change by the labels of
  // the follow-up form, its status by the dictionary's name, its teacher by name (decisions 248, 250).
  for (const locale of ['zh-TW', 'en-US'] as const) {
    it(`shows a follow-up item's change by the follow-up form's labels (${locale})`, async () => {
      const item = { service: 'visa', contractDate: '2026-09-01', internalNote: `note one ${locale}` };
      const { id } = await portal.api(followUpApi.add, { applicationId: appId, ...item });
      await portal.api(followUpApi.update, {
        id,
        ...item,
        internalNote: `note two ${locale}`,
        status: 'paused',
        followTeacherId: quietId,
      });
      const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': locale } });
      await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog`);
      const followUp = locale === 'zh-TW' ? '跟進記錄' : 'Follow-up';
      await pickOption(page, page.getByTestId('audit-record-type-filter'), followUp, { search: followUp, exact: true });
      const recordId = page.getByTestId('audit-record-id-filter');
      await recordId.fill(String(id));
      await recordId.press('Tab');
      const rows = page.locator(`${ACTIVE_PANE} [data-testid=audit-table] tr[data-row-key]`);
      await poll(() => rows.count()).toBe(2);
      const [note, status, teacher] =
        locale === 'zh-TW' ? ['內部備註', '狀態', '跟進老師'] : ['Internal note', 'Status', 'Follow-up teacher'];
      expect(await rows.first().innerText()).toContain(note);
      expect(await rows.first().innerText()).not.toContain('internalNote');
      await rows.first().getByTestId('audit-row-view').click();
      await drawer(page).waitFor({ state: 'visible' });
      const changes = drawer(page).getByTestId('audit-changes');
      const row = (label: string) =>
        changes.locator('tr[data-row-key]', { has: page.locator('td', { hasText: new RegExp(`^${label}$`) }) });
      await poll(() => row(note).count()).toBe(1);
      expect(await row(note).innerText()).toContain(`note two ${locale}`);
      // The dictionary's names arrive after the entry (the status shows its value until then).
      await poll(() => row(status).innerText()).toContain(locale === 'zh-TW' ? '暫停' : 'Paused');
      await poll(() => row(teacher).innerText()).toContain(`quiet@example.com`);
      expect(await changes.innerText()).not.toMatch(/internalNote|followTeacherId|paused/);
      await shot(page, `operationLog-followUp-${locale}`);
      await context.close();
    });
  }

  // A role's own history, one click from its detail (the edit drawer): its rename on the timeline.
  for (const locale of ['zh-TW', 'en-US'] as const) {
    it(`opens a role's history from its detail and sees its change (${locale})`, async () => {
      const name = `ROLE_HISTORY_${locale.replace('-', '_')}`;
      const [tags, dict] = await Promise.all([PERM.tagList, PERM.dictList].map((p) => permissionId(portal.db, p)));
      const { id } = await portal.api(roleApi.add, { name, cnName: '歷史甲', kind: 'general', permissionIds: [tags!] });
      // The rename also gives the role a permission (decision 309).
      await portal.api(roleApi.update, { id, name, cnName: '歷史乙', kind: 'general', permissionIds: [tags!, dict!] });
      const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': locale } });
      await page.goto(`${portal.baseUrl}/sadmin/accessManage/roleManage`);
      await page.getByTestId('role-search').fill(name);
      await page.getByTestId('role-search-submit').click();
      await page.getByTestId(`role-edit-${name}`).click();
      await drawer(page).getByTestId('timeline-open').click();
      // The drawer's words in the reader's language (the audit strings load with the role screen).
      const { events, text } = await newestChange(page, locale);
      expect(await page.getByTestId('timeline-drawer').locator('.ant-drawer-title').innerText()).toBe(
        locale === 'zh-TW' ? '記錄歷史' : 'Record history',
      );
      // Its fields by the role form's labels, not their keys (decision 248).
      expect(text).toContain(locale === 'zh-TW' ? '中文名稱' : 'Chinese name');
      expect(text).not.toContain('cnName');
      expect(text).toContain('歷史甲');
      expect(text).toContain('歷史乙');
      expect(text).toContain('Administrator');
      // The permission it was given, by its menu name with its code, under the label of what the change did.
      const [given, dictionaries] =
        locale === 'zh-TW' ? ['新增權限', '字典管理'] : ['Permissions given', 'Dictionaries'];
      expect(text).toMatch(new RegExp(`${given}\\s+—\\s+→\\s+${dictionaries} \\(${PERM.dictList}\\)`));
      expect(text).not.toContain(PERM.tagList);
      expect(text).not.toContain('permissionsAdded');
      // The role's creation: its kind and built-in flag by the names the form and the list give them.
      const created = await events.nth(1).innerText();
      const [kind, builtin, no] = locale === 'zh-TW' ? ['類型', '內建', '否'] : ['Kind', 'Built-in', 'No'];
      expect(created).toMatch(new RegExp(`${kind}\\s+—\\s+→\\s+${locale === 'zh-TW' ? '一般' : 'General'}`));
      expect(created).toMatch(new RegExp(`${builtin}\\s+—\\s+→\\s+${no}`));
      expect(created).not.toMatch(/isBuiltin|general/);
      expect(created).toContain(`(${PERM.tagList})`);
      await shot(page, `roleTimeline-${locale}`);
      await context.close();
    });
  }
});
