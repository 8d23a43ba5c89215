import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { poll, settle } from './harness.js';

// axe-core's browser bundle, read once. It is evaluated through the DevTools protocol (page.evaluate), which the
// portal's Content-Security-Policy does not govern: the policy stays as strict as it is for a person.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The rules issue 42 holds the portal to: WCAG 2.0, 2.1 and 2.2 at levels A and AA. No rule is switched off.
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// Loads axe into the current document (once: a single-page app keeps it across screens).
export async function loadAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(AXE_SOURCE);
}

// One line per violated rule: where, the rule, its impact, how many elements, the first few of them and axe's
// summary of what is wrong with each of those (a colour pair, a missing name).
function describe(where: string, violations: Result[]): string[] {
  return violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 4)
      .map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 220)}`);
    return `[${where}] ${v.id} (${v.impact ?? 'n/a'}) ×${v.nodes.length}: ${nodes.join(' | ')}`;
  });
}

// Runs axe on the whole document once the page has settled (no list loading, no animation), and returns its
// violations as readable lines (none when the page passes).
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  await settle(page);
  await loadAxe(page);
  const results = await page.evaluate(
    (tags) =>
      // Screens kept mounted but hidden (keep-alive tabs) are left out: each is checked while it is shown.
      (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } }).axe.run(
        { include: [document], exclude: ['.screen-pane[hidden]'] },
        {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        },
      ),
    WCAG_TAGS,
  );
  return describe(where, results.violations);
}

// Closes the shown screen's tab (Delete on the tab, as the keyboard does it) and waits until it has gone; the home
// tab cannot close and is left. The axe walks close each screen once checked: a screen kept mounted in a hidden tab
// would be drawn again on every theme switch and walked by every later axe run, each slower than the last.
export async function closeScreen(page: Page): Promise<void> {
  const tab = page.locator('[data-testid="frame-tab"].active');
  if ((await tab.locator('.frame-tab-close').count()) === 0) return;
  const path = await tab.getAttribute('data-path');
  await tab.press('Delete');
  await poll(() => page.locator(`[data-testid="frame-tab"][data-path="${path}"]`).count()).toBe(0);
}

export const bodyTheme = (page: Page) => page.evaluate(() => document.body.dataset.theme);

// The navbar's light/dark button, then the wait until the body carries the other theme.
export async function switchTheme(page: Page): Promise<string> {
  const before = await bodyTheme(page);
  await page.getByTestId('navbar-theme').click();
  await poll(() => bodyTheme(page)).not.toBe(before);
  return (await bodyTheme(page))!;
}
