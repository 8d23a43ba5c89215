import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sha256 } from '../apps/server/src/lib/hash.js';
import { axeViolations } from './axe.js';
import { screenshot, signIn, usePortal, type Portal } from './harness.js';

// WCAG 2.2.1 (decision 352). The page's clock is Playwright's, moved on as a member who left the screen would see it;
// the server keeps real time. zh-TW runs on a computer whose clock is eight hours ahead of the server's (a wall-clock
// time set in a UTC zone): the fixed end is the server's time left, not its instant.
const RUNS = [
  { locale: 'en-US', clockAhead: 0 },
  { locale: 'zh-TW', clockAhead: 8 * 3_600_000 },
] as const;

const warning = (page: Page) => page.getByRole('dialog');

// Whether the server has closed the session of this token.
async function closed(portal: Portal, token: string): Promise<boolean> {
  const row = await portal.db
    .selectFrom('session')
    .select('revokedAt')
    .where('tokenHash', '=', sha256(token))
    .executeTakeFirstOrThrow();
  return row.revokedAt !== null;
}

// A signed-in page whose clock is Playwright's, with the home screen's reads done (the last call a member made).
async function openPage(portal: Portal, run: (typeof RUNS)[number]) {
  const { page } = await portal.newPage({ locale: run.locale, storage: { 'cake-locale': run.locale } });
  await page.clock.install({ time: Date.now() + run.clockAhead });
  await signIn(page, portal.baseUrl);
  await page.waitForLoadState('networkidle');
  return { page, token: (await page.evaluate(() => localStorage.getItem('token')))! };
}

// Past the end: the session is closed on the server, and the member asked to sign in again.
async function expectEnded(portal: Portal, page: Page, token: string, en: boolean) {
  await expect
    .poll(() => page.locator('.ant-modal-confirm').textContent())
    .toContain(en ? 'Your login has expired' : '您的登入已過期');
  await expect.poll(() => closed(portal, token)).toBe(true);
  await page.locator('.ant-modal-confirm').getByRole('button').click();
  await page.waitForURL((url) => url.pathname.endsWith('/login'));
}

describe('the warning before a session ends when idle (30 minutes)', () => {
  const portal = usePortal({ SESSION_IDLE_MINUTES: '30' });

  for (const run of RUNS) {
    it(`asks before the idle end, stays signed in on request, then ends the session (${run.locale})`, async () => {
      const en = run.locale === 'en-US';
      const { page, token } = await openPage(portal, run);

      // 27½ minutes without a call: asked, a minute and a half before the end (taken a minute early).
      await page.clock.fastForward('27:30');
      await expect.poll(() => warning(page).isVisible()).toBe(true);
      await expect
        .poll(() => warning(page).textContent())
        .toMatch(en ? /signed out in 1:[0-2]\d/ : /將在 1:[0-2]\d 後登出/);
      const stay = page.getByRole('button', { name: en ? 'Stay signed in' : '繼續使用' });
      await expect.poll(() => stay.evaluate((b) => b === document.activeElement)).toBe(true);
      expect(await axeViolations(page, 'the idle warning', { layer: true })).toEqual([]);
      await screenshot(page, `session-idle-warning-${run.locale}`);
      await stay.click();
      await expect.poll(() => warning(page).isVisible()).toBe(false);
      expect(await closed(portal, token)).toBe(false);

      // Asked again 27½ minutes later; no answer this time.
      await page.clock.fastForward('27:30');
      await expect.poll(() => stay.isVisible()).toBe(true);
      await page.clock.fastForward('02:00');
      await expectEnded(portal, page, token, en);
    });
  }
});

describe('the notice before a session reaches its fixed end (an hour)', () => {
  const portal = usePortal({ SESSION_MAX_HOURS: '1' });

  for (const run of RUNS) {
    it(`tells the fixed end five minutes before, then ends the session (${run.locale})`, async () => {
      const en = run.locale === 'en-US';
      const { page, token } = await openPage(portal, run);

      await page.clock.fastForward('55:30');
      // The end as this computer's clock tells it, about 4½ minutes on (the minute either side of a few seconds).
      const ends = await page.evaluate(() =>
        [-20_000, 20_000].map((off) => {
          const d = new Date(Date.now() + 4.5 * 60_000 + off);
          return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
        }),
      );
      const at = `(${ends.join('|')})`;
      await expect
        .poll(() => warning(page).textContent())
        .toMatch(new RegExp(en ? `Yours ends at ${at} and cannot be extended` : `將於 ${at} 到期，無法延長`));
      // Shown, as the idle warning is waited for above, before its layer is checked.
      await expect.poll(() => warning(page).isVisible()).toBe(true);
      expect(await axeViolations(page, 'the fixed end notice', { layer: true })).toEqual([]);
      await screenshot(page, `session-end-notice-${run.locale}`);
      await warning(page)
        .getByRole('button', { name: en ? 'OK' : '知道了', exact: true })
        .click();
      await expect.poll(() => warning(page).isVisible()).toBe(false);

      await page.clock.fastForward('05:00');
      await expectEnded(portal, page, token, en);
    });
  }
});
