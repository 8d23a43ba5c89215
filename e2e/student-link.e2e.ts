import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CAPTCHA, confirmDialog, signIn, startPortal, type Portal } from './harness.js';

const BASE = '/api/v1/mc/applicationRecord';
const SIGN = process.env.VITE_CLIENT_SIGN ?? 'sadmin-web-2026';

// Issue 13, must fix 2: saving an application linked to a student member keeps the caller signed in (the
// student travels as studentId, the common memberId stays the caller) and keeps the student.
describe('saving a student-linked application', () => {
  let portal: Portal;
  let appId: number;
  let studentId: number;

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
    const created = await call(
      `${BASE}/create`,
      { name: '陳同學', email: 'student.link@example.com', applicationDate: '2026-11-01' },
      String(login.data.token),
    );
    expect(created.meta.code).toBe(200);
    appId = Number(created.data.id);
    studentId = Number(created.data.studentId);
    expect(studentId).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('edits and saves the application from the detail screen, staying signed in, the student kept', async () => {
    const { page, context } = await portal.newPage();
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/applicationManage/applicationDetail?id=${appId}`);
    await expect.poll(() => page.locator('#app_name').inputValue()).toBe('陳同學');
    await page.locator('#app_name').fill('陳同學改');
    const saved = page.waitForResponse((r) => r.url().includes(`${BASE}/update`));
    await page.getByTestId('detail-save').first().click();
    await confirmDialog(page);
    const body = (await (await saved).json()) as { meta: { code: number }; data: { studentId: number } };
    expect(body.meta.code).toBe(200);
    expect(body.data.studentId).toBe(studentId);
    // No "login expired" prompt: the caller is still signed in.
    await expect.poll(() => page.locator('.ant-modal-confirm', { hasText: /登入已過期/ }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('#app_name').inputValue()).toBe('陳同學改');
    await context.close();
  });
});
