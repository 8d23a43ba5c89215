import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { privacyApi } from '@study-crm/shared';
import {
  ACTIVE_PANE,
  confirmDialog,
  openMessageBox,
  pickOption,
  screenshot,
  settle,
  signIn,
  seedMember,
  usePortal,
} from './harness.js';
import { noticeRow } from '../apps/server/src/test/rows.js';

const SLOW = { timeout: 30_000 };

// Subject access (issue 41): export a student's data from their account row, download the archive from the
// data-requests screen and open it; the screen shows the request with its due date (zh-TW and en-US).
describe('data requests and the subject access export', () => {
  const portal = usePortal();
  let studentId: number;
  beforeAll(async () => {
    const now = Date.now();
    // Through the member module's own call, which also writes the text the member search reads.
    studentId = await seedMember(portal, {
      email: 'e2e.subject@example.com',
      areaCode: '44',
      mobile: '7700900123',
      engLastName: 'Subject',
      engFirstName: 'Erin',
      fullName: '艾琳',
      identityStatus: 'unverified',
      memberType: 'student',
    });
    await portal.db
      .insertInto('memberNotice')
      .values(noticeRow(studentId, 'Erin notice', 'for Erin', now))
      .execute();
  });

  it('exports a student from the account list and opens the archive (zh-TW)', async () => {
    const { page } = await portal.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/employee/accountList`);
    await page.getByTestId(`export-data-${studentId}`).click();
    await confirmDialog(page);

    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/dataRequests`);
    const rows = page.locator(`${ACTIVE_PANE} tr[data-row-key]`);
    await expect.poll(() => rows.count(), SLOW).toBe(1);
    await expect.poll(() => rows.first().textContent(), SLOW).toContain('Subject Erin');
    const requestId = await rows.first().getAttribute('data-row-key');
    // Received today, due one month later: 28 to 31 days left.
    await expect
      .poll(() => page.locator('[data-testid^="request-due-"]').first().textContent(), SLOW)
      .toMatch(/剩 (28|29|30|31) 天/);
    const button = page.locator('[data-testid^="export-download-"]');
    await expect.poll(() => button.count(), SLOW).toBe(1);
    await settle(page);
    await screenshot(page, 'data-requests-zh-TW');

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`personal-data-${studentId}.zip`);
    const fs = await import('node:fs');
    const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
    const data = JSON.parse(await zip.file('data.json')!.async('string')) as {
      subject: { id: number; name: string };
      sources: { source: string; rows: Record<string, unknown>[] }[];
    };
    expect(data.subject).toEqual({ id: studentId, name: 'Subject Erin' });
    expect(data.sources.find((s) => s.source === 'inbox/member_notice')?.rows[0]).toMatchObject({
      title: 'Erin notice',
    });
    const html = await zip.file('summary.html')!.async('string');
    expect(html).toContain('個人資料：Subject Erin');
    expect(html).not.toMatch(/<script/i);

    // The finished export's message (a background job's, decision 199) downloads the same archive. It names the
    // request, not the person (a message outlives the person's erasure, decision 340).
    await openMessageBox(page, 'message');
    const message = page.getByTestId('message-box').getByText(`個人資料匯出完成：個資請求 #${requestId}`);
    await expect.poll(() => message.count(), SLOW).toBe(1);
    const [again] = await Promise.all([page.waitForEvent('download'), message.click()]);
    expect(again.suggestedFilename()).toBe(download.suggestedFilename());
  });

  it('records an erasure request on the data-requests screen (en-US)', async () => {
    const { page } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, portal.baseUrl);
    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/dataRequests`);
    // The picker's own search finds the person by name (not only the unfiltered list it showed before the answer).
    expect((await portal.api(privacyApi.subjects, { keyword: 'Erin' })).map((m) => m.id)).toEqual([studentId]);
    await page.getByTestId('request-add').click();
    await pickOption(page, page.locator('.ant-modal #subjectId'), 'Subject Erin', { search: 'Erin' });
    await pickOption(page, page.locator('.ant-modal #kind'), 'Erasure');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await confirmDialog(page);
    const rows = page.locator(`${ACTIVE_PANE} tr[data-row-key]`);
    await expect.poll(() => rows.count(), SLOW).toBe(2);
    await expect.poll(() => page.locator(ACTIVE_PANE).textContent(), SLOW).toContain('Erasure');
    await expect.poll(() => page.locator(ACTIVE_PANE).textContent(), SLOW).toMatch(/(28|29|30|31) days left/);
    await settle(page);
    await screenshot(page, 'data-requests-en-US');
  });
});
