import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACTIVE_PANE, pressAndConfirm, pickOption, screenshot, ROW, poll, usePortal } from './harness.js';

const SCREENS = ['configManage', 'dictManage', 'sysTagManage', 'labels'] as const;
const pathOf = (screen: string) => `/sadmin/systemSetup/${screen}`;

// Client-side navigation (no page load): proves the cached options refresh inside the running app.
async function spaNavigate(page: Page, screen: string) {
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathOf(screen));
  await page.waitForURL((url) => url.pathname === pathOf(screen));
}

// Pressed once the dialog has settled, and again if the press was lost during its zoom-in.
const saveForm = (page: Page) => pressAndConfirm(page, page.locator('.ant-modal-footer .ant-btn-primary'));

async function tagTypeOptions(page: Page): Promise<string[]> {
  await page.getByTestId('tag-add').click();
  await page.locator('.ant-modal #type').click();
  await poll(() => page.locator('[data-dict-option]').count()).toBeGreaterThan(0);
  const values = await page
    .locator('[data-dict-option]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-dict-option') ?? ''));
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  await poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
  return values;
}

describe('system setup screens', () => {
  const portal = usePortal();

  it('a new dictionary entry appears in the tag screen select without a reload, and disappears when disabled', async () => {
    const { page, context } = await portal.signedInPage();
    await page.waitForLoadState('networkidle');
    await page.goto(`${portal.baseUrl}${pathOf('dictManage')}`);
    await page.getByTestId('dict-type-tag_type').click();
    await poll(() => page.locator(ROW).count()).toBe(3);

    // The tag screen reads tag types from the dictionary: load it once so the options are cached.
    await spaNavigate(page, 'sysTagManage');
    expect(await tagTypeOptions(page)).toEqual(['student', 'application', 'school']);

    await spaNavigate(page, 'dictManage');
    await page.getByTestId('dict-type-tag_type').click();
    await page.getByTestId('dict-add').click();
    await poll(() => page.locator('.ant-modal #type').inputValue()).toBe('tag_type');
    await page.locator('.ant-modal #value').fill('e2e_focus');
    await page.locator('.ant-modal #label').fill('重點關注');
    await page.locator('.ant-modal #label2').fill('Focus');
    await page.locator('.ant-modal #sort').fill('1');
    await poll(() => page.getByTestId('color-preview').textContent()).toBe('重點關注');
    await saveForm(page);
    await poll(() => page.locator(ROW).count()).toBe(4);

    await spaNavigate(page, 'sysTagManage');
    expect(await tagTypeOptions(page)).toEqual(['e2e_focus', 'student', 'application', 'school']);

    await spaNavigate(page, 'dictManage');
    await page.getByTestId('dict-type-tag_type').click();
    await page.getByTestId('dict-status-e2e_focus').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await poll(() => page.getByTestId('dict-status-e2e_focus').getAttribute('aria-checked')).toBe('false');

    await spaNavigate(page, 'sysTagManage');
    expect(await tagTypeOptions(page)).toEqual(['student', 'application', 'school']);
    await context.close();
  });

  it('refuses a duplicate tag with a localised message', async () => {
    const { page, context } = await portal.signedInPage();
    await page.waitForLoadState('networkidle');
    await page.goto(`${portal.baseUrl}${pathOf('sysTagManage')}`);

    const addTag = async (value: string, label: string) => {
      await page.getByTestId('tag-add').click();
      // The choice is made again if a click was lost while the dialog or its dropdown animated.
      await pickOption(page, page.locator('.ant-modal #type'), '學生標籤');
      await page.locator('.ant-modal #value').fill(value);
      await page.locator('.ant-modal #label').fill(label);
    };
    await addTag('scholarship', '獎學金');
    await saveForm(page);
    await poll(() => page.locator(ROW).count()).toBe(1);

    await addTag('scholarship', '獎學金');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await poll(() => page.locator('.ant-modal .ant-form-item-explain-error').allTextContents()).toEqual([
      '此類型中已有相同的標籤鍵值',
      '此類型中已有相同的中文標籤',
    ]);
    await screenshot(page, 'sysTagManage-duplicate-zh-TW');
    await page.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();

    // When the live check cannot see the clash (e.g. a concurrent save), the server's message shows in the form.
    await page.route('**/admin/v1/tags/check**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ meta: { code: 200, message: 'ok' }, data: { valueTaken: false, labelTaken: false } }),
      }),
    );
    await addTag('scholarship', '另一個獎學金');
    await saveForm(page);
    await poll(() => page.getByTestId('form-error').textContent()).toBe(
      '此標籤已存在：類型 student 中已有標籤鍵值「scholarship」',
    );
    // Shown in the form, not as a toast.
    expect((await page.locator('.ant-message-notice').allTextContents()).join()).not.toContain('此標籤已存在');
    await poll(() => page.locator('.ant-modal-confirm:visible').count()).toBe(0);
    await screenshot(page, 'sysTagManage-duplicate-server-zh-TW');
    await context.close();
  });

  it('adds a config and a label through their forms and refuses a duplicate config key', async () => {
    const { page, context } = await portal.signedInPage();
    await page.waitForLoadState('networkidle');
    await page.goto(`${portal.baseUrl}${pathOf('configManage')}`);
    const addConfig = async (key: string) => {
      await page.getByTestId('config-add').click();
      await page.locator('.ant-modal #key').fill(key);
      await page.locator('.ant-modal #prodValue').fill('https://crm.example.com');
      await page.locator('.ant-modal #testValue').fill('https://test.crm.example.com');
      await page.locator('.ant-modal #remarks').fill('前台網址');
      await saveForm(page);
    };
    // An empty list says what it lacks, not a generic "no data".
    const emptyText = () => page.locator(`${ACTIVE_PANE} .dt-placeholder`).textContent();
    await poll(emptyText).toBe('尚無參數');
    // Required fields are checked before the server is called.
    await page.getByTestId('config-add').click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await poll(() => page.locator('.ant-modal .ant-form-item-explain-error').allTextContents()).toContain(
      '請輸入參數鍵名',
    );
    await page.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();

    await addConfig('site.url');
    await poll(() => page.locator(ROW).count()).toBe(1);
    await addConfig('site.url');
    await poll(() => page.getByTestId('form-error').textContent()).toBe('此平台已有相同鍵名的參數：site.url（WEB）');
    await page.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();

    await spaNavigate(page, 'labels');
    await poll(emptyText).toBe('尚無會員標記');
    for (const [name, color] of [
      ['2027 秋季入學', '#165DFF'],
      ['獎學金候選', '#00B42A'],
    ] as const) {
      await page.getByTestId('label-add').click();
      await page.locator('.ant-modal #name').fill(name);
      await page.locator('.ant-modal .ant-color-picker-trigger').click();
      await page
        .locator(`.ant-color-picker-presets [style*="${color === '#165DFF' ? '22, 93, 255' : '0, 180, 42'}"]`)
        .first()
        .click();
      await page.keyboard.press('Escape');
      await poll(() => page.getByTestId('color-preview').textContent()).toBe(name);
      await saveForm(page);
    }
    await poll(() => page.locator(ROW).count()).toBe(2);
    await context.close();
  });

  it('renders the four screens in zh-TW and en-US', async () => {
    for (const locale of ['zh-TW', 'en-US'] as const) {
      const { page, context } = await portal.signedInPage({ storage: { 'cake-locale': locale } });
      await page.waitForLoadState('networkidle');
      for (const screen of SCREENS) {
        await page.goto(`${portal.baseUrl}${pathOf(screen)}`);
        await poll(() => page.locator('.ant-card, .panel-title').count())
          .toBeGreaterThan(0)
          .catch(async (err: unknown) => {
            await screenshot(page, `failed-${screen}-${locale}`);
            console.log('URL', page.url(), (await page.locator('body').innerText()).slice(0, 300));
            throw err;
          });
        await page.waitForLoadState('networkidle');
        await poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
        await screenshot(page, `${screen}-${locale}`);
      }
      // The edit form with the colour picker and live badge preview.
      await page.goto(`${portal.baseUrl}${pathOf('labels')}`);
      await page.getByTestId('label-add').click();
      await page.locator('.ant-modal #name').fill(locale === 'en-US' ? 'Scholarship' : '獎學金');
      await page
        .locator('.ant-modal #description')
        .fill(locale === 'en-US' ? 'Students on a scholarship' : '獲得獎學金的學生');
      await page.waitForTimeout(500);
      await screenshot(page, `labels-form-${locale}`);
      await context.close();
    }
  });
});
