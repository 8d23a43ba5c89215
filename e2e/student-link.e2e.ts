import { beforeAll, describe, expect, it } from 'vitest';
import { applicationApi } from '@study-crm/shared';
import { confirmDialog, usePortal } from './harness.js';

const BASE = '/api/v1/mc/applicationRecord';

// Issue 13, must fix 2: saving an application linked to a student member keeps the caller signed in (the
// student travels as studentId, the common memberId stays the caller) and keeps the student.
describe('saving a student-linked application', () => {
  const portal = usePortal();
  let appId: number;
  let studentId: number;

  beforeAll(async () => {
    const created = await portal.api(applicationApi.create, {
      name: '陳同學',
      email: 'student.link@example.com',
      applicationDate: '2026-11-01',
    });
    appId = created.id;
    studentId = Number(created.studentId);
    expect(studentId).toBeGreaterThan(0);
  });

  it('edits and saves the application from the detail screen, staying signed in, the student kept', async () => {
    const { page, context } = await portal.signedInPage();
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
