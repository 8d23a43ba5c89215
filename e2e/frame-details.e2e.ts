import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERM } from '@study-crm/shared';
import {
  ACTIVE_PANE,
  HOME,
  confirmDialog,
  screenshot,
  settleAnimations,
  cancelDialog,
  seedStaff,
  tabPaths,
  usePortal,
} from './harness.js';

// Issue 12, frame and access items: each test here failed before its fix.
const LIMITED = { login: 'limited.frame', password: 'Limited#2026pw' };

// The screens load lazily (with their strings): give them time on a loaded machine.
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

// Form fields and buttons on view inside `scope` that have no accessible name: no aria-label, no aria-labelledby
// with text, no <label for> with text, no enclosing label with text, and (buttons) no text or title.
async function unnamedFields(page: Page, scope: string): Promise<string[]> {
  return page
    .locator(scope)
    .first()
    .evaluate((root) => {
      const has = (s?: string | null) => Boolean(s && s.trim());
      const named = (el: HTMLElement) => {
        if (has(el.getAttribute('aria-label'))) return true;
        const by = el.getAttribute('aria-labelledby');
        if (by && by.split(/\s+/).some((id) => has(document.getElementById(id)?.textContent))) return true;
        if (el.id && has(document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent)) return true;
        if (has(el.closest('label')?.textContent)) return true;
        if (el.tagName === 'BUTTON') return has(el.textContent) || has(el.title);
        return has(el.title);
      };
      const fields = root.querySelectorAll<HTMLElement>(
        'input:not([type=hidden]):not([type=file]), textarea, select, button, [role=combobox], [role=switch]',
      );
      return Array.from(fields)
        .filter((el) => el.checkVisibility() && !named(el))
        .map((el) => el.outerHTML.slice(0, 160));
    });
}

