import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { AxeResults, Result } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { ROW, poll, screenshot, settle, settleAnimations } from './harness.js';

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

// The colour-weak mode (a setting) draws the whole page through an invert filter on the root (80 %, the spec;
// components/bodyTheme.ts). axe reads colours from the styles and ignores CSS filters: its colour-contrast rule judges
// the page as if it were drawn without the filter. When the page carries one, the colours as drawn are worked out
// here from every pair axe measured (invert(p) acts on each sRGB channel: c → p + c(1 − 2p)) and held to the ratio
// axe asks of that text (4.5:1, 3:1 for large text).
type ContrastData = { fgColor?: string; bgColor?: string; expectedContrastRatio?: string };

// WCAG 2.x contrast of two #rrggbb colours as drawn through invert(`amount`).
function invertedRatio(fg: string, bg: string, amount: number): number | null {
  const rgb = (hex: string) => {
    const m = /^#([0-9a-f]{6})$/i.exec(hex);
    return m ? [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16) / 255) : null;
  };
  const lum = (c: number[]) => {
    const lin = c.map((v) => {
      const s = amount + v * (1 - 2 * amount);
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
  };
  const [f, b] = [rgb(fg), rgb(bg)];
  if (!f || !b) return null;
  const [hi, lo] = [lum(f), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// The text the filter draws below its ratio, one line as for a rule of axe's: each colour pair once, with how many
// elements draw it and the first of them.
function drawnContrastLines(
  where: string,
  amount: number,
  nodes: { target: string[]; data: ContrastData }[],
): string[] {
  const pairs = new Map<string, { count: number; first: string }>();
  for (const { target, data } of nodes) {
    const ratio = data.fgColor && data.bgColor ? invertedRatio(data.fgColor, data.bgColor, amount) : null;
    const expected = parseFloat(data.expectedContrastRatio ?? '4.5');
    if (ratio === null || ratio >= expected) continue;
    const key = `${data.fgColor} on ${data.bgColor} drawn ${ratio.toFixed(2)}:1 (${expected}:1)`;
    const seen = pairs.get(key);
    if (seen) seen.count++;
    else pairs.set(key, { count: 1, first: target.join(' ') });
  }
  if (pairs.size === 0) return [];
  const list = [...pairs].map(([pair, { count, first }]) => `${pair} ×${count}, e.g. ${first}`);
  return [`[${where}] color-contrast as drawn through invert(${amount}): ${list.join(' | ')}`];
}

// Runs axe on the whole document once the page has settled (no list loading, no animation), and returns its
// violations as readable lines (none when the page passes); on a page drawn through the colour-weak mode's invert
// filter, with the text the filter draws below its contrast ratio.
// What one axe run covers: the whole page, or (`layer`) only the dialogs and drawers open over it. With `toasts`, a
// toast still on screen (a save's "Saved", 5 s) is checked with the page instead of waited out: for the checks inside
// the feature flows, which open a dialog right after an action.
export type AxeScope = { layer?: boolean; toasts?: boolean };

export async function axeViolations(page: Page, where: string, opts: AxeScope = {}): Promise<string[]> {
  if (opts.toasts) {
    await page.waitForFunction(() => !document.querySelector('[data-busy="true"], .ant-spin-spinning'));
    await settleAnimations(page);
  } else {
    await settle(page);
  }
  await loadAxe(page);
  // A colour read while a transition is on its way (a theme switching, a button's hover ending under a dialog's
  // mask) is not the colour at rest (a CI run read #1352e0, no token of either theme, on a screen's add button): a
  // page with a finding is measured again once two frames have passed and the page has settled, and only what stays
  // is reported (a finding at rest stays).
  const lines = async () => {
    const { violations, invert, measured } = await runAxe(page, opts);
    return [...describe(where, violations), ...(invert ? drawnContrastLines(where, invert, measured) : [])];
  };
  const found = await lines();
  if (!found.length) return found;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await settleAnimations(page);
  return lines();
}

// One axe run over the page (or, with `layer`, its open dialogs and drawers).
function runAxe(page: Page, opts: AxeScope) {
  return page.evaluate(
    async ({ tags, layer }) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } }).axe;
      const filter = /invert\(([\d.]+)(%?)\)/.exec(getComputedStyle(document.documentElement).filter);
      const amount = filter ? Number(filter[1]) / (filter[2] ? 100 : 1) : 0;
      // Screens kept mounted but hidden (keep-alive tabs) are left out: each is checked while it is shown. With
      // `layer`, only the dialogs and drawers open over the screen, which was checked before they opened (in the
      // walks, a dialog's run costs half a screen's).
      const layers = layer
        ? Array.from(document.querySelectorAll('.ant-modal-wrap, .ant-drawer')).filter((el) => el.checkVisibility())
        : [];
      if (layer && !layers.length) throw new Error('no open dialog or drawer to check');
      const results = await axe.run(
        layer ? { include: layers } : { include: [document], exclude: ['.screen-pane[hidden]'] },
        // Under a filter the passes in full too (what colour-contrast measured on every text); only their colour
        // pairs leave the page.
        { runOnly: { type: 'tag', values: tags }, resultTypes: amount ? ['violations', 'passes'] : ['violations'] },
      );
      const pairs = amount
        ? [...results.passes, ...results.violations]
            .filter((r) => r.id === 'color-contrast')
            .flatMap((r) => r.nodes)
            .map((n) => ({ target: n.target as string[], data: (n.any[0]?.data ?? {}) as ContrastData }))
        : [];
      return { violations: results.violations, invert: amount, measured: pairs };
    },
    { tags: WCAG_TAGS, layer: !!opts.layer },
  );
}

