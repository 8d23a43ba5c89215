import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Code, PERM, type ApplicationPageSchema, type ApplicationSaved } from '@study-crm/shared';
import type { Values } from '../../test/harness.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { exportCalls } from '../../test/export-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';

type Page = z.infer<typeof ApplicationPageSchema>;

// The application list's export (issue 39): the list's own rows for its filters and sort, the status as its label.
describe('application list export', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  let teacherId: number;
  let noList: { token: string };
  const create = (v: Values) => t.post<ApplicationSaved>(`${BASE}/create`, fullForm(v), t.admin);
  const { file, start: startExport, sheet: exportedSheet, directSheet } = exportCalls(t);

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
    const { sheet, header, col } = await directSheet('application', filters, 2);
    expect(header.slice(0, 4)).toEqual(['Student', 'English name', 'Email', 'Status']);
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

    const zhTW = await exportedSheet('application', filters, 'zh-TW');
    expect(zhTW.getRow(1).getCell(4).value).toBe('狀態');
    expect(zhTW.getRow(2).getCell(4).value).toBe('已拒絕');
    const zhCN = await exportedSheet('application', filters, 'zh-CN');
    expect(zhCN.getRow(1).getCell(4).value).toBe('状态');
    expect(zhCN.getRow(2).getCell(4).value).toBe('已拒绝');
  });

  it('follows the list’s sort: newest application first by default', async () => {
    const filters = { keyword: 'Export' };
    const list = await t.get<Page>(`${BASE}/list`, filters, t.admin);
    const sheet = await exportedSheet('application', filters, 'en-US');
    expect(sheet.rowCount).toBe(list.data.total + 1);
    expect([2, 3, 4].map((n) => sheet.getRow(n).getCell(1).value)).toEqual(list.data.list.map((r) => r.name));
    expect(list.data.list.map((r) => r.name)).toEqual(['Export Beta', 'Export Gamma', 'Export Alpha']);
  });

  it('refuses a caller without the list’s permission (403) and a bad filter (400 naming it)', async () => {
    const start = await startExport('application', {}, noList.token);
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
