import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Code, PERM, type ApplicationPageSchema, type ApplicationSaved, type ExportStart } from '@study-crm/shared';
import { APP_ID, type Values } from '../../test/harness.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';

type Page = z.infer<typeof ApplicationPageSchema>;

async function readBook(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

// The application list's export (issue 39): the list's own rows for its filters and sort, the status as its label.
describe('application list export', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  let teacherId: number;
  let noList: { token: string };
  const create = (v: Values) => t.post<ApplicationSaved>(`${BASE}/create`, fullForm(v), t.admin);
  const file = (query: Record<string, string>, token = t.admin.token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/export/file?${new URLSearchParams({ appId: APP_ID, mcId: 'COM', ...query }).toString()}`,
      headers: t.headers({ token }),
    });

  beforeAll(async () => {
    teacherId = await staffWith(t, 'exportteacher', []);
    await staffWith(t, 'nolist', [PERM.feedbackList]);
    noList = await t.login('nolist', 'Staff#2026pass');
    const rows: Values[] = [
      {
        name: 'Export Alpha',
        engLastName: 'Alpha',
        engFirstName: 'Ann',
        status: 'rejected',
        applicationDate: '2026-03-02',
      },
      {
        name: 'Export Beta',
        engLastName: 'Beta',
        engFirstName: 'Bob',
        status: 'rejected',
        applicationDate: '2026-03-05',
      },
      {
        name: 'Export Gamma',
        engLastName: 'Gamma',
        engFirstName: 'Cy',
        status: 'submitted',
        applicationDate: '2026-03-04',
      },
    ];
    for (const [i, r] of rows.entries()) {
      const res = await create({
        ...r,
        email: `export${i}@example.com`,
        mobile: null,
        passportNo: `EXP${i}0001`,
        signingTeacherId: teacherId,
        followTeacherId: teacherId,
      });
      expect(res.meta.code).toBe(200);
    }
  });

  it('exports the filtered, sorted list as the list shows it, the status as its label in the reader’s language', async () => {
    const filters = { keyword: 'Export', status: 'rejected', sortField: 'applicationDate', order: 'asc' };
    const list = await t.get<Page>(`${BASE}/list`, filters, t.admin);
    expect(list.data.list.map((r) => r.name)).toEqual(['Export Alpha', 'Export Beta']);
    const start = await t.post<ExportStart>(
      '/api/v1/export/start',
      { list: 'application', filters: JSON.stringify(filters) },
      { token: t.admin.token },
    );
    expect(start.data).toEqual({ jobId: null, total: 2 });

    const res = await file({ list: 'application', filters: JSON.stringify(filters), locale: 'en-US' });
    expect(res.statusCode).toBe(200);
    const sheet = await readBook(res.rawPayload);
    expect(sheet.rowCount).toBe(3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Student', 'English name', 'Email', 'Status']);
    const col = (name: string) => header.indexOf(name) + 1;
    list.data.list.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(col('Student')).value).toBe(r.name);
      expect(row.getCell(col('English name')).value).toBe(`${r.engLastName} ${r.engFirstName}`);
      expect(row.getCell(col('Status')).value).toBe('Rejected');
      expect(row.getCell(col('Signing teacher')).value).toBe(r.signingTeacher!.name);
      expect(row.getCell(col('Follow-up teacher')).value).toBe(r.followTeacher!.name);
      const day = row.getCell(col('Applied on'));
      expect((day.value as Date).toISOString().slice(0, 10)).toBe(r.applicationDate);
      expect(day.numFmt).toBe('yyyy-mm-dd');
      expect(row.getCell(col('Service completed (%)')).value).toBe(r.completionRatio);
    });

    const zhTW = await readBook(
      (await file({ list: 'application', filters: JSON.stringify(filters), locale: 'zh-TW' })).rawPayload,
    );
    expect(zhTW.getRow(1).getCell(4).value).toBe('狀態');
    expect(zhTW.getRow(2).getCell(4).value).toBe('已拒絕');
    const zhCN = await readBook(
      (await file({ list: 'application', filters: JSON.stringify(filters), locale: 'zh-CN' })).rawPayload,
    );
    expect(zhCN.getRow(1).getCell(4).value).toBe('状态');
    expect(zhCN.getRow(2).getCell(4).value).toBe('已拒绝');
  });

  it('follows the list’s sort: newest application first by default', async () => {
    const filters = { keyword: 'Export' };
    const list = await t.get<Page>(`${BASE}/list`, filters, t.admin);
    const sheet = await readBook(
      (await file({ list: 'application', filters: JSON.stringify(filters), locale: 'en-US' })).rawPayload,
    );
    expect(sheet.rowCount).toBe(list.data.total + 1);
    expect([2, 3, 4].map((n) => sheet.getRow(n).getCell(1).value)).toEqual(list.data.list.map((r) => r.name));
    expect(list.data.list.map((r) => r.name)).toEqual(['Export Beta', 'Export Gamma', 'Export Alpha']);
  });

  it('refuses a caller without the list’s permission (403) and a bad filter (400 naming it)', async () => {
    const start = await t.post('/api/v1/export/start', { list: 'application', filters: '{}' }, { token: noList.token });
    expect(start.meta.code).toBe(Code.FORBIDDEN);
    const res = await file({ list: 'application', filters: '{}', locale: 'en-US' }, noList.token);
    expect(res.json().meta.code).toBe(Code.FORBIDDEN);
    const bad = await t.post(
      '/api/v1/export/start',
      { list: 'application', filters: JSON.stringify({ sortField: 'passwordHash' }) },
      { token: t.admin.token },
    );
    expect(bad.meta.code).toBe(Code.BAD_REQUEST);
    expect(bad.meta.message).toContain('sortField');
  });
});
