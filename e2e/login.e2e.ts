import { describe, expect, it } from 'vitest';
import { ADMIN, screenshot, signInOnScreen, typeCaptcha, usePortal } from './harness.js';

describe('login screen', () => {
  const portal = usePortal();

  it('sends a signed-out visitor from /sadmin to the login page, keeping the target', async () => {
    const { page, context } = await portal.newPage();
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL(/\/sadmin\/login/);
    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/dictManage`);
    await page.waitForURL(/\/sadmin\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/systemSetup/dictManage');
    await context.close();
  });

  it('shows the localised captcha error for a wrong code, then signs in with the right one', async () => {
    const { page, context } = await portal.newPage();
    await page.goto(`${portal.baseUrl}/sadmin/login`);
    await expect.poll(() => page.locator('.login-captcha-img img').count()).toBe(1);
    await page.locator('#loginName').fill(ADMIN.login);
    await page.locator('#password').fill(ADMIN.password);
    await page.locator('#code').fill('ZZZZ');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('驗證碼錯誤');
    await screenshot(page, 'login-error-zh-TW');

    await typeCaptcha(page);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const mid = await page.evaluate(() => localStorage.getItem('mid'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Number(mid)).toBeGreaterThan(0);
    await context.close();
  });

  it('validates the form before calling the server', async () => {
    const { page, context } = await portal.newPage();
    await page.goto(`${portal.baseUrl}/sadmin/login`);
    await page.locator('#loginName').fill(ADMIN.login);
    await page.locator('#password').fill('short');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.locator('.login-field-error').allTextContents())
      .toContain('密碼長度須為 8 到 20 個字元');
    await context.close();
  });

  it('renders in all three languages', async () => {
    for (const [locale, title] of [
      ['zh-TW', '登入'],
      ['zh-CN', '登录'],
      ['en-US', 'Sign in'],
    ] as const) {
      const { page, context } = await portal.newPage({ storage: { 'cake-locale': locale } });
      await page.goto(`${portal.baseUrl}/sadmin/login`);
      await expect.poll(() => page.locator('.login-card-head h3').textContent()).toBe(title);
      await expect.poll(() => page.locator('.login-captcha-img img').count()).toBe(1);
      await screenshot(page, `login-${locale}`);
      await context.close();
    }
  });

  it('keeps a signed-in user away from the login page and honours the redirect', async () => {
    const { page, context } = await portal.newPage();
    await page.goto(`${portal.baseUrl}/sadmin/home/index`);
    await page.waitForURL(/redirect=/);
    await page.locator('#loginName').fill(ADMIN.login);
    await page.locator('#password').fill(ADMIN.password);
    await typeCaptcha(page);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/sadmin\/home\/index$/);
    await page.goto(`${portal.baseUrl}/sadmin/login`);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await context.close();
  });

  it('signs in and lands inside the portal', async () => {
    const { page, context } = await portal.newPage();
    await signInOnScreen(page, portal.baseUrl);
    expect(new URL(page.url()).pathname).toBe('/sadmin/applicationManage/applicationList');
    await context.close();
  });
});
