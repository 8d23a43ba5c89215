import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { labelApi } from '@study-crm/shared';
import { ACTIVE_PANE, CAPTCHA, ADMIN, ROW, poll, screenshot, settle, usePortal } from './harness.js';

// Issue 42: the main path with the keyboard only (no click, no fill): sign in, open a screen from the menu, filter
// its list, open a record, edit and save it, confirm the dialog, switch tabs, open and close the message box. At
// every stop the focused element shows a visible focus indicator; Tab always gets where it is going (no trap);
// Escape closes a dialog and the message box, and the focus goes back to what opened them (docs/accessibility.md).

type Focus = { desc: string; visible: boolean };

// What has the focus, and whether it (or the control around it, as antd draws inputs and selects) shows it: an
// outline or a focus ring (box shadow).
const focusNow = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { desc: 'body', visible: false };
    const drawn = (e: Element) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    // The element itself, or the antd control drawn around an input (its focus ring is on the wrapper).
    const wrapper = el.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number');
    const visible = drawn(el) || Boolean(wrapper && drawn(wrapper));
    const desc = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
    return { desc, visible };
  });

// Presses Tab (Shift+Tab with `back`) until the focus is on an element matching `selector` (or inside one), at most
// `max` times: getting there proves no trap on the way. The element must show its focus.
async function tabTo(page: Page, selector: string, opts: { back?: boolean; max?: number } = {}): Promise<void> {
  const at = () =>
    page.evaluate((sel) => {
      const el = document.activeElement;
      return Boolean(el && el !== document.body && (el.matches(sel) || el.closest(sel)));
    }, selector);
  const path: string[] = [];
  for (let i = 0; i < (opts.max ?? 60); i++) {
    if (await at()) {
      const f = await focusNow(page);
      expect(f.visible, `visible focus on ${f.desc}`).toBe(true);
      return;
    }
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    path.push((await focusNow(page)).desc);
  }
  throw new Error(`tabTo: ${selector} not reached; the focus went ${path.join(' → ')}`);
}

// Presses a key (arrows in a menu) until the focused element is the menu item holding `selector`.
async function arrowTo(page: Page, key: string, selector: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    const here = await page.evaluate((sel) => {
      const el = document.activeElement;
      return Boolean(el?.matches('[role="menuitem"]') && el.querySelector(sel));
    }, selector);
    if (here) {
      const f = await focusNow(page);
      expect(f.visible, `visible focus on ${f.desc}`).toBe(true);
      return;
    }
    // The menu moves its focus a frame after the key: wait for it to move before reading it again, so that two
    // presses never count as one on a busy machine.
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press(key);
    await page.waitForFunction((el) => document.activeElement !== el, before, { timeout: 2000 }).catch(() => undefined);
    await before.dispose();
  }
  throw new Error(`arrowTo: ${selector} not reached; the focus is on ${(await focusNow(page)).desc}`);
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid);

