import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CAPTCHA, ROW, screenshot, settleAnimations, signIn, startPortal, type Portal } from './harness.js';

const SIGN = process.env.VITE_CLIENT_SIGN ?? 'sadmin-web-2026';
const APP = '/api/v1/mc/applicationRecord';
const PAY = '/api/v1/mc/paymentRecord';

// Issue 41: "Erase personal data" on an account — the dry run dialog, the confirmation, and the payment list showing
// the pseudonym where the student's name was.
describe('erasing a student', () => {
  let portal: Portal;
  let erasable: number;
  let blocked: number;
  const NAME = 'Quintessa Marrowby';

  beforeAll(async () => {
    portal = await startPortal();
    const call = async (url: string, body: Record<string, string>, token?: string) => {
      const res = await fetch(`${portal.baseUrl}${url}`, {
        method: 'POST',
        headers: {
          sign: SIGN,
          'content-type': 'application/x-www-form-urlencoded',
          ...(token ? { 'x-token': token } : {}),
        },
        body: new URLSearchParams({ appId: 'student-admin', mcId: 'COM', ...body }).toString(),
      });
      return (await res.json()) as { meta: { code: number }; data: Record<string, number | string> };
    };
    const key = randomBytes(12).toString('hex');
    await fetch(`${portal.baseUrl}/api/v1/sys/code/getCode?appId=student-admin&key=${key}`, {
      headers: { sign: SIGN },
    });
    const login = await call('/api/v1/mc/auth/login/loginName', {
      loginName: ADMIN.login,
      password: ADMIN.password,
      key,
      code: CAPTCHA,
    });
    const token = String(login.data.token);
    const student = async (name: string, email: string, status: string) => {
      const created = await call(
        `${APP}/create`,
        {
          name,
          engFirstName: name.split(' ')[0]!,
          engLastName: name.split(' ')[1]!,
          email,
          applicationDate: '2026-11-01',
        },
        token,
      );
      expect(created.meta.code).toBe(200);
      const id = String(created.data.id);
      expect((await call(`${APP}/updateOther`, { id, version: '1', status }, token)).meta.code).toBe(200);
      const pay = await call(
        `${PAY}/create`,
        {
          applicationId: id,
          title: 'Tuition deposit',
          type: 'collection',
          transactionDate: '2026-11-20',
          amount: '1500',
          currency: 'GBP',
        },
        token,
      );
      expect(pay.meta.code).toBe(200);
      expect((await call(`${PAY}/confirm`, { id: String(pay.data.id) }, token)).meta.code).toBe(200);
      return Number(created.data.studentId);
    };
    erasable = await student(NAME, 'quintessa@example.com', 'enrolled');
    blocked = await student('Barnaby Open', 'barnaby@example.com', 'processing');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows the dry run, erases after the confirmation, and the payment list shows the pseudonym', async () => {
    const { page, context } = await portal.newPage();
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/employee/accountList`);
    await page.getByTestId(`erase-${erasable}`).click();
    const plan = page.getByTestId('erase-plan');
    await expect.poll(() => plan.locator('tr[data-row-key]').count()).toBeGreaterThan(3);
    await expect.poll(() => plan.innerText()).toMatch(/Erased person #[0-9a-f]{10}/);
    expect(await plan.innerText()).toContain('付款記錄');
    await settleAnimations(page);
    await screenshot(page, 'erasure-dry-run-zh-TW');
    const erased = page.waitForResponse((r) => r.url().includes('/privacy/erasure/erase'));
    await page.getByTestId('erase-submit').click();
    await page.getByTestId('erase-confirm').click();
    const body = (await (await erased).json()) as { meta: { code: number }; data: { pseudonym: string } };
    expect(body.meta.code).toBe(200);

    await page.goto(`${portal.baseUrl}/sadmin/transactionsManage/transactions`);
    await expect
      .poll(() =>
        page
          .locator(ROW)
          .allInnerTexts()
          .then((t) => t.join('\n')),
      )
      .toContain(body.data.pseudonym);
    expect((await page.locator(ROW).allInnerTexts()).join('\n')).not.toContain('Quintessa');
    await screenshot(page, 'erasure-payments-zh-TW');
    await context.close();
  });

  it('names what stands in the way, in English', async () => {
    const { page, context } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/employee/accountList`);
    await page.getByTestId(`erase-${blocked}`).click();
    const plan = page.getByTestId('erase-plan');
    await expect.poll(() => plan.innerText()).toContain('an open application');
    await expect.poll(() => page.getByTestId('erase-submit').isDisabled()).toBe(true);
    await settleAnimations(page);
    await screenshot(page, 'erasure-refused-en-US');
    await context.close();
  });
});