// A dialog or drawer that is open and not on its way out.
export const OPEN_LAYER = '[role="dialog"]:visible';

// A Popconfirm (a row's delete, a follow-up item's done) that is open.
export const OPEN_POPCONFIRM = '.ant-popconfirm:visible';

// What a page's storage starts with for the colour-weak mode on, in the default (dark) theme (the settings store's
// persisted shape): `portal.newPage({ storage: COLOUR_WEAK_STORAGE })`.
export const COLOUR_WEAK_STORAGE: Record<string, string> = {
  'sadmin-settings': JSON.stringify({ state: { colorWeak: true }, version: 1 }),
};

// Closes what Escape closes, and waits until no dialog or drawer is left. A tooltip that the pointer left open over
// the layer (on the button that opened it) is above it in antd's Escape stack and takes the first press, as WCAG
// 1.4.13 asks of content shown on hover; the next press closes the layer.
export async function closeLayer(page: Page): Promise<void> {
  const layers = page.locator(OPEN_LAYER);
  for (let press = 0; press < 3; press++) {
    await page.keyboard.press('Escape');
    const closed = await layers
      .first()
      .waitFor({ state: 'hidden', timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
    if (closed) break;
  }
  await poll(() => layers.count()).toBe(0);
  await settleAnimations(page);
}

// Clicks what opens a layer and answers whether a dialog or drawer came (within 5 s).
export async function opensLayer(page: Page, trigger: Locator): Promise<boolean> {
  await trigger.click();
  return page
    .locator(OPEN_LAYER)
    .first()
    .waitFor({ timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
}

// The actions of a list's first row that open a dialog or drawer of that row (en-US): its edit form, its view or
// details, and the row's other forms (a role's members, a new password). Actions that change the row at once or
// after a confirmation (status, confirm, delete) are left alone.
export const ROW_DIALOG_ACTION = /^(Edit|View|Details?|Members|Set password)$/;

// axe on every dialog and drawer the shown screen's first row opens (see ROW_DIALOG_ACTION), each closed with
// Escape before the next; `shot` names a screenshot of the first one, `name` matches the actions in another
// language. Answers the lines and how many opened.
export async function rowDialogViolations(
  page: Page,
  where: string,
  opts: { shot?: string; name?: RegExp } = {},
): Promise<{ found: string[]; opened: number }> {
  const actions = page
    .locator(ROW)
    .first()
    .getByRole('button', { name: opts.name ?? ROW_DIALOG_ACTION });
  const found: string[] = [];
  let opened = 0;
  for (let i = 0; i < (await actions.count()); i++) {
    const action = actions.nth(i);
    const label = (await action.innerText()).trim();
    if (!(await opensLayer(page, action))) {
      found.push(`[${where}] the row's "${label}" opened no dialog or drawer`);
      continue;
    }
    found.push(...(await axeViolations(page, `${where} row ${label}`, { layer: true })));
    if (opts.shot && opened === 0) await screenshot(page, opts.shot);
    opened++;
    await closeLayer(page);
  }
  return { found, opened };
}

// Closes the shown screen's tab (Delete on the tab, as the keyboard does it) and waits until it has gone; the home
// tab cannot close and is left. The axe walks close each screen once checked: a screen kept mounted in a hidden tab
// would be drawn again on every theme switch and walked by every later axe run, each slower than the last.
export async function closeScreen(page: Page): Promise<void> {
  const tab = page.locator('[data-testid="frame-tab"].active');
  if ((await tab.locator('.frame-tab-close').count()) === 0) return;
  const path = await tab.getAttribute('data-path');
  await tab.locator('.frame-tab-main').press('Delete');
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
