import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import { ACTIVE_PANE, seedApplication, pickOption, poll, screenshot, settleAnimations, usePortal } from './harness.js';

const SHOTS = '/tmp/shots/board40';
const shot = (page: Page, name: string) => screenshot(page, name, { dir: SHOTS, settle: true });

// The applications list as a board (issue 40): a card dragged with the mouse and moved from the keyboard changes the
// status the table shows and leaves an entry in the record's operation log; a stale card snaps back saying why.
describe('applications board', () => {
  const portal = usePortal();

  // Through the server's own create call (its search text included, which the list's keyword filter reads).
  const insert = (name: string, status: string, day: string) =>
    seedApplication(portal, {
      name,
      email: `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`,
      applicationDate: day,
      status,
    });

  const cases = [
    {
      locale: 'zh-TW',
      moved: '已將',
      conflict: '此資料已被他人修改',
      recordType: '申請',
      changeStatus: '變更狀態',
      statusField: '狀態',
      decision: '有條件錄取 · 首選',
    },
    {
      locale: 'en-US',
      moved: 'Moved',
      conflict: 'Someone else has changed this record',
      recordType: 'Application',
      changeStatus: 'Change status',
      statusField: 'Status',
      decision: 'Conditional offer · Firm',
    },
  ] as const;

  for (const c of cases) {
    it(`moves cards by mouse and keyboard, and snaps a stale one back (${c.locale})`, async () => {
      const p = c.locale === 'zh-TW' ? 'tw' : 'en';
      const alpha = await insert(`Board ${p} Alpha`, 'submitted', '2026-11-20');
      const beta = await insert(`Board ${p} Beta`, 'submitted', '2026-11-19');
      const gamma = await insert(`Board ${p} Gamma`, 'processing', '2026-11-18');
      await portal.db
        .insertInto('applicationTargetSchool')
        .values([
          { applicationId: alpha, sort: 1, school: 'UCL', decision: 'conditional', reply: 'firm' } as never,
          { applicationId: alpha, sort: 2, school: 'King’s College London', decision: 'pending' } as never,
        ])
        .execute();

      const { page, context } = await portal.signedInPage({ locale: c.locale, storage: { 'cake-locale': c.locale } });
      await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationList`);
      await page.locator(`${ACTIVE_PANE} [data-testid=app-table]`).waitFor();
      await page.getByTestId('app-view-board').click();
      await poll(() => page.url()).toContain('f.view=board');
      const column = (status: string) => page.getByTestId(`board-col-${status}`);
      const card = (name: string) => page.locator('[data-testid=board-card]', { hasText: `Board ${p} ${name}` });
      const inColumn = (status: string, name: string) =>
        column(status).locator('[data-testid=board-card]', { hasText: `Board ${p} ${name}` });
      await poll(() => card('Alpha').count()).toBe(1);
      // axe on the board as a person first sees it (the pointer off the switch it pressed).
      await page.mouse.move(0, 0);
      expect(await axeViolations(page, `board ${c.locale}`)).toEqual([]);

      // The keyword filter applies to the board as to the table, and stays in the address with the view.
      const search = page.getByTestId('app-search').locator('input');
      await search.fill(`Board ${p}`);
      await search.press('Enter');
      await poll(() => page.url()).toContain('f.keyword=');
      await poll(() => column('submitted').locator('[data-testid=board-card]').count()).toBe(2);
      await poll(() => column('submitted').getByTestId('board-col-count').innerText()).toMatch(/\b2\b/);
      await poll(() => column('processing').getByTestId('board-col-count').innerText()).toMatch(/\b1\b/);
      expect(await card('Alpha').innerText()).toContain('UCL');
      expect(await card('Alpha').innerText()).toContain(c.decision);
      await shot(page, `board-${c.locale}`);

      // A reload keeps the view and the filters.
      await page.reload();
      await poll(() => column('submitted').locator('[data-testid=board-card]').count()).toBe(2);

      // Mouse: drag Alpha to "offer_conditional".
      await card('Alpha').dragTo(column('offer_conditional'));
      await poll(() => inColumn('offer_conditional', 'Alpha').count()).toBe(1);
      await poll(() => inColumn('submitted', 'Alpha').count()).toBe(0);
      await poll(() => page.getByTestId('board-live').innerText()).toContain(c.moved);
      await poll(() => column('offer_conditional').getByTestId('board-col-count').innerText()).toContain('1');

      // Alpha's move has settled (the board read its columns again) before the keyboard part starts.
      await poll(() => page.locator('[data-testid=board-card][aria-busy]').count()).toBe(0);
      await page.mouse.move(0, 0);
      // Keyboard: Beta's "Move to…" menu, arrows to "processing", Enter.
      const move = card('Beta').getByTestId('board-card-move');
      // (Again until it holds: the board gives the dragged card its focus back once its list has been read again,
      // which on a loaded machine can land after the first Tab.)
      await poll(async () => {
        await card('Beta').focus();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        return move.evaluate((el) => el === document.activeElement);
      }).toBe(true);
      await page.keyboard.press('Enter');
      const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
      await menu.waitFor();
      const processingLabel = await column('processing').getByTestId('board-col-title').innerText();
      await arrowToItem(page, menu, processingLabel);
      await page.keyboard.press('Enter');
      await poll(() => inColumn('processing', 'Beta').count()).toBe(1);
      // The moved card keeps the focus in its new column.
      await poll(() => card('Beta').evaluate((el) => el === document.activeElement)).toBe(true);
      await shot(page, `board-moved-${c.locale}`);

      // Someone saves Gamma after the board read it: the drag is refused and the card goes back, saying why.
      await portal.db
        .updateTable('application')
        .set((eb) => ({ version: eb('version', '+', 1), importantNotes: 'saved elsewhere' }))
        .where('id', '=', gamma)
        .execute();
      await card('Gamma').dragTo(column('submitted'));
      await poll(() => page.locator('.ant-message-notice').innerText()).toContain(c.conflict);
      await poll(() => page.getByTestId('board-live').innerText()).toContain(c.conflict);
      await poll(() => inColumn('processing', 'Gamma').count()).toBe(1);
      expect(await inColumn('submitted', 'Gamma').count()).toBe(0);
      await shot(page, `board-refused-${c.locale}`);

      // The table shows the new statuses.
      await page.getByTestId('app-view-table').click();
      const rows = page.locator(`${ACTIVE_PANE} [data-testid=app-table] tr[data-row-key]`);
      await poll(() => rows.count()).toBe(3);
      const rowOf = (id: number) => page.locator(`${ACTIVE_PANE} [data-testid=app-table] tr[data-row-key="${id}"]`);
      const expected = await portal.db
        .selectFrom('dictEntry')
        .select(['value', 'label', 'label2'])
        .where('type', '=', 'application_status')
        .execute();
      const name = (v: string) => {
        const e = expected.find((x) => x.value === v)!;
        return c.locale === 'en-US' ? e.label2 || e.label : e.label;
      };
      await poll(() => rowOf(alpha).innerText()).toContain(name('offer_conditional'));
      await poll(() => rowOf(beta).innerText()).toContain(name('processing'));
      await poll(() => rowOf(gamma).innerText()).toContain(name('processing'));

      // The record's history in the operation log: the status change with its before and after.
      await page.goto(`${portal.baseUrl}/sadmin/systemSetup/operationLog`);
      const logRows = page.locator(`${ACTIVE_PANE} [data-testid=audit-table] tr[data-row-key]`);
      await poll(() => logRows.count()).toBeGreaterThan(0);
      // The record types are sorted by name: typed, then chosen by the whole name ("Application", not "Application
      // file").
      await pickOption(page, page.getByTestId('audit-record-type-filter'), c.recordType, {
        search: c.recordType,
        exact: true,
      });
      const recordId = page.getByTestId('audit-record-id-filter');
      await recordId.fill(String(alpha));
      await recordId.press('Tab');
      await poll(async () => (await logRows.first().innerText()).includes(`#${alpha}`)).toBe(true);
      expect(await logRows.first().innerText()).toContain(c.changeStatus);
      await logRows.first().getByTestId('audit-row-view').click();
      const changes = page.locator('.ant-drawer-open').getByTestId('audit-changes');
      // The field by the form's label and the statuses by their dictionary names (decision 248).
      const fieldCell = page.locator('td', { hasText: new RegExp(`^${c.statusField}$`) });
      const statusRow = changes.locator('tr[data-row-key]', { has: fieldCell }).first();
      await poll(() => statusRow.count()).toBe(1);
      await poll(() => statusRow.innerText()).toContain(name('offer_conditional'));
      expect(await statusRow.innerText()).toContain(name('submitted'));
      await shot(page, `board-history-${c.locale}`);
      await context.close();
    });
  }
});

// Presses ArrowDown in an open menu until the active item is the one named (at most one round). The menu marks an
// item active at once but moves the focus to it in the next animation frame, and Enter acts on the focused item: so
// each step waits for the focus to follow, or a quick Enter picks the item before (the CI failure of stop 48).
async function arrowToItem(page: Page, menu: Locator, label: string) {
  const active = menu.locator('.ant-dropdown-menu-item-active');
  const focused = () => active.evaluate((el) => el.contains(document.activeElement)).catch(() => false);
  for (let i = 0; i < 12; i++) {
    if ((await active.count()) && (await active.innerText()).trim() === label.trim()) {
      await poll(focused).toBe(true);
      return;
    }
    await page.keyboard.press('ArrowDown');
    await settleAnimations(page);
    await poll(focused).toBe(true);
  }
  throw new Error(`menu item "${label}" not reached with the arrow keys`);
}
