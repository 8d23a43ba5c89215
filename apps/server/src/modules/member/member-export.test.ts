import { beforeAll, describe, expect, it } from 'vitest';
import { Code, PERM, type ApplicationSaved, type MemberListItem, type Page } from '@study-crm/shared';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { exportCalls, readSheet } from '../../test/export-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';

// The employee and account lists' exports (issue 39): the lists' own rows, never a secret.
describe('employee and account list exports', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  let noList: { token: string };
  const { file } = exportCalls(t);
  const exported = async (list: string, filters: object, locale = 'en-US') => {
    const res = await file({ list, filters: JSON.stringify(filters), locale });
    expect(res.statusCode).toBe(200);
    // Nothing secret anywhere in the file.
    expect(res.rawPayload.toString('latin1')).not.toMatch(/\$argon2|\$2[aby]\$|Staff#2026pass/);
    return readSheet(res.rawPayload);
  };

  beforeAll(async () => {
    await staffWith(t, 'exportstaffa', []);
    await staffWith(t, 'exportstaffb', []);
    await staffWith(t, 'nomembers', [PERM.feedbackList]);
    noList = await t.login('nomembers', 'Staff#2026pass');
    const saved = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ name: 'Exportacct Student', email: 'exportacct@example.com', mobile: null }),
      t.admin,
    );
    expect(saved.meta.code).toBe(200);
  });

  it('exports the filtered employee list as the list shows it, labels in the reader’s language', async () => {
    const filters = { keyword: 'exportstaff', sortField: 'displayName', order: 'asc' };
    const list = await t.get<Page<MemberListItem>>('/api/v1/mc/member', filters, t.admin);
    expect(list.data.total).toBe(2);
    const sheet = await exported('employee', filters);
    expect(sheet.rowCount).toBe(3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Name',
      'Login name',
      'E-mail',
      'Mobile',
      'Roles',
      'Labels',
      'Member type',
      'Status',
      'Identity',
      'Registered',
    ]);
    list.data.list.forEach((m, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(m.displayName);
      expect(row.getCell(2).value).toBe(m.loginName);
      expect(row.getCell(7).value).toBe('Staff');
      expect(row.getCell(8).value).toBe(m.status === 'active' ? 'Active' : 'Inactive');
      expect((row.getCell(10).value as Date).getTime()).toBe(m.createdAt);
    });
    const zh = await exported('employee', filters, 'zh-TW');
    expect(zh.getRow(1).getCell(8).value).toBe('狀態');
    expect(zh.getRow(2).getCell(7).value).toBe('員工');
  });

  it('exports the account list: students and parents only', async () => {
    const filters = { keyword: 'exportacct' };
    const list = await t.get<Page<MemberListItem>>('/api/v1/cake/users/list', filters, t.admin);
    expect(list.data.total).toBe(1);
    const sheet = await exported('account', filters);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(list.data.list[0]!.displayName);
    expect(sheet.getRow(2).getCell(3).value).toBe('exportacct@example.com');
    expect(sheet.getRow(2).getCell(7).value).toBe('Student');
    const staff = await exported('account', { keyword: 'exportstaff' });
    expect(staff.rowCount).toBe(1);
  });

  it('refuses a caller without the lists’ permissions (403)', async () => {
    for (const list of ['employee', 'account']) {
      const start = await t.post('/api/v1/export/start', { list, filters: '{}' }, { token: noList.token });
      expect(start.meta.code).toBe(Code.FORBIDDEN);
    }
  });
});
