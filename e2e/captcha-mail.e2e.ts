import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaff, STAFF_PASSWORD } from '../apps/server/src/test/access-fixtures.js';
import { startSmtpServer } from '../apps/server/src/test/smtp-fixture.js';
import { axeViolations } from './axe.js';
import { poll, screenshot, seedMailSender, usePortal, useServer } from './harness.js';

const ADDRESS = 'mailcode@example.com';
// The forgotten-password test's member: an address has one code e-mail a minute.
const FORGOT = 'forgotcode@example.com';

// Decision 369 (WCAG 3.3.8): a member who cannot read the sign-in picture has its code e-mailed, copies it from the
// message a real SMTP server received and signs in with it. (The portal's codes are the e2e's fixed test code; that
// the e-mailed code is the key's new random one is the server test's, captcha-by-email.test.ts.)
describe('the sign-in picture’s code by e-mail', () => {
  const smtp = useServer(() => startSmtpServer({ user: 'office@example.com', pass: 'e2e-smtp-pass' }));
  const portal = usePortal(() => ({ MAIL_SECRET_KEY: randomBytes(32).toString('base64'), DELIVERY_POLL_MS: '50' }));

  beforeAll(async () => {
    await seedMailSender(portal, smtp(), { displayName: 'Study CRM' });
    const id = await createStaff(portal.db, 'mailcode1', []);
    await portal.db.updateTable('member').set({ email: ADDRESS }).where('id', '=', id).execute();
    const second = await createStaff(portal.db, 'mailcode2', []);
    await portal.db.updateTable('member').set({ email: FORGOT }).where('id', '=', second).execute();
  });

  const mails = (address = ADDRESS) => smtp().received.filter((r) => r.envelopeTo.includes(address));

  it('sends the code to the account’s address and signs in with it (en-US), the dialog in zh-TW', async () => {
    const { page } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}/sadmin/login`);
    await page.locator('#loginName').fill(ADDRESS);
    await page.locator('#password').fill(STAFF_PASSWORD);
    await page.locator('.login-captcha-img img').waitFor();
    await page.getByRole('button', { name: 'Cannot read the image? Get the code by e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get the code by e-mail' });
    // The address typed as the username is offered.
    await expect.poll(() => dialog.getByTestId('captcha-mail-email').inputValue()).toBe(ADDRESS);
    expect(await axeViolations(page, 'the code-by-e-mail dialog', { layer: true })).toEqual([]);
    await screenshot(page, 'captcha-mail-en-US', { settle: true });

    await dialog.getByTestId('captcha-mail-send').click();
    await dialog.getByTestId('captcha-mail-sent').waitFor();
    expect(await dialog.getByTestId('captcha-mail-sent').textContent()).toContain(ADDRESS);
    // Sent once a minute: the button counts down.
    expect(await dialog.getByTestId('captcha-mail-send').isDisabled()).toBe(true);
    await screenshot(page, 'captcha-mail-sent-en-US', { settle: true });
    await poll(() => mails().length).toBe(1);
    const text = mails()[0]!.mail.text ?? '';
    const code = /verification code is ([A-Z0-9]{4})\b/.exec(text)?.[1];
    expect(code, text).toBeDefined();

    // Done: the focus is on the code field, where the copied code goes.
    await dialog.getByTestId('captcha-mail-done').click();
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('code');
    await page.keyboard.insertText(code!);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    // zh-TW: the link and the dialog, for the screenshots; an unknown address is answered alike.
    const zh = await portal.newPage({ locale: 'zh-TW' });
    await zh.page.goto(`${portal.baseUrl}/sadmin/login`);
    await zh.page.locator('.login-captcha-img img').waitFor();
    await zh.page.getByRole('button', { name: '無法辨識圖片？以電子郵件取得驗證碼' }).click();
    const zhDialog = zh.page.getByRole('dialog', { name: '以電子郵件取得驗證碼' });
    await zhDialog.getByTestId('captcha-mail-email').fill('nobody@example.com');
    await zhDialog.getByTestId('captcha-mail-send').click();
    await zhDialog.getByTestId('captcha-mail-sent').waitFor();
    await screenshot(zh.page, 'captcha-mail-sent-zh-TW', { settle: true });
    await zhDialog.getByTestId('captcha-mail-done').click();
    await zhDialog.waitFor({ state: 'detached' });
    expect(smtp().received.filter((r) => r.envelopeTo.includes('nobody@example.com'))).toHaveLength(0);
    // A refused sign-in with a code from the e-mail says that code is used up; the dialog opened again still counts
    // down the address's minute.
    await zh.page.locator('#loginName').fill('nobody@example.com');
    await zh.page.locator('#password').fill('Wrong#2026pass');
    await zh.page.locator('#code').fill('ABCD');
    await zh.page.getByTestId('login-submit').click();
    await expect
      .poll(() => zh.page.getByTestId('login-error').textContent())
      .toBe('驗證碼錯誤。寄到郵件的驗證碼已用過：請再以電子郵件取得新的驗證碼，或輸入新圖片的驗證碼。');
    await screenshot(zh.page, 'captcha-mail-spent-zh-TW', { settle: true });
    await zh.page.getByTestId('login-captcha-mail').click();
    await expect.poll(() => zhDialog.getByTestId('captcha-mail-send').textContent()).toMatch(/^\d+ 秒後可重新寄送$/);
    expect(await zhDialog.getByTestId('captcha-mail-send').isDisabled()).toBe(true);
  });

  it('e-mails the forgotten-password dialog’s picture code, which then sends the reset code (en-US)', async () => {
    const { page } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}/sadmin/login`);
    await page.getByTestId('login-forgot').click();
    const form = page.getByTestId('forgot-form');
    await form.getByTestId('forgot-email').fill(FORGOT);
    const before = mails(FORGOT).length;
    await form.getByTestId('forgot-captcha-mail').click();
    await page.getByTestId('forgot-info').waitFor();
    expect(await axeViolations(page, 'the forgotten-password dialog, picture code e-mailed', { layer: true })).toEqual(
      [],
    );
    await screenshot(page, 'forgot-captcha-mail-en-US', { settle: true });
    await poll(() => mails(FORGOT).length).toBe(before + 1);
    const picture = /verification code is ([A-Z0-9]{4})\b/.exec(mails(FORGOT)[before]!.mail.text ?? '')?.[1];
    expect(picture).toBeDefined();
    await form.getByTestId('forgot-captcha').fill(picture!);
    await form.getByTestId('forgot-send').click();
    // The reset code's e-mail: six digits, the reset's subject.
    await poll(() => mails(FORGOT).length).toBe(before + 2);
    expect(mails(FORGOT)[before + 1]!.mail.subject).toBe('Your password reset code');
    expect(mails(FORGOT)[before + 1]!.mail.text).toMatch(/\b\d{6}\b/);
  });
});
