import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemoApplications } from '../apps/server/src/seed/demo-applications.js';
import { seedDemoMembers } from '../apps/server/src/seed/demo-members.js';
import { seedDemoPayments } from '../apps/server/src/seed/demo-payments.js';
import { ACTIVE_PANE, openScreen, poll, screenshot, settle, signIn, menuLeaves, usePortal } from './harness.js';

// Issue 36.3: at 1280 × 800 every list of the administrator's menu shows its key columns and its row actions without
// a sideways scroll; at 1440 the key columns (dates, titles, amounts, status) are all still there (a first try hid
// status columns at 1440).
const PAYMENTS = '/sadmin/transactionsManage/transactions';
const STUDENT_PAYMENTS = '/sadmin/applicationManage/userTransactions';

// Per menu screen, the headers (en-US) that must be in view at 1280 and at 1440: its key, main date and status.
const KEY_COLUMNS: Record<string, string[]> = {
  applicationList: ['Applied on', 'Student', 'Status', 'Service completed', 'Actions'],
  transactions: ['Payment date', 'Title', 'Amount', 'Status', 'Actions'],
  tracks: ['Time', 'Operation', 'Actions'],
  feedback: ['Sender', 'Message time', 'Status', 'Actions'],
  emailManage: ['Subject', 'Delivery', 'Time', 'Actions'],
  emailSenderManage: ['Display name', 'Actions'],
  noticeManage: ['Title', 'Publish time', 'State', 'Actions'],
  smsManage: ['Content', 'Send time', 'Send status', 'Actions'],
  templateManage: ['Template name', 'Updated', 'Actions'],
  employeeList: ['Name', 'E-mail', 'Roles', 'Status', 'Identity', 'Actions'],
  accountList: ['Name', 'E-mail', 'Status', 'Identity', 'Actions'],
  configManage: ['Key', 'Status', 'Updated', 'Actions'],
  dictManage: ['Value', 'Chinese name', 'Status', 'Actions'],
  sysTagManage: ['Tag type', 'Tag key', 'Status', 'Actions'],
  labels: ['Label name', 'Status', 'Actions'],
  contentManage: ['Title', 'Status', 'Created', 'Actions'],
  operationLog: ['Time', 'Member', 'Module', 'Action', 'Outcome', 'Actions'],
  admissionsCycles: ['Entry year', 'Early', 'Equal consideration', 'Final', 'Status', 'Actions'],
  visaStages: ['Order', 'Stage name', 'Rules', 'Status', 'Actions'],
  dataRequests: ['Person', 'Due', 'Status', 'Actions'],
  roleManage: ['Role name', 'Actions'],
  menuManage: ['Title', 'Type', 'Shown in the menu', 'Actions'],
  projectList: ['Project', 'Status', 'Period', 'Actions'],
  taskList: ['Task', 'Status', 'Due', 'Actions'],
  contributionList: ['Day', 'Task', 'Points'],
  kpiTypeList: ['Name', 'Enabled', 'Actions'],
  projects: ['Project', 'Status', 'Period'],
  tasks: ['Task', 'Status', 'Due', 'Actions'],
};

type TableView = {
  id: string | null;
  // How far the table scrolls sideways.
  overflow: number;
  // The headers wholly in view (inside the table's box and the window).
  inView: string[];
  // The buttons and links of the last column (the row actions) that are not wholly in view.
  cutActions: string[];
};

// Each list table of the shown screen (the kit's tables and antd's), as a person sees it.
const tablesOf = (page: Page): Promise<TableView[]> =>
  page.locator(`${ACTIVE_PANE} .data-table, ${ACTIVE_PANE} .ant-table-wrapper`).evaluateAll((tables) =>
    tables
      .filter((t) => (t as HTMLElement).offsetParent !== null)
      .map((t) => {
        const box = (t.querySelector('.dt-scroll') ?? t.querySelector('.ant-table-content') ?? t) as HTMLElement;
        const b = box.getBoundingClientRect();
        const seen = (r: DOMRect) =>
          r.width > 0 && r.left >= b.left - 1 && r.right <= b.right + 1 && r.right <= window.innerWidth;
        const actions = Array.from(
          t.querySelectorAll('tbody tr[data-row-key] > td:last-child :is(a, button)'),
        ) as HTMLElement[];
        return {
          id: t.getAttribute('data-testid'),
          overflow: box.scrollWidth - box.clientWidth,
          inView: Array.from(t.querySelectorAll('thead th'))
            .filter((th) => seen(th.getBoundingClientRect()))
            .map((th) => (th as HTMLElement).innerText.trim()),
          cutActions: [
            ...new Set(actions.filter((a) => !seen(a.getBoundingClientRect())).map((a) => a.innerText.trim())),
          ],
        };
      }),
  );

// The shown screen, once its lists have read their rows.
async function shown(page: Page) {
  await page.waitForLoadState('networkidle');
  await settle(page);
}