describe('keyboard only (issue 42)', () => {
  const portal = usePortal();
  beforeAll(async () => {
    for (const name of ['Scholarship', 'Autumn intake']) await portal.api(labelApi.add, { name });
  });

  it('signs in, opens a screen from the menu, filters, edits and saves, switches tabs, opens the message box', async () => {
    const { page } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Sign in.
    await page.goto(`${portal.baseUrl}/sadmin/login`);
    await page.locator('.login-captcha-img img').waitFor();
    await tabTo(page, '#loginName');
    await page.keyboard.type(ADMIN.login);
    await tabTo(page, '#password');
    await page.keyboard.type(ADMIN.password);
    await tabTo(page, '#code');
    await page.keyboard.type(CAPTCHA);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await settle(page);

    // The menu: into it with Shift+Tab (it comes before the screen), along it with the arrows, a group opened and an
    // item chosen with Enter.
    await tabTo(page, '[data-testid="side-menu"]', { back: true });
    await arrowTo(page, 'ArrowDown', '[data-menu="systemSetup"]');
    await page.keyboard.press('Enter');
    await arrowTo(page, 'ArrowDown', '[data-menu="labels"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/systemSetup\/labels$/);
    await poll(() => page.locator(ROW).count()).toBe(2);

    // Filter the list: the keyword box, Enter.
    await tabTo(page, `${ACTIVE_PANE} [data-testid="label-keyword"]`);
    await page.keyboard.type('Scholar');
    await page.keyboard.press('Enter');
    await poll(() => page.locator(ROW).count()).toBe(1);
    await screenshot(page, 'keyboard-filtered-en-US');

    // Open the record: its Edit button, Enter; the dialog takes the focus.
    await tabTo(page, `${ROW} [data-testid="row-edit"]`);
    await page.keyboard.press('Enter');
    const modal = page.locator('.ant-modal-wrap:not(.ant-zoom-leave) .ant-modal').last();
    await modal.waitFor({ state: 'visible' });
    await settle(page);
    await poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ant-modal-wrap')))).toBe(true);

    // Escape closes it and gives the focus back to the Edit button; Enter opens it again.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await poll(() => focusedTestId(page)).toBe('row-edit');
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'visible' });
    await settle(page);

    // Edit the name, then OK; the confirmation takes the focus on its OK button, Enter saves.
    await tabTo(page, '.ant-modal-wrap #name');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Scholarship 2027');
    await tabTo(page, '.ant-modal-wrap .ant-modal-footer .ant-btn-primary');
    await page.keyboard.press('Enter');
    const confirmation = page.locator('.ant-modal-confirm:not(.ant-zoom-leave)').last();
    await confirmation.waitFor({ state: 'visible' });
    await settle(page);
    // On its OK button, not just inside it: the focus lock once left it on Cancel, and Enter cancelled (a CI run).
    await poll(() =>
      page.evaluate(() =>
        Boolean(document.activeElement?.matches('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary')),
      ),
    ).toBe(true);
    const f = await focusNow(page);
    expect(f.visible, `visible focus on ${f.desc}`).toBe(true);
    await page.keyboard.press('Enter');
    await confirmation.waitFor({ state: 'hidden' });
    await modal.waitFor({ state: 'hidden' });
    await poll(() => page.locator(ROW, { hasText: 'Scholarship 2027' }).count()).toBe(1);
    // The focus is back in the screen, not lost to the page.
    await poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.screen-pane')))).toBe(true);

    // Switch tabs: back to the home screen's tab (Shift+Tab up the page), Enter.
    await tabTo(page, '[data-testid="frame-tab"][data-path="/applicationManage/applicationList"]', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/applicationManage\/applicationList$/);

    // The message box: the bell, Enter; the box takes the focus on its active tab; the arrow key moves to the next
    // tab; Escape closes it and the focus is on the bell again.
    await tabTo(page, '[data-testid="box-bell"]', { back: true });
    await page.keyboard.press('Enter');
    await page.getByTestId('message-box').waitFor({ state: 'visible' });
    await poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="message-box"]')))).toBe(
      true,
    );
    await page.keyboard.press('ArrowRight');
    await poll(async () => {
      if (
        (await page
          .locator('[data-testid="message-box"] .ant-tabs-tab-active [data-testid="box-tab-notice"]')
          .count()) === 0
      ) {
        await page.keyboard.press('Enter');
      }
      return page.locator('[data-testid="message-box"] .ant-tabs-tab-active [data-testid="box-tab-notice"]').count();
    }).toBe(1);
    const inBox = await focusNow(page);
    expect(inBox.visible, `visible focus on ${inBox.desc}`).toBe(true);
    await screenshot(page, 'keyboard-message-box-en-US');
    await page.keyboard.press('Escape');
    await page.getByTestId('message-box').waitFor({ state: 'hidden' });
    await poll(() => focusedTestId(page)).toBe('box-bell');
  });
});
