import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERM } from '@study-crm/shared';
import { seedDemoPayments } from '../apps/server/src/seed/demo-payments.js';
import {
  ACTIVE_PANE,
  poll,
  screenshot,
  settle,
  settleAnimations,
  seedStaff,
  switchRole,
  tabAction,
  tabPaths,
  usePortal,
} from './harness.js';

// Issue 36.5: switching to a role that cannot open the shown screen moves to a screen it can open, closes the tabs it
// cannot open and says so, instead of a 403 page. Issue 36.8: Reload on a tab restored from storage after a browser
// reload, never drawn since, draws it and reads its data.
const TWO_ROLES = { login: 'two.roles', password: 'TwoRoles#2026pw' };
const PAYMENTS = '/transactionsManage/transactions';
const TRACKS = '/tracksManage/tracks';
const DICT = '/systemSetup/dictManage';
const CONFIG = '/systemSetup/configManage';

const path = (page: Page) => new URL(page.url()).pathname.replace(/^\/sadmin/, '');
// Every toast shown since watchNotices, in order (a loaded machine may take them away before a poll reads them).
const watchNotices = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __notices: string[] }).__notices = seen;
    new MutationObserver((changes) => {
      for (const node of changes.flatMap((c) => Array.from(c.addedNodes))) {
        if (!(node instanceof HTMLElement)) continue;
        const found = node.matches('.ant-message-notice')
          ? [node]
          : Array.from(node.querySelectorAll<HTMLElement>('.ant-message-notice'));
        for (const n of found) seen.push(n.innerText.trim());
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
const notices = (page: Page) => page.evaluate(() => (window as unknown as { __notices: string[] }).__notices);

describe('tabs after a role switch and after a browser reload (issue 36.5, 36.8)', () => {
  const portal = usePortal();
  beforeAll(async () => {
    await seedDemoPayments(portal.db, 30, () => undefined);
    // Payments (with their log) in one role, the dictionary in the other; the home list in neither.
    await seedStaff(portal, {
      loginName: TWO_ROLES.login,
      password: TWO_ROLES.password,
      email: 'two.roles@example.com',
      nickName: 'two.roles',
      roles: [
        {
          name: 'ROLE_E2E_PAY',
          cnName: '付款專員',
          enName: 'Payments clerk',
          perms: ['menu:transactionsManage', PERM.paymentList, 'menu:tracksManage', PERM.trackList],
        },
        {
          name: 'ROLE_E2E_DICT',
          cnName: '字典維護',
          enName: 'Dictionary keeper',
          perms: ['menu:systemSetup', PERM.dictList],
        },
      ],
    });
  });

  for (const locale of ['en-US', 'zh-TW'] as const) {
    it(`a role that cannot open the shown screen moves to one it can, with a notice (${locale})`, async () => {
      const en = locale === 'en-US';
      const { page, context } = await portal.signedInPage({
        user: TWO_ROLES.login,
        password: TWO_ROLES.password,
        locale,
        storage: { 'cake-locale': locale },
        viewport: { width: 1280, height: 800 },
      });
      // All roles: the dictionary, the payment log and the payment records open as tabs; the records are shown.
      for (const p of [DICT, TRACKS, PAYMENTS]) {
        await page.goto(`${portal.baseUrl}/sadmin${p}`);
        await page.locator(`${ACTIVE_PANE} .data-table`).waitFor();
      }
      await poll(() => page.locator(`${ACTIVE_PANE} [data-testid=pay-table] tr[data-row-key]`).count()).toBeGreaterThan(
        0,
      );
      expect(await tabPaths(page)).toEqual(expect.arrayContaining([DICT, TRACKS, PAYMENTS]));

      await watchNotices(page);
      await switchRole(
        page,
        en ? 'Switch role' : '切換角色',
        en ? 'Dictionary keeper (ROLE_E2E_DICT)' : '字典維護 (ROLE_E2E_DICT)',
      );
      // The first screen the role can open (its menu's first), drawn; no 403 page anywhere.
      await poll(() => path(page)).toBe(DICT);
      await page.locator(`${ACTIVE_PANE} [data-testid=dict-table]`).waitFor();
      expect(await page.getByTestId('no-permission').count()).toBe(0);
      // The payment tabs are gone; the home tab stays, as always.
      await poll(() => tabPaths(page)).toEqual(['/applicationManage/applicationList', DICT]);
      const said = en
        ? [
            'This role cannot open Payment records: moved to Dictionaries.',
            'Closed the tabs this role cannot open: Operation log.',
          ]
        : ['此角色無法開啟「付款記錄」，已改為顯示「字典管理」。', '已關閉此角色無法開啟的分頁：操作日誌。'];
      await poll(() => notices(page)).toEqual(said);
      await settleAnimations(page);
      await screenshot(page, `role-switch-moved-1280-${locale}`);
      await context.close();
    });
  }

  it('Reload on a tab restored after a browser reload, never drawn since, draws it and reads its list', async () => {
    const { page, context } = await portal.signedInPage({
      locale: 'en-US',
      storage: { 'cake-locale': 'en-US' },
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(`${portal.baseUrl}/sadmin${PAYMENTS}`);
    await page.locator(`${ACTIVE_PANE} [data-testid=pay-table]`).waitFor();
    await page.goto(`${portal.baseUrl}/sadmin${CONFIG}`);
    await page.locator(`${ACTIVE_PANE} [data-testid=config-table]`).waitFor();
    // The browser reloads on the config screen: the payments tab is restored but its screen is not drawn.
    await page.reload();
    await page.locator(`${ACTIVE_PANE} [data-testid=config-table]`).waitFor();
    await settle(page);
    await poll(() => tabPaths(page)).toContain(PAYMENTS);
    expect(await page.locator(`.screen-pane[data-path="${PAYMENTS}"]`).count()).toBe(0);

    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/mc/paymentRecord/list')) reads.push(r.url());
    });
    await page.locator('[data-testid="tab-bar"][data-sortable]').waitFor();
    await tabAction(page, PAYMENTS, 'Reload');
    // Shown and drawn, its rows read from the server.
    await poll(() => path(page)).toBe(PAYMENTS);
    await poll(() => page.locator(`${ACTIVE_PANE} [data-testid=pay-table] tr[data-row-key]`).count()).toBeGreaterThan(
      0,
    );
    expect(await page.locator(`${ACTIVE_PANE}[data-path="${PAYMENTS}"]`).count()).toBe(1);
    expect(reads.length).toBeGreaterThan(0);
    await screenshot(page, 'tab-reload-restored-1280-en-US', { settle: true });
    await context.close();
  });
});
