import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERM } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../apps/server/src/test/access-fixtures.js';
import { screenshot, settleAnimations, signInOnScreen, typeCaptcha, usePortal } from './harness.js';

// RFC 6238 written out here (not the server's library), so the test checks the server against the standard.
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
}
function totp(secret: string, timestamp: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timestamp / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function passwordStep(page: Page, baseUrl: string, login: string) {
  await page.goto(`${baseUrl}/sadmin/login`);
  await page.locator('#loginName').fill(login);
  await page.locator('#password').fill(STAFF_PASSWORD);
  await typeCaptcha(page);
  await page.getByTestId('login-submit').click();
}

// Issue 13: staff two-factor sign-in in Chromium — a role that requires it, set-up from the profile page with the
// QR code's secret, then a sign-in with the code (zh-TW) and with a recovery code (en-US).
describe('two-factor sign-in', () => {
  const portal = usePortal({ TWO_FACTOR_ROLES: 'ROLE_SECURE' });
  let secureId: number;
  beforeAll(async () => {
    const role = await createRole(portal.db, 'ROLE_SECURE', [PERM.memberList, PERM.memberView]);
    secureId = await createStaff(portal.db, 'secure1', [role]);
  });

  it('sets up TOTP when the role requires it, then signs in with a code and with a recovery code', async () => {
    const { page, context } = await portal.newPage();
    // First sign-in: password only, then straight to the profile page to set it up.
    await passwordStep(page, portal.baseUrl, 'secure1');
    await page.waitForURL((url) => url.pathname.endsWith('/user/profile'));
    await page.getByTestId('two-factor-required').waitFor();
    await page.getByTestId('two-factor-setup').click();
    await page.getByTestId('two-factor-qr').waitFor();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await settleAnimations(page);
    await screenshot(page, 'two-factor-setup-zh-TW');
    await page.getByTestId('two-factor-code').fill(totp(secret, Date.now()));
    await page.getByTestId('two-factor-confirm').click();
    const codesText = await page.getByTestId('recovery-codes').innerText();
    const recoveryCodes = codesText.split(/\s+/).filter(Boolean);
    expect(recoveryCodes).toHaveLength(10);
    await expect.poll(() => page.getByTestId('two-factor-state').innerText()).toBe('已啟用');
    await settleAnimations(page);
    await screenshot(page, 'two-factor-recovery-zh-TW');
    await context.close();

    // Sign in again (zh-TW): the code step follows the password. The next step's code (the server allows one step
    // of drift) is a step the confirmation did not use.
    const zh = await portal.newPage();
    await passwordStep(zh.page, portal.baseUrl, 'secure1');
    await zh.page.getByTestId('login-code-step').waitFor();
    await zh.page.getByTestId('login-totp').fill('123456');
    await zh.page.getByTestId('login-code-submit').click();
    await expect.poll(() => zh.page.getByTestId('login-error').innerText()).toBe('驗證碼錯誤或已使用過');
    await settleAnimations(zh.page);
    await screenshot(zh.page, 'two-factor-login-zh-TW');
    await zh.page.getByTestId('login-totp').fill(totp(secret, Date.now() + 30_000));
    await zh.page.getByTestId('login-code-submit').click();
    await zh.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    expect(await zh.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await zh.context.close();

    // en-US: a recovery code instead of the app.
    const en = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await passwordStep(en.page, portal.baseUrl, 'secure1');
    await en.page.getByTestId('login-code-step').waitFor();
    await settleAnimations(en.page);
    await screenshot(en.page, 'two-factor-login-en-US');
    await en.page.getByTestId('login-totp').fill(recoveryCodes[0]!);
    await en.page.getByTestId('login-code-submit').click();
    await en.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await en.page.goto(`${portal.baseUrl}/sadmin/user/profile`);
    await expect.poll(() => en.page.getByTestId('recovery-left').innerText()).toBe('Recovery codes left: 9');
    await settleAnimations(en.page);
    await screenshot(en.page, 'two-factor-profile-en-US');
    await en.context.close();
  });

  // Issue 38: turning it off asks for the password as well as a code.
  it.each([
    ['zh-TW', 'plain2fa_tw', '密碼錯誤', '未啟用'],
    ['en-US', 'plain2fa_en', 'Incorrect password', 'Off'],
  ] as const)('turns it off from the profile with the password and a code (%s)', async (locale, login, wrong, off) => {
    const role = await createRole(portal.db, `ROLE_PLAIN_${locale.replace('-', '_')}`, [PERM.memberList]);
    await createStaff(portal.db, login, [role]);
    const { page, context } = await portal.newPage({ locale, storage: { 'cake-locale': locale } });
    await passwordStep(page, portal.baseUrl, login);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${portal.baseUrl}/sadmin/user/profile`);
    await page.getByTestId('two-factor-setup').click();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    await page.getByTestId('two-factor-code').fill(totp(secret, Date.now()));
    await page.getByTestId('two-factor-confirm').click();
    await page.getByTestId('recovery-saved').click();
    // A wrong password is refused; the code is kept for the next try.
    await page.getByTestId('two-factor-off-password').fill('Wrong#2026pass');
    await page.getByTestId('two-factor-off-code').fill(totp(secret, Date.now() + 30_000));
    await settleAnimations(page);
    await screenshot(page, `two-factor-off-${locale}`);
    await page.getByTestId('two-factor-off').click();
    await page.locator('.ant-message', { hasText: wrong }).waitFor();
    await page.getByTestId('two-factor-off-password').fill(STAFF_PASSWORD);
    await page.getByTestId('two-factor-off').click();
    await expect.poll(() => page.getByTestId('two-factor-state').innerText()).toBe(off);
    await context.close();
  });

  it('lets an administrator reset the second factor from the employee profile, after a confirmation', async () => {
    const { page, context } = await portal.newPage();
    await signInOnScreen(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/employee/employeeProfile?id=${secureId}`);
    await page.getByTestId('reset-two-factor').click();
    const pop = page.locator('.ant-popconfirm:visible');
    await pop.waitFor();
    await settleAnimations(page);
    await screenshot(page, 'two-factor-reset-zh-TW');
    await pop.locator('.ant-btn-primary').click();
    await page.locator('.ant-message', { hasText: '已重設兩步驟登入' }).waitFor();
    const left = await portal.db
      .selectFrom('memberTwoFactor')
      .select('memberId')
      .where('memberId', '=', secureId)
      .execute();
    expect(left).toEqual([]);
    await context.close();
  });
});