describe('lists at 1280 × 800 (issue 36.3), and the tab bar with every screen open (issue 12)', () => {
  const portal = usePortal();
  let appId = 0;
  beforeAll(async () => {
    // Rows of real length (names, titles, amounts) on the lists, as the demo data has them.
    await seedDemoMembers(portal.db, 30);
    await seedDemoApplications(portal.db, 20);
    await seedDemoPayments(portal.db, 80, () => undefined);
    const row = await portal.db
      .selectFrom('paymentRecord')
      .select('applicationId')
      .groupBy('applicationId')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    appId = Number(row.applicationId);
  });

  it('every menu list fits its box at 1280 with its actions in view; key columns stay at 1280 and 1440', async () => {
    const { page, context } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, portal.baseUrl);
    const leaves = await menuLeaves(page);
    expect(leaves).toEqual(expect.arrayContaining(Object.keys(KEY_COLUMNS)));
    const wrong: string[] = [];
    const withTables = new Set<string>();
    for (const name of leaves) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openScreen(page, name);
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: width === 1280 ? 800 : 900 });
        await shown(page);
        const tables = await tablesOf(page);
        if (tables.length) withTables.add(name);
        tables.forEach((table, i) => {
          const at = `${name} @${width} ${table.id ?? i}`;
          if (width === 1280 && table.overflow > 1) wrong.push(`${at}: scrolls sideways by ${table.overflow} px`);
          if (table.cutActions.length) wrong.push(`${at}: actions out of view: ${table.cutActions.join(', ')}`);
        });
        // The screen's key columns, in view in one of its tables.
        if (width === 1280 && tables.length) await screenshot(page, `list-${name}-1280-en-US`);
        const inView = tables.flatMap((t) => t.inView);
        const missing = (KEY_COLUMNS[name] ?? []).filter((h) => !inView.includes(h));
        if (missing.length) wrong.push(`${name} @${width}: key columns not in view: ${missing.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect([...withTables].sort()).toEqual(Object.keys(KEY_COLUMNS).sort());
    // Issue 12 (was a walk of its own in frame-details): with a tab open for every screen, the active tab stays in
    // the tab bar's view, also after going back to the first screen opened from the menu. No screen logged an error
    // on the way (e2e/setup.ts checks after every test). At the width the walk ended with: the bar brings a tab into
    // view when it becomes the active one, not when the window narrows afterwards.
    const bar = (await page.getByTestId('tab-bar').boundingBox())!;
    const activeInView = async () => {
      const tab = await page.locator('[data-testid="frame-tab"].active').boundingBox();
      return Boolean(tab && tab.x >= bar.x - 1 && tab.x + tab.width <= bar.x + bar.width + 1);
    };
    expect(await page.getByTestId('frame-tab').count()).toBeGreaterThan(8);
    await poll(activeInView).toBe(true);
    await page.locator(`[data-testid="side-menu"] li.ant-menu-item [data-menu="${leaves[1]}"]`).click();
    await poll(activeInView).toBe(true);
    await screenshot(page, 'frame-many-tabs-en-US');
    await context.close();
    // Every screen of the menu at two widths, one after another: longer than one screen's test.
  }, 400_000);

  it("shows the payment records and a student's payments whole in both languages", async () => {
    for (const locale of ['en-US', 'zh-TW'] as const) {
      const { page, context } = await portal.newPage({ locale, storage: { 'cake-locale': locale } });
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, portal.baseUrl);
      for (const [name, path] of [
        ['payment-records', PAYMENTS],
        ['student-payments', `${STUDENT_PAYMENTS}?id=${appId}`],
      ] as const) {
        await page.goto(`${portal.baseUrl}${path}`);
        await poll(() =>
          page.locator(`${ACTIVE_PANE} [data-testid=pay-table] tr[data-row-key]`).count(),
        ).toBeGreaterThan(0);
        await shown(page);
        const [table] = await tablesOf(page);
        expect(table!.overflow).toBeLessThanOrEqual(1);
        expect(table!.cutActions).toEqual([]);
        // Date, title, type, amount, status and the actions.
        expect(table!.inView).toHaveLength(6);
        if (locale === 'en-US') {
          expect(table!.inView).toEqual(['Payment date', 'Title', 'Type', 'Amount', 'Status', 'Actions']);
        }
        await screenshot(page, `${name}-1280-${locale}`);
      }
      // Two more lists whose columns now fit by priority, in this language too.
      for (const [name, p, table] of [
        ['applications', '/sadmin/applicationManage/applicationList', 'app-table'],
        ['staff', '/sadmin/employee/employeeList', 'member-table'],
      ] as const) {
        await page.goto(`${portal.baseUrl}${p}`);
        await poll(() =>
          page.locator(`${ACTIVE_PANE} [data-testid=${table}] tr[data-row-key]`).count(),
        ).toBeGreaterThan(0);
        await shown(page);
        expect((await tablesOf(page))[0]!.overflow).toBeLessThanOrEqual(1);
        await screenshot(page, `${name}-1280-${locale}`);
      }
      await context.close();
    }
  });
});
