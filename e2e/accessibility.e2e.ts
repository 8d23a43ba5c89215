import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoApplications } from '../apps/server/src/seed/demo-applications.js';
import { seedDemoMembers } from '../apps/server/src/seed/demo-members.js';
import { seedDemoPayments } from '../apps/server/src/seed/demo-payments.js';
import { seedDemoProjects } from '../apps/server/src/seed/demo-projects.js';
import { axeViolations, bodyTheme, closeScreen, switchTheme } from './axe.js';
import {
  openMessageBox,
  openScreen,
  poll,
  screenshot,
  signIn,
  startPortal,
  type Portal,
  menuLeaves,
} from './harness.js';

// Issue 42: axe-core's WCAG 2.0/2.1/2.2 A and AA rules on the login page and every menu screen of the administrator,
// in the dark and the light theme (en-US), and on a sample in zh-TW with the colour-weak mode on (docs/accessibility.md).
// One signed-in page walks the menu; the theme is switched in place (the navbar's button) between the two runs of
// a screen, so each screen loads once, and its tab is closed before the next opens.

const settings = (patch: Record<string, unknown>) => JSON.stringify({ state: patch, version: 1 });

describe('accessibility: axe-core, WCAG 2.2 A/AA (issue 42)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
    // Rows on every list, so links, tags and progress bars in tables are checked too.
    await seedDemoMembers(portal.db, 12);
    await seedDemoApplications(portal.db, 12);
    await seedDemoPayments(portal.db, 12, () => undefined);
    await seedDemoProjects(portal.db, 1);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('the login page and every menu screen, dark and light, en-US: no violation', { timeout: 600_000 }, async () => {
    const { page } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.setViewportSize({ width: 1280, height: 800 });
    const found: string[] = [];

    // The login page in the default (dark) theme, then in the light one.
    await page.goto(`${portal.baseUrl}/sadmin/login`);
    await page.locator('.login-captcha-img img').waitFor();
    found.push(...(await axeViolations(page, 'login dark')));
    await page.evaluate((v) => localStorage.setItem('sadmin-settings', v), settings({ theme: 'light' }));
    await page.reload();
    await page.locator('.login-captcha-img img').waitFor();
    expect(await bodyTheme(page)).toBe('light');
    found.push(...(await axeViolations(page, 'login light')));

    await signIn(page, portal.baseUrl);
    const leaves = await menuLeaves(page);
    expect(leaves.length).toBeGreaterThan(20);
    for (const [i, name] of leaves.entries()) {
      const path = await openScreen(page, name);
      const first = await bodyTheme(page);
      found.push(...(await axeViolations(page, `${path} ${first}`)));
      if (i === 0) await screenshot(page, `a11y-home-${first}-en-US`);
      const other = await switchTheme(page);
      found.push(...(await axeViolations(page, `${path} ${other}`)));
      if (i === 0) await screenshot(page, `a11y-home-${other}-en-US`);
      await closeScreen(page);
    }

    // The message box over the last screen, in both themes (the theme button closes it: opened again).
    for (let i = 0; i < 2; i++) {
      await openMessageBox(page, 'notice');
      found.push(...(await axeViolations(page, `message box ${await bodyTheme(page)}`)));
      await page.keyboard.press('Escape');
      await poll(() => page.getByTestId('message-box').isVisible()).toBe(false);
      if (i === 0) await switchTheme(page);
    }

    expect(found).toEqual([]);
  });

  it('a sample in zh-TW with the colour-weak mode on, dark and light: no violation', { timeout: 300_000 }, async () => {
    const { page } = await portal.newPage({ storage: { 'sadmin-settings': settings({ colorWeak: true }) } });
    await page.setViewportSize({ width: 1280, height: 800 });
    const found: string[] = [];
    await signIn(page, portal.baseUrl);
    expect(await page.evaluate(() => document.documentElement.style.filter)).toBe('invert(80%)');
    await menuLeaves(page);
    for (const name of ['applicationList', 'tracks', 'transactions', 'projectList', 'contributionList']) {
      if ((await page.locator(`[data-testid="side-menu"] [data-menu="${name}"]`).count()) === 0) {
        throw new Error(`no menu item ${name}`);
      }
      const path = await openScreen(page, name);
      const first = await bodyTheme(page);
      found.push(...(await axeViolations(page, `zh-TW colour-weak ${path} ${first}`)));
      if (name === 'transactions') await screenshot(page, `a11y-payments-${first}-colour-weak-zh-TW`);
      const other = await switchTheme(page);
      found.push(...(await axeViolations(page, `zh-TW colour-weak ${path} ${other}`)));
      if (name === 'transactions') await screenshot(page, `a11y-payments-${other}-colour-weak-zh-TW`);
      await closeScreen(page);
    }
    expect(found).toEqual([]);
  });
});
