import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sha256 } from '../apps/server/src/lib/hash.js';
import { axeViolations } from './axe.js';
import { screenshot, signIn, usePortal } from './harness.js';

// WCAG 2.2.1 (decision 352): a session ending after 30 minutes without a call, or an hour after sign-in. The page's
// clock is Playwright's, moved on as a member who left the screen would see it; the server keeps real time.
describe('the warnings before a session ends', () => {
  const portal = usePortal({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '1' });

  const warning = (page: Page) => page.getByRole('dialog');
  // Whether the server has closed the session of this token.
  const closed = async (token: string) => {
    const row = await portal.db
      .selectFrom('session')
      .select('revokedAt')
      .where('tokenHash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    return row.revokedAt !== null;
  };

  for (const locale of ['en-US', 'zh-TW'] as const) {
    it(`asks before the idle end, stays signed in on request, tells the fixed end, then ends the session (${locale})`, async () => {
      const en = locale === 'en-US';
      const { page } = await portal.newPage({ locale, storage: { 'cake-locale': locale } });
      await page.clock.install();
      await signIn(page, portal.baseUrl);
      // The home screen's reads done (the last call a member made).
      await page.waitForLoadState('networkidle');
      const token = (await page.evaluate(() => localStorage.getItem('token')))!;

      // 27½ minutes without a call: asked, a minute and a half before the end (taken a minute early).
      await page.clock.fastForward('27:30');
      await expect.poll(() => warning(page).isVisible()).toBe(true);
      await expect
        .poll(() => warning(page).textContent())
        .toMatch(en ? /signed out in 1:[0-2]\d/ : /將在 1:[0-2]\d 後登出/);
      const stay = page.getByRole('button', { name: en ? 'Stay signed in' : '繼續使用' });
      await expect.poll(() => stay.evaluate((b) => b === document.activeElement)).toBe(true);
      expect(await axeViolations(page, 'the idle warning', { layer: true })).toEqual([]);
      await screenshot(page, `session-idle-warning-${locale}`);
      await stay.click();
      await expect.poll(() => warning(page).isVisible()).toBe(false);
      expect(await closed(token)).toBe(false);

      // Asked again 27½ minutes later (55 after sign-in): staying on, the fixed end comes first and is told.
      await page.clock.fastForward('27:30');
      await expect.poll(() => stay.isVisible()).toBe(true);
      await stay.click();
      await expect
        .poll(() => warning(page).textContent())
        .toMatch(en ? /Yours ends at \d\d:\d\d and cannot be extended/ : /將於 \d\d:\d\d 到期，無法延長/);
      await screenshot(page, `session-end-notice-${locale}`);
      await warning(page)
        .getByRole('button', { name: en ? 'OK' : '知道了', exact: true })
        .click();
      await expect.poll(() => warning(page).isVisible()).toBe(false);

      // Past the end: the session is closed on the server, and the member asked to sign in again.
      await page.clock.fastForward('05:30');
      await expect
        .poll(() => page.locator('.ant-modal-confirm').textContent())
        .toContain(en ? 'Your login has expired' : '您的登入已過期');
      await expect.poll(() => closed(token)).toBe(true);
      await page.locator('.ant-modal-confirm').getByRole('button').click();
      await page.waitForURL((url) => url.pathname.endsWith('/login'));
    });
  }
});
