import { beforeAll, describe, expect, it } from 'vitest';
import { poll, screenshot, seedApplication, settleAnimations, signIn, usePortal } from './harness.js';

// Issue 39: the navbar search box finds a student by the middle of the English name (Ctrl+K) and opens them.
describe('the navbar search box end to end', () => {
  const portal = usePortal();
  let appId = 0;
  beforeAll(async () => {
    appId = await seedApplication(portal, {
      name: '林雅婷',
      engLastName: 'Lin',
      engFirstName: 'Evangeline',
      passportNo: 'M20261128',
      email: 'evangeline.lin@example.com',
      areaCode: '886',
      mobile: '933222111',
    });
  });

  it('finds a student by the middle of the English name with Ctrl+K and opens them', async () => {
    for (const locale of ['zh-TW', 'en-US'] as const) {
      const { page, context } = await portal.newPage({ locale, storage: { 'cake-locale': locale } });
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, portal.baseUrl);
      await page.getByTestId('search-open').waitFor();
      await page.keyboard.press('Control+K');
      const input = page.getByTestId('search-input');
      await input.waitFor({ state: 'visible' });
      await input.fill('angeli');
      const hit = page.getByTestId(`search-hit-application:${appId}`);
      await hit.waitFor();
      expect(await hit.innerText()).toContain('林雅婷 (Evangeline Lin)');
      expect(await hit.getAttribute('aria-selected')).toBe('true');
      // A combobox (WCAG 4.1.2): the box points at the chosen option, in a named dialog.
      expect(await input.getAttribute('role')).toBe('combobox');
      expect(await input.getAttribute('aria-activedescendant')).toBe(await hit.getAttribute('id'));
      expect(await page.getByRole('dialog', { name: locale === 'en-US' ? 'Search' : '搜尋' }).count()).toBe(1);
      await settleAnimations(page);
      await screenshot(page, `search-student-${locale}`);

      // Screens of the menu are found here too, by the name the menu shows; arrows move, Escape closes.
      await input.fill(locale === 'en-US' ? 'payment rec' : '付款記錄');
      await poll(() => page.locator('[data-testid^="search-hit-screen:"]').count()).toBeGreaterThan(0);
      // aria-activedescendant follows ArrowDown (to the second option, or stays on the only one).
      const options = page.locator('[data-testid="search-results"] [role="option"]');
      await poll(() => page.getByTestId('search-status').innerText()).not.toBe('');
      const ids = await options.evaluateAll((els) => els.map((e) => e.id));
      await page.keyboard.press('ArrowDown');
      await poll(() => input.getAttribute('aria-activedescendant')).toBe(ids[1 % ids.length]);
      await page.keyboard.press('Escape');
      await input.waitFor({ state: 'hidden' });

      // The button opens it as well; Enter opens the chosen student's detail screen.
      await page.getByTestId('search-open').click();
      await input.waitFor({ state: 'visible' });
      await input.fill('VANGEL');
      await hit.waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`applicationDetail\\?id=${appId}$`));
      await input.waitFor({ state: 'hidden' });

      // The search that opened something is kept on this device.
      await page.keyboard.press('Control+K');
      await page.getByTestId('search-recent').waitFor();
      expect(await page.getByTestId('search-recent').innerText()).toContain('VANGEL');
      // The recent searches are options the arrows reach (WCAG 2.1.1); Enter searches the chosen one again.
      const recent = page.getByTestId('search-recent').getByRole('option');
      const recentIds = await recent.evaluateAll((els) => els.map((e) => e.id));
      expect(await input.getAttribute('aria-activedescendant')).toBe(recentIds[0]);
      await page.keyboard.press('ArrowDown');
      expect(await input.getAttribute('aria-activedescendant')).toBe(recentIds[1 % recentIds.length]);
      await page.keyboard.press('ArrowUp');
      expect(await input.getAttribute('aria-activedescendant')).toBe(recentIds[0]);
      await settleAnimations(page);
      await screenshot(page, `search-recent-${locale}`);
      await context.close();
    }
  });
});
