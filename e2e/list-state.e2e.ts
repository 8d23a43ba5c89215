import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemoApplications } from '../apps/server/src/seed/demo-applications.js';
import { seedDemoMembers } from '../apps/server/src/seed/demo-members.js';

const DEMO_ROLE = '顧問';
import { ROW, pickOption, screenshot, poll, signIn, usePortal } from './harness.js';
import { chunkUrl } from './chunks.js';

// Issue 11: a list keeps its filters, sort and page in the URL, across a reload and with the back button.
// Issue 12: the applications list keeps readable columns at 1280×720.
const APPS = '/sadmin/applicationManage/applicationList';
const EMPLOYEES = '/sadmin/employee/employeeList';

const activePage = (page: Page) => page.locator(`${ROW.replace(' tr[data-row-key]', '')} .ant-pagination-item-active`);
// The page shown is the one asked for (the previous page stays on screen while the next loads). `data-busy` is set in
// the render that asks for the page; antd's spinner appears a moment later, and a row read in between was the old one.
const settled = (page: Page) =>
  poll(() => page.locator('.screen-pane:not([hidden]) [data-busy="true"]').count()).toBe(0);
const rowTexts = (page: Page) => page.locator(ROW).evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
const sortOf = (page: Page, title: string) =>
  page.locator('.screen-pane:not([hidden]) th', { hasText: title }).first().getAttribute('aria-sort');

async function filterSortPage(page: Page, filter: { testId: string; label: string }, column: string) {
  await pickOption(page, page.getByTestId(filter.testId), filter.label);
  await poll(() => page.url()).toContain('f.');
  await page.locator('.screen-pane:not([hidden]) th', { hasText: column }).first().click();
  await poll(() => sortOf(page, column)).toBe('ascending');
  await activePage(page).locator('xpath=following-sibling::li[1]').click();
  await poll(() => activePage(page).textContent()).toBe('2');
  await poll(() => page.locator(ROW).count()).toBe(20);
  await settled(page);
}