describe('frame details (issue 12)', () => {
  const portal = usePortal();
  beforeAll(async () => {
    // A member whose only role (with an English name) holds the application list.
    await seedStaff(portal, {
      loginName: LIMITED.login,
      password: LIMITED.password,
      email: 'frame.staff@example.com',
      nickName: 'Limited',
      roles: [
        {
          name: 'ROLE_FRAME',
          cnName: '受限角色',
          enName: 'Limited role',
          perms: [PERM.applicationList, 'menu:applicationManage'],
        },
      ],
    });
  });

  it('login: the title names the page, the captcha field has its label, every field has a name', async () => {
    const { page, context } = await portal.newPage();
    await page.goto(`${portal.baseUrl}/sadmin/login`);
    await eventually(() => page.title()).toBe('留學 CRM 管理後台 - 登入');
    await page.getByLabel('驗證碼').fill('ABCD');
    expect(await page.locator('#code').inputValue()).toBe('ABCD');
    expect(await unnamedFields(page, 'body')).toEqual([]);
    await context.close();
  });

  it('frame: named header buttons, no not-found tab, one-item home breadcrumb, a way back from 403', async () => {
    const { page, context } = await portal.signedInPage({
      storage: { 'cake-locale': 'en-US' },
      user: LIMITED.login,
      password: LIMITED.password,
    });
    await eventually(() => page.title()).toBe('Study CRM Admin - Application list');
    for (const name of ['Language', 'Switch to light mode', 'Full screen', 'Settings', 'Messages']) {
      expect(await page.getByTestId('navbar').getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    expect(await unnamedFields(page, '[data-testid="navbar"]')).toEqual([]);
    // The role tag in the current language.
    await eventually(() => page.getByTestId('active-role').textContent()).toBe('Limited role');

    // Not found: shown, never a tab.
    await page.goto(`${portal.baseUrl}/sadmin/no/such/page`);
    await eventually(() => page.locator('.ant-result-404').count()).toBe(1);
    expect(await tabPaths(page)).not.toContain('/no/such/page');

    // The home screen's breadcrumb is one item.
    await page.goto(`${portal.baseUrl}/sadmin/home/index`);
    await eventually(() => page.getByTestId('home-welcome').count()).toBe(1);
    await eventually(() => page.getByTestId('breadcrumb').innerText()).toBe('Home');

    // No permission: a way back home.
    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/dictManage`);
    await eventually(() => page.getByTestId('no-permission').count()).toBe(1);
    await page.getByTestId('no-permission').getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL(new RegExp(`${HOME}$`));
    await context.close();
  });

  it('settings drawer: one "Theme"; a hidden navbar leaves no band under the side menu', async () => {
    const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': 'en-US' } });
    await page.getByTestId('navbar-settings').click();
    await page.getByTestId('setting-navbar').waitFor();
    await settleAnimations(page);
    await eventually(() => page.getByTestId('active-role').textContent()).toBe('Administrator');
    const themes = await page
      .getByTestId('settings-drawer')
      .locator('*')
      .evaluateAll((els) => els.filter((e) => e.childElementCount === 0 && e.textContent?.trim() === 'Theme').length);
    expect(themes).toBe(1);
    await page.getByTestId('setting-navbar').click();
    await page.locator('[data-testid="settings-drawer"] .ant-drawer-close').click();
    await settleAnimations(page);
    const viewport = page.viewportSize()!;
    const sider = (await page.getByTestId('frame-sider').boundingBox())!;
    expect(sider.y).toBe(0);
    expect(Math.round(sider.height)).toBe(viewport.height);
    await screenshot(page, 'frame-no-navbar-en-US');
    // After a reload (the navbar stays hidden) the corner button opens the settings.
    await page.reload();
    await page.getByTestId('settings-fab').click();
    await page.getByTestId('setting-navbar').waitFor();
    await context.close();
  });

  it('application detail: tab named by the student, menu group highlighted after a reload, Add row stops at 10', async () => {
    const { page, context } = await portal.signedInPage();
    await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationDetail`);
    const activeTab = page.locator('[data-testid="frame-tab"].active');
    await eventually(() => activeTab.innerText()).toBe('新增留學申請');
    await page.locator('#app_name').fill('林小明');
    await page.locator('#app_email').fill('xiaoming@example.com');
    await page.getByTestId('detail-save').click();
    await confirmDialog(page);
    await page.waitForURL(/applicationDetail\?id=\d+$/);
    await eventually(() => activeTab.innerText()).toBe('林小明');
    await eventually(() => page.title()).toBe('留學 CRM 管理後台 - 林小明');

    await page.reload();
    await eventually(() => activeTab.innerText()).toBe('林小明');
    const group = page.locator('[data-testid="side-menu"] li.ant-menu-submenu-selected');
    await eventually(() => group.locator('[data-menu="applicationManage"]').count()).toBe(1);
    expect(await group.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))).toBe(true);

    const add = page.getByTestId('add-targetSchools');
    // Two cycles of UCAS choices (decision 142).
    for (let i = 0; i < 10; i++) await add.click();
    await eventually(() => add.isDisabled()).toBe(true);
    await page.getByTestId('add-targetSchools-full').hover();
    await eventually(() => page.locator('.ant-tooltip:visible').innerText()).toContain('10');
    expect(await page.locator(`${ACTIVE_PANE} [data-testid="section-targetSchools"] .ant-card-small`).count()).toBe(10);
    expect(await unnamedFields(page, ACTIVE_PANE)).toEqual([]);

    // Unsaved rows: closing the tab asks first, and "stay" keeps the tab and its rows.
    const detailTab = page.locator('[data-testid="frame-tab"].active');
    await detailTab.locator('.frame-tab-close').click();
    await eventually(() => page.locator('.ant-modal-confirm-title').innerText()).toContain('尚有未儲存的變更');
    await cancelDialog(page);
    expect(await tabPaths(page)).toContain(
      new URL(page.url()).pathname.replace('/sadmin', '') + new URL(page.url()).search,
    );
    expect(await page.locator(`${ACTIVE_PANE} [data-testid="section-targetSchools"] .ant-card-small`).count()).toBe(10);
    // "Leave" closes the tab and opens the nearest one left without asking a second time.
    const detailPath = new URL(page.url()).pathname.replace('/sadmin', '') + new URL(page.url()).search;
    await detailTab.locator('.frame-tab-close').click();
    await confirmDialog(page);
    await eventually(() => tabPaths(page)).not.toContain(detailPath);
    await eventually(() => page.url()).not.toContain(detailPath);
    expect(await page.locator('.ant-modal-confirm:not(.ant-zoom-leave)').count()).toBe(0);
    await context.close();
  });

  it('zh-CN: dictionary names show in Simplified Chinese', async () => {
    const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': 'zh-CN' } });
    await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationDetail`);
    await page.getByTestId('add-languageScores').click();
    const section = page.locator(`${ACTIVE_PANE} [data-testid="section-languageScores"]`);
    await eventually(() => section.innerText()).toContain('雅思学术类');
    expect(await section.innerText()).not.toContain('雅思學術類');
    await context.close();
  });
});
