import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { PERM, type ApplicationSaved, type FollowUp } from '@study-crm/shared';
import { BASE, fullForm } from '../test/application-fixtures.js';
import { createRole, createStaff, permissionIds } from '../test/access-fixtures.js';
import { APP_ID } from '../test/harness.js';

// Issue 13, must fix 4: concurrent writes and odd input answer 200 or a clean 400, never 500 (both engines).
describe('concurrent writes and odd input', () => {
  const t = useTestApp({ signIn: true });

  it('numbers 20 parallel follow-up adds on one application 1 to 20, all accepted', async () => {
    const appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), t.admin)).data.id;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post<FollowUp>(
          '/api/v1/mc/followUp/add',
          { applicationId: appId, service: 'visa', businessType: 'postgraduate' },
          t.admin,
        ),
      ),
    );
    expect(results.map((r) => r.meta.code)).toEqual(Array(20).fill(200));
    expect(results.map((r) => r.data.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('accepts 6 parallel permission edits of one role, the role ending with one of the sets', async () => {
    const roleId = await createRole(t.db.db, 'ROLE_PARALLEL', [PERM.dictList]);
    const sets = await Promise.all(
      [PERM.dictList, PERM.dictAdd, PERM.tagList, PERM.tagAdd, PERM.labelList, PERM.roleList].map((p) =>
        permissionIds(t.db.db, [p]),
      ),
    );
    const results = await Promise.all(
      sets.map((ids) => t.post('/api/v1/mc/sys/role/editRolePermission', { id: roleId, permissionIds: ids }, t.admin)),
    );
    expect(results.map((r) => r.meta.code)).toEqual(Array(6).fill(200));
  });

  it('accepts parallel role updates of one member (updateMemberRoles and member update)', async () => {
    const roles = await Promise.all([1, 2, 3, 4].map((i) => createRole(t.db.db, `ROLE_PAR${i}`, [PERM.dictList])));
    const memberId = await createStaff(t.db.db, 'parallel', [roles[0]!]);
    const results = await Promise.all([
      ...roles.map((r) => t.post('/api/v1/mc/sys/role/updateMemberRoles', { userId: memberId, roleIds: [r] }, t.admin)),
      ...roles.map((r) => t.post('/api/v1/mc/member/update', { id: memberId, roleIds: [r] }, t.admin)),
    ]);
    expect(results.map((r) => r.meta.code)).toEqual(Array(8).fill(200));
    const held = await t.db.db.selectFrom('memberRole').select('roleId').where('memberId', '=', memberId).execute();
    expect(held).toHaveLength(1);
  });

  it('refuses ids beyond the 32-bit column range with 400 naming the field', async () => {
    for (const id of ['2147483648', '99999999999999999999', '1e30']) {
      const res = await t.get('/api/v1/mc/sys/role/view', { id }, t.admin);
      expect(res.meta.code, id).toBe(400);
      expect(res.meta.message).toContain('id');
    }
    // The bound named is the column's, not JavaScript's safe-integer one; an id of 0 or below must be at least 1.
    const huge = await t.get(
      '/api/v1/mc/sys/role/view',
      { id: '99999999999999999999' },
      { ...t.admin, locale: 'en-US' },
    );
    expect(huge.meta.message).toContain('id must be at most 2147483647');
    for (const id of ['0', '-1']) {
      const low = await t.get('/api/v1/mc/sys/role/view', { id }, { ...t.admin, locale: 'en-US' });
      expect(low.meta.message, id).toContain('id must be at least 1');
    }
    expect((await t.get('/api/v1/mc/sys/role/view', { id: '2147483647' }, t.admin)).meta.code).toBe(404);
    const list = await t.post(
      '/api/v1/mc/sys/role/updateMemberRoles',
      { userId: 1, roleIds: [1, 4294967296] },
      t.admin,
    );
    expect(list.meta.code).toBe(400);
    expect(list.meta.message).toContain('roleIds');
  });

  // The NUL check walked the raw body recursively before validation: 20,000 levels overflowed the stack (500).
  it('refuses a JSON body nested 20,000 deep with 400 naming its top field, also on a public route', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    for (const [url, token] of [
      ['/api/v1/mc/auth/login/email', undefined],
      ['/api/v1/mc/sys/role/updateMemberRoles', t.admin.token],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...t.headers({ token }), 'content-type': 'application/json' },
        payload: `{"appId":"${APP_ID}","email":"a@example.com","roleIds":${deep},"password":"x"}`,
      });
      const { meta } = res.json() as { meta: { code: number; message: string } };
      expect(meta.code, url).toBe(400);
      expect(meta.message).toContain('[400 · roleIds]');
    }
    // A body nested as deep as a form may be still reads (and is refused by its schema, naming the field).
    const shallow = await t.post('/api/v1/mc/sys/role/updateMemberRoles', { userId: 1, roleIds: 'x' }, t.admin);
    expect(shallow.meta.message).toContain('roleIds');
  });

  // Cursor ids have ten digits, id columns 32 bits: PostgreSQL refused the larger ones with an error (a 500).
  it('refuses a paging cursor whose id is past the 32-bit range with 400 naming cursor, on every keyset list', async () => {
    const appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), t.admin)).data.id;
    const calls: [string, Record<string, string | number>][] = [
      ['/api/v1/mc/member', { cursor: '1700000000000~9999999999' }],
      [`${BASE}/list`, { cursor: '2026-01-01~2147483648' }],
      [`${BASE}/boardColumn`, { status: 'submitted', cursor: '2026-01-01~9999999999' }],
      ['/admin/v1/sys/auditLogs', { cursor: '1700000000000~9999999999' }],
      ['/admin/v1/sys/timeline', { recordType: 'application', recordId: appId, cursor: '1700000000000.1.9999999999' }],
    ];
    for (const [url, query] of calls) {
      const res = await t.get(url, query, { ...t.admin, locale: 'en-US' });
      expect(res.meta.code, url).toBe(400);
      expect(res.meta.message, url).toContain('[400 · cursor]');
    }
    // The column's last id is still a cursor.
    for (const [url, query] of calls) {
      const last = Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k, k === 'cursor' ? String(v).replace(/\d+$/, '2147483647') : v]),
      );
      expect((await t.get(url, last, t.admin)).meta.code, url).toBe(200);
    }
  });

  // Only the recipients field as a whole was capped: one address past 254 reached delivery_outbox.recipient
  // (varchar(320)) and PostgreSQL refused it (a 500).
  it('refuses an e-mail recipient longer than 254 characters as not an e-mail address, naming the field', async () => {
    const sender = await t.post<{ id: number }>(
      '/admin/v1/mailSenders/add',
      { host: '127.0.0.1', port: 2525, account: 'office@example.com', password: 'p', tlsMode: 'none' },
      t.admin,
    );
    expect(sender.meta.code, sender.meta.message).toBe(200);
    const long = `${'a'.repeat(400)}@example.com`;
    for (const field of ['recipients', 'cc', 'bcc']) {
      const res = await t.post(
        '/admin/v1/message/email/add',
        {
          senderId: sender.data.id,
          recipients: 'x@example.com',
          [field]: `y@example.com, ${long}`,
          subject: 's',
          content: 'c',
          platform: 'WEB',
        },
        { ...t.admin, locale: 'en-US' },
      );
      expect(res.meta.code, field).toBe(400);
      expect(res.meta.message).toContain('does not look like an e-mail address');
      expect(res.meta.message).toContain(`[400 · ${field}]`);
    }
  });

  it('refuses a NUL character in any text with 400 naming the field', async () => {
    const search = await t.get('/api/v1/mc/member', { keyword: 'a\u0000b' }, t.admin);
    expect(search.meta).toMatchObject({ code: 400 });
    expect(search.meta.message).toContain('keyword contains a character that is not allowed');
    const add = await t.post(
      '/api/v1/mc/sys/role/add',
      { name: 'ROLE_\u0000X', cnName: 'x', kind: 'general', permissionIds: [1] },
      t.admin,
    );
    expect(add.meta.code).toBe(400);
    expect(add.meta.message).toContain('name');
    // Inside a JSON-string section the escape decodes to a NUL: refused after decoding, naming the row field.
    const form = fullForm({ educations: JSON.stringify([{ school: 'X\u0000Y' }]) });
    const created = await t.post(`${BASE}/create`, form, t.admin);
    expect(created.meta.code).toBe(400);
    expect(created.meta.message).toContain('NUL');
  });
});