describe('list state in the URL', () => {
  const portal = usePortal();
  beforeAll(async () => {
    await seedDemoMembers(portal.db, 60);
    await seedDemoApplications(portal.db, 200);
  });

  it('applicationList and employeeList keep filters, sort and page across a reload, and Back returns to page 1', async () => {
    const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': 'en-US' } });
    for (const screen of [
      { path: APPS, filter: { testId: 'app-status-filter', label: 'Submitted' }, column: 'Student', param: 'f.status' },
      {
        path: EMPLOYEES,
        filter: { testId: 'member-role-filter', label: DEMO_ROLE },
        column: 'E-mail',
        param: 'f.roleId',
      },
    ]) {
      await page.goto(`${portal.baseUrl}${screen.path}`);
      await poll(() => page.locator(ROW).count()).toBe(20);
      await filterSortPage(page, screen.filter, screen.column);
      const url = new URL(page.url());
      expect(url.searchParams.get('pageNum')).toBe('2');
      expect(url.searchParams.get(screen.param)).toBeTruthy();
      const rows = await rowTexts(page);

      // Back on the screen (no reload): page 1 again, and Forward brings page 2 back.
      await page.evaluate(() => history.back());
      await poll(() => page.url(), 'Back, address').not.toContain('pageNum=2');
      await poll(() => activePage(page).textContent(), 'Back without a reload').toBe('1');
      await page.evaluate(() => history.forward());
      await poll(() => activePage(page).textContent(), 'Forward').toBe('2');
      await settled(page);

      // The reload reads the home list's page once: ahead of the screen, which finds it (decision 117).
      const listReads: string[] = [];
      const onRequest = (r: { url: () => string }) => {
        if (r.url().includes('/applicationRecord/list?')) listReads.push(r.url());
      };
      page.on('request', onRequest);
      await page.reload();
      await poll(() => page.locator(ROW).count()).toBe(20);
      await settled(page);
      page.off('request', onRequest);
      if (screen.path === APPS) expect(listReads).toHaveLength(1);
      expect(new URL(page.url()).search).toBe(url.search);
      await poll(() => activePage(page).textContent()).toBe('2');
      expect(await sortOf(page, screen.column)).toBe('ascending');
      await poll(() => page.getByTestId(screen.filter.testId).innerText()).toContain(screen.filter.label);
      await poll(() => rowTexts(page)).toEqual(rows);

      // Back through the page's own history (as the application e2e does): Playwright's goBack, which picks the
      // entry from the browser's list, twice landed on about:blank here in full PostgreSQL runs (cause not found).
      const entries = await page.evaluate(() => history.length);
      await page.evaluate(() => history.back());
      await poll(() => activePage(page).textContent(), `Back, ${entries} history entries`).toBe('1');
      expect(await sortOf(page, screen.column)).toBe('ascending');
    }
    await context.close();
  });

  // The import and export buttons' code loads after the list's own: until it has come, the list, its filters and its
  // rows are shown without them (the whole screen once waited for it behind a spinner).
  it("shows the applications list's rows and filters while the import and export buttons' code is on its way", async () => {
    const { page, context } = await portal.newPage({ storage: { 'cake-locale': 'en-US' } });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(chunkUrl('ImportButton', 'ExportButton'), async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, portal.baseUrl);
    await poll(() => page.locator(ROW).count()).toBe(20);
    await expect(page.getByTestId('app-status-filter').isVisible()).resolves.toBe(true);
    expect(await page.getByTestId('app-export').count()).toBe(0);
    expect(await page.getByTestId('application-import').count()).toBe(0);
    release();
    await poll(() => page.getByTestId('app-export').count()).toBe(1);
    await poll(() => page.getByTestId('application-import').count()).toBe(1);
    await context.close();
  });

  it("shows a spinner in the middle of the pane while a screen's code is on its way, then the screen", async () => {
    const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': 'en-US' } });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(chunkUrl('EmployeeList'), async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${portal.baseUrl}${EMPLOYEES}`);
    const pane = page.locator('.screen-pane:not([hidden])');
    const spinner = pane.locator('.ant-spin-spinning');
    await spinner.waitFor();
    // Its turning dots centred across the pane (they had stood at its left edge), below the breadcrumb.
    const [p, s] = [(await pane.boundingBox())!, (await spinner.locator('.ant-spin-dot').boundingBox())!];
    expect(Math.abs(s.x + s.width / 2 - (p.x + p.width / 2))).toBeLessThan(2);
    expect(s.y).toBeGreaterThan(p.y + 24);
    await screenshot(page, 'screen-loading-en-US');
    release();
    await poll(() => page.locator(ROW).count()).toBeGreaterThan(0);
    expect(await spinner.count()).toBe(0);
    await context.close();
  });

  it('the applications list keeps readable columns at 1280×720 and 1920×1080', async () => {
    const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': 'en-US' } });
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${portal.baseUrl}${APPS}`);
      await poll(() => page.locator(ROW).count()).toBe(20);
      const student = await page.locator('.screen-pane:not([hidden]) th', { hasText: 'Student' }).first().boundingBox();
      expect(student!.width).toBeGreaterThanOrEqual(200);
      const heights = await page.locator(ROW).evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
      expect(Math.max(...heights)).toBeLessThan(100);
      await screenshot(page, `application-list-${width}x${height}`);
    }
    // A cut text shows its whole in a tooltip while the pointer is on it, and the tooltip goes when it leaves.
    const schools = page.locator(`${ROW} td:nth-child(4) .cell-text`).first();
    const whole = await schools.textContent();
    await schools.hover();
    const tip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-container');
    await poll(() => tip.textContent()).toBe(whole);
    await page.mouse.move(5, 5);
    await poll(() => tip.count()).toBe(0);
    await context.close();
  });
});
