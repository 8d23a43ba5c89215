import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemoApplications } from '../apps/server/src/seed/demo-applications.js';
import { seedDemoMembers } from '../apps/server/src/seed/demo-members.js';
import { seedDemoPayments } from '../apps/server/src/seed/demo-payments.js';
import {
  ACTIVE_PANE,
  poll,
  screenshot,
  settle,
  settleAnimations,
  signIn,
  startPortal,
  type Portal,
} from './harness.js';

// Issue 36: at 1280 × 800 every list reachable from the administrator's menu shows its key columns and its actions
// without scrolling sideways.
const PAYMENTS = '/sadmin/transactionsManage/transactions';
const STUDENT_PAYMENTS = '/sadmin/applicationManage/userTransactions';

// The menu's leaves (every group opened), by their menu names.
async function menuLeaves(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await poll(() => menu.locator('[data-menu]').count()).toBeGreaterThan(0);
  const groups = await menu
    .locator('.ant-menu-submenu-title [data-menu]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')!));
  for (const g of groups) {
    const open = await menu
      .locator(`.ant-menu-submenu-title [data-menu="${g}"]`)
      .evaluate((el) => el.closest('.ant-menu-submenu')!.classList.contains('ant-menu-submenu-open'));
    if (!open) await menu.locator(`.ant-menu-submenu-title:has([data-menu="${g}"])`).click();
  }
  await settleAnimations(page);
  return menu
    .locator('li.ant-menu-item [data-menu]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')!));
}

// Each list table of the shown screen: whether it scrolls sideways, and whether its actions header is in its box.
const tablesOf = (page: Page) =>
  page.locator(`${ACTIVE_PANE} .data-table`).evaluateAll((tables) =>
    tables
      .filter((t) => (t as HTMLElement).offsetParent !== null)
      .map((t) => {
        const box = t.querySelector('.dt-scroll')!;
        const actions = t.querySelector('th[data-col="actions"]');
        const b = box.getBoundingClientRect();
        const a = actions?.getBoundingClientRect();
        return {
          id: t.getAttribute('data-testid'),
          overflow: box.scrollWidth - box.clientWidth,
          hasActions: Boolean(actions),
          actionsInView: a ? a.left >= b.left - 1 && a.right <= b.right + 1 && a.width > 0 : true,
        };
      }),
  );

describe('lists at 1280 × 800', () => {
  let portal: Portal;
  let appId = 0;
  beforeAll(async () => {
    portal = await startPortal();
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
  afterAll(async () => {
    await portal?.close();
  });

  it('every menu list fits its panel with its actions in view', async () => {
    const { page, context } = await portal.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, portal.baseUrl);
    const leaves = await menuLeaves(page);
    expect(leaves.length).toBeGreaterThan(8);
    const wide: string[] = [];
    let checked = 0;
    for (const name of leaves) {
      await page.locator(`[data-testid="side-menu"] li.ant-menu-item [data-menu="${name}"]`).click();
      await poll(() =>
        page.evaluate(
          () =>
            document.querySelector('[data-testid="frame-tab"].active')?.getAttribute('data-path') ===
            location.pathname.replace(/^\/sadmin/, ''),
        ),
      ).toBe(true);
      await page.waitForLoadState('networkidle');
      await poll(() => page.locator(`${ACTIVE_PANE} .ant-spin-spinning`).count()).toBe(0);
      await settle(page);
      for (const t of await tablesOf(page)) {
        checked++;
        if (t.overflow > 1 || !t.actionsInView) wide.push(`${name} ${t.id}: ${JSON.stringify(t)}`);
      }
    }
    expect(checked).toBeGreaterThan(8);
    expect(wide).toEqual([]);
    await context.close();
  });

  it("shows the payment records and a student's payments whole in both languages", async () => {
    for (const locale of ['zh-TW', 'en-US'] as const) {
      const { page, context } = await portal.newPage({ locale, storage: { 'cake-locale': locale } });
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, portal.baseUrl);
      for (const [name, path] of [
        ['payment-records', PAYMENTS],
        ['student-payments', `${STUDENT_PAYMENTS}?id=${appId}`],
      ] as const) {
        await page.goto(`${portal.baseUrl}${path}`);
        const rows = page.locator(`${ACTIVE_PANE} [data-testid=pay-table] tr[data-row-key]`);
        await poll(() => rows.count()).toBeGreaterThan(0);
        await settle(page);
        const [table] = await tablesOf(page);
        expect(table).toMatchObject({ hasActions: true, actionsInView: true });
        expect(table!.overflow).toBeLessThanOrEqual(1);
        // The key columns stay: date, title, amount, status and the actions.
        expect(await page.locator(`${ACTIVE_PANE} [data-testid=pay-table] th`).count()).toBeGreaterThanOrEqual(5);
        await screenshot(page, `${name}-1280-${locale}`);
      }
      await context.close();
    }
  });
});
