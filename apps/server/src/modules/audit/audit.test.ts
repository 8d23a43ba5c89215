import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_MODULE_NAMES,
  Code,
  PERM,
  type ApplicationSaved,
  type AuditActions,
  type AuditEntry,
  type AuditEntryView,
  type AuditPage,
  type Page,
  type TimelinePage,
} from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm, PNG_1x1 } from '../../test/application-fixtures.js';
import { createRole, createStaff, permissionIds, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import type { Values } from '../../test/harness.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { seedDemoAudit } from '../../seed/demo-audit.js';

const LOGS = '/admin/v1/sys/auditLogs';

describe('audit log', () => {
  const t = useTestApp({ signIn: true });
  const rows = () => t.db.db.selectFrom('auditLog').selectAll().orderBy('id').execute();
  const lastId = async () => (await rows()).at(-1)?.id ?? 0;
  const since = async (id: number) => (await rows()).filter((r) => r.id > id);
  const list = (q: Values) => t.get<Page<AuditEntry>>(LOGS, q, t.admin);
  const view = (id: number) => t.get<AuditEntryView>(`${LOGS}/view`, { id }, t.admin);
  let appId: number;

  beforeAll(async () => {
    appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '陳小明' }), t.admin)).data.id;
  });

  it('records an application change with who, where, the outcome and the diff of the fields that changed', async () => {
    const mark = await lastId();
    const res = await t.post(`${BASE}/update`, fullForm({ id: appId, version: 1, name: '陳大明', city: 'Leeds' }), {
      ...t.admin,
    });
    expect(res.meta.code).toBe(200);
    const written = await since(mark);
    expect(written).toHaveLength(1);
    const [row] = written;
    expect(row).toMatchObject({
      memberId: t.admin.mid,
      module: 'application',
      action: 'update',
      route: 'POST /api/v1/mc/applicationRecord/update',
      recordType: 'application',
      recordId: appId,
      outcome: 'ok',
      code: 200,
      ip: '127.0.0.1',
    });
    expect(row?.requestId).toBeTruthy();
    const entry = (await view(row!.id)).data;
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { id: appId, field: 'name', before: '陳小明', after: '陳大明' },
        expect.objectContaining({ id: appId, field: 'city', after: 'Leeds' }),
      ]),
    );
    // Bookkeeping and search columns are not changes anyone made.
    expect(entry.changes.map((c) => c.field)).not.toContain('version');
    expect(entry.changes.map((c) => c.field)).not.toContain('updatedAt');
  });

  it("records the changed, added and removed rows of an application's child sections", async () => {
    const created = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '孫子行' }), t.admin);
    const id = created.data.id;
    const mark = await lastId();
    const schools = [
      { school: 'University of Leeds', major: 'Law', decision: 'pending' },
      { school: 'University of York', major: 'History', decision: 'pending' },
    ];
    const res = await t.post(
      `${BASE}/update`,
      fullForm({ id, version: 1, name: '孫子行', targetSchools: JSON.stringify(schools), jobs: '[]' }),
      t.admin,
    );
    expect(res.meta.code).toBe(200);
    const [row] = await since(mark);
    const changes = (await view(row!.id)).data.changes;
    const fields = changes.map((c) => c.field);
    // The first target school changed in place, the second is new, the job was removed; unchanged sections none.
    expect(changes).toContainEqual({
      id,
      field: 'targetSchools[1].school',
      before: 'University College London',
      after: 'University of Leeds',
    });
    expect(changes).toContainEqual({ id, field: 'targetSchools[2].school', before: null, after: 'University of York' });
    expect(changes).toContainEqual({ id, field: 'jobs[1].unitName', before: 'TSMC', after: null });
    expect(fields.some((f) => f.startsWith('educations'))).toBe(false);
    expect(fields.some((f) => /\.(id|sort|applicationId)$/.test(f))).toBe(false);
  });

  it('records a new record with its id and values, and a refused write with its code and no change', async () => {
    let mark = await lastId();
    const created = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '林新' }), t.admin);
    let [row] = await since(mark);
    expect(row).toMatchObject({ action: 'create', recordId: created.data.id, outcome: 'ok' });
    expect((await view(row!.id)).data.changes).toContainEqual({
      id: created.data.id,
      field: 'name',
      before: null,
      after: '林新',
    });

    mark = await lastId();
    const stale = await t.post(`${BASE}/update`, fullForm({ id: created.data.id, version: 9 }), t.admin);
    expect(stale.meta.code).toBe(409);
    [row] = await since(mark);
    expect(row).toMatchObject({ action: 'update', outcome: 'refused', code: 409, changes: null });

    mark = await lastId();
    const bad = await t.post(`${BASE}/update`, { id: created.data.id }, t.admin);
    expect(bad.meta.code).toBe(400);
    [row] = await since(mark);
    expect(row).toMatchObject({ outcome: 'refused', code: 400 });
  });

  it('writes one entry for a sample write of each module, with its diff, and never a secret', async () => {
    const secrets = ['Mailbox#Secret-77', 'NewStaff#Pass-2026', 'Reset#Pass-2026'];
    const staffRole = await createRole(t.db.db, 'ROLE_AUDIT_SAMPLE', [PERM.dictList]);
    const dictList = await permissionIds(t.db.db, [PERM.dictList]);
    const samples: [string, Values, string, string][] = [
      ['/admin/v1/tags/add', { type: 'student', value: 'audit', label: '稽核' }, 'tag', 'add'],
      ['/admin/v1/sys/dict/add', { type: 'city', value: 'audit-city', label: '稽核市' }, 'dict', 'add'],
      ['/admin/v1/sys/sysConfigs/add', { key: 'audit.key', platform: 'WEB', prodValue: 'P' }, 'sysconfig', 'add'],
      ['/api/v1/content/contents/add', { title: 'Audited', body: 'Text' }, 'content', 'add'],
      ['/api/v1/cake/projects/add', { name: 'Audited project' }, 'project', 'add'],
      ['/admin/v1/notices/add', { title: 'Audited notice', content: 'Text', recipientId: 0 }, 'notice', 'add'],
      ['/api/v1/mc/labels/add', { name: '稽核標記', color: '#123456' }, 'label', 'add'],
      [
        '/api/v1/mc/sys/role/add',
        { name: 'ROLE_AUDITED', cnName: '稽核', kind: 'general', permissionIds: dictList },
        'role',
        'add',
      ],
      [
        '/admin/v1/mailSenders/add',
        { host: 'smtp.example.test', port: 587, account: 'audit@example.com', password: secrets[0]! },
        'mail',
        'addSender',
      ],
      [
        '/api/v1/mc/member/add',
        { email: 'audited@example.com', password: secrets[1]!, roleIds: [staffRole], nickName: 'Audited' },
        'member',
        'add',
      ],
      [
        '/api/v1/mc/followUp/add',
        { applicationId: appId, service: 'visa', contractDate: '2026-09-01', businessType: 'postgraduate' },
        'followUp',
        'add',
      ],
      [
        '/api/v1/mc/paymentRecord/create',
        {
          applicationId: appId,
          title: 'Deposit',
          type: 'collection',
          transactionDate: '2026-11-20',
          amount: '100.00',
          currency: 'GBP',
        },
        'payment',
        'create',
      ],
    ];
    const problems: string[] = [];
    for (const [url, body, module, action] of samples) {
      const mark = await lastId();
      const res = await t.post<{ id?: number } | null>(url, body, t.admin);
      const written = await since(mark);
      if (res.meta.code !== 200) problems.push(`${url}: answered ${res.meta.code} ${res.meta.message}`);
      if (written.length !== 1) problems.push(`${url}: ${written.length} entries`);
      const row = written[0];
      if (!row) continue;
      if (row.module !== module || row.action !== action) problems.push(`${url}: ${row.module}.${row.action}`);
      if (row.outcome !== 'ok') problems.push(`${url}: outcome ${row.outcome}`);
      if (!row.recordId || !row.changes) problems.push(`${url}: no record or no diff`);
    }
    expect(problems).toEqual([]);

    // A password set and the mailbox password: marked changed, their values nowhere.
    const member = await t.db.db
      .selectFrom('member')
      .select('id')
      .where('email', '=', 'audited@example.com')
      .executeTakeFirstOrThrow();
    let mark = await lastId();
    expect(
      (await t.post('/api/v1/mc/member/setPassword', { id: member.id, password: secrets[2]! }, t.admin)).meta.code,
    ).toBe(200);
    const [pw] = await since(mark);
    expect((await view(pw!.id)).data.changes).toContainEqual({ id: member.id, field: 'passwordHash', secret: true });
    const sender = (await rows()).find((r) => r.action === 'addSender');
    expect((await view(sender!.id)).data.changes).toContainEqual(
      expect.objectContaining({ field: 'passwordEnc', secret: true }),
    );

    // An application file's storage key: the upload is recorded, its key only as changed.
    mark = await lastId();
    const file = await t.upload<{ id: number }>(
      `${BASE}/uploadFile`,
      { applicationId: String(appId) },
      { name: 'passport.png', content: PNG_1x1 },
      { token: t.admin.token },
    );
    expect(file.meta.code).toBe(200);
    const [uploaded] = await since(mark);
    const stored = await t.db.db
      .selectFrom('applicationFile')
      .select('storedName')
      .where('id', '=', file.data.id)
      .executeTakeFirstOrThrow();
    secrets.push(stored.storedName);
    expect((await view(uploaded!.id)).data.changes).toContainEqual({
      id: file.data.id,
      field: 'storedName',
      secret: true,
    });

    // The two-factor secret shown at set-up, and the session tokens of sign-ins.
    mark = await lastId();
    const setup = await t.post<{ secret: string }>('/api/v1/member/twoFactor/setup', {}, t.admin);
    expect(setup.meta.code).toBe(200);
    secrets.push(setup.data.secret);
    const session = await t.login();
    secrets.push(session.token);
    const everything = JSON.stringify(await rows());
    for (const s of secrets) expect(everything).not.toContain(s);
    const twoFactor = await since(mark);
    expect(twoFactor.map((r) => `${r.module}.${r.action}`)).toEqual(['twoFactor.setup', 'auth.signIn']);
  });

  it("records what a role's permissions and a member's roles and labels gained and lost, by identifier", async () => {
    const roleId = await createRole(t.db.db, 'ROLE_AUDIT_LINKS', [PERM.dictList]);
    const other = await createRole(t.db.db, 'ROLE_AUDIT_OTHER');
    const staff = await createStaff(t.db.db, 'audit.links', [other]);
    const changesOf = async (url: string, body: Values) => {
      const mark = await lastId();
      expect((await t.post(url, body, t.admin)).meta.code, url).toBe(200);
      const written = await since(mark);
      expect(written, url).toHaveLength(1);
      return { row: written[0]!, changes: (await view(written[0]!.id)).data.changes };
    };
    const names = (changes: AuditEntryView['changes'], field: string, side: 'before' | 'after') =>
      (changes.find((c) => c.field === field)?.[side] ?? '').split(', ');

    // The role's permissions: the one taken away and the one given, by code; the menu they share is in neither.
    const perms = await changesOf('/api/v1/mc/sys/role/editRolePermission', {
      id: roleId,
      permissionIds: await permissionIds(t.db.db, [PERM.tagList]),
    });
    expect(perms.row.recordId).toBe(roleId);
    expect(names(perms.changes, 'permissionsAdded', 'after')).toContain(PERM.tagList);
    expect(names(perms.changes, 'permissionsRemoved', 'before')).toEqual([PERM.dictList]);
    for (const c of perms.changes.filter((c) => c.field.startsWith('permissions'))) {
      expect(c.field === 'permissionsAdded' ? c.before : c.after).toBeNull();
    }

    // The member named by `userId`: the entry is theirs, with the role given and the one taken away by name.
    const roles = await changesOf('/api/v1/mc/sys/role/updateMemberRoles', { userId: staff, roleIds: [roleId] });
    expect(roles.row).toMatchObject({ recordType: 'member', recordId: staff });
    expect(roles.changes).toEqual(
      expect.arrayContaining([
        { id: staff, field: 'rolesAdded', before: null, after: 'ROLE_AUDIT_LINKS' },
        { id: staff, field: 'rolesRemoved', before: 'ROLE_AUDIT_OTHER', after: null },
      ]),
    );

    // Labels put on a member and taken off; an unchanged set records nothing.
    const label = (name: string) =>
      t.post<{ id: number }>('/api/v1/mc/labels/add', { name, color: '#123456' }, t.admin).then((r) => r.data.id);
    const [a, b] = [await label('稽核甲'), await label('稽核乙')];
    const put = await changesOf('/api/v1/mc/labels/assign', { userId: staff, labelIds: [a, b] });
    expect(put.changes).toContainEqual({ id: staff, field: 'labelsAdded', before: null, after: '稽核乙, 稽核甲' });
    const off = await changesOf('/api/v1/mc/labels/assign', { userId: staff, labelIds: [b] });
    expect(off.changes).toEqual([{ id: staff, field: 'labelsRemoved', before: '稽核甲', after: null }]);
    const again = await changesOf('/api/v1/mc/labels/assign', { userId: staff, labelIds: [b] });
    expect(again.changes).toEqual([]);
  });

  it('records sign-in, failed sign-in, sign-out, role switch and permission refusals', async () => {
    const probeRole = await createRole(t.db.db, 'ROLE_AUDIT_PROBE', [PERM.tagList]);
    const probeId = await createStaff(t.db.db, 'auditprobe', [probeRole]);
    const mark = await lastId();
    const key = await t.captcha();
    const failed = await t.post('/api/v1/mc/auth/login/loginName', {
      loginName: 'auditprobe',
      password: 'Wrong#Pass-1',
      key,
      code: 'TEST',
    });
    expect(failed.meta.code).toBe(401);
    const probe = await t.login('auditprobe', STAFF_PASSWORD);
    await t.post('/api/v1/member/role/switch', { roleId: probeRole }, { token: probe.token });
    expect((await t.post('/admin/v1/tags/add', { type: 'student', value: 'x', label: 'x' }, probe)).meta.code).toBe(
      403,
    );
    expect((await t.get(LOGS, {}, probe)).meta.code).toBe(403);
    await t.post('/api/v1/member/logout', {}, probe);
    const written = (await since(mark)).map((r) => [r.memberId, `${r.module}.${r.action}`, r.outcome, r.code]);
    expect(written).toEqual([
      [probeId, 'auth.signIn', 'refused', 401],
      [probeId, 'auth.signIn', 'ok', 200],
      [probeId, 'profile.switchRole', 'ok', 200],
      [probeId, 'tag.add', 'refused', Code.FORBIDDEN],
      [probeId, 'access.refused', 'refused', Code.FORBIDDEN],
      [probeId, 'auth.signOut', 'ok', 200],
    ]);
    const refusal = (await since(mark)).find((r) => r.action === 'refused');
    expect(refusal).toMatchObject({ route: 'GET /admin/v1/sys/auditLogs', roleId: probeRole });
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    const id = await lastId();
    await expect(sql`update audit_log set outcome = 'ok' where id = ${id}`.execute(t.db.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log where id = ${id}`.execute(t.db.db)).rejects.toThrow(/append-only/);
    expect(await lastId()).toBe(id);
  });

  it('lists entries newest first with each filter, and names the declared modules and actions', async () => {
    const all = (await list({ pageSize: 200 })).data;
    expect(all.total).toBe((await rows()).length);
    const times = all.list.map((e) => e.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const byRecord = (await list({ recordType: 'application', recordId: appId })).data.list;
    expect(byRecord.length).toBeGreaterThan(0);
    expect(byRecord.every((e) => e.recordIds.includes(appId))).toBe(true);
    expect(byRecord.find((e) => e.action === 'update')?.changedFields).toEqual(expect.arrayContaining(['name']));

    const byAction = (await list({ module: 'application', action: 'update' })).data.list;
    expect(byAction.length).toBeGreaterThan(0);
    expect(byAction.every((e) => e.module === 'application' && e.action === 'update')).toBe(true);

    const refused = (await list({ outcome: 'refused' })).data.list;
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.outcome === 'refused')).toBe(true);

    const mine = (await list({ actorId: t.admin.mid, pageSize: 200 })).data.list;
    expect(mine.every((e) => e.member?.id === t.admin.mid)).toBe(true);
    expect(mine[0]?.member?.name).toBeTruthy();
    // Each entry names its actor as the entry's own view does (PostgreSQL reads the names in the page's statement).
    for (const e of all.list.slice(0, 5)) expect(e.member).toEqual((await view(e.id)).data.member);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ dateFrom: today, dateTo: today })).data.total).toBe(all.total);
    expect((await list({ dateTo: '2020-01-01' })).data.total).toBe(0);

    expect((await list({ module: 'bad module' })).meta).toMatchObject({ code: 400 });
    expect((await t.get(`${LOGS}/view`, { id: 999999 }, t.admin)).meta.code).toBe(404);

    const actions = (await t.get<AuditActions>(`${LOGS}/actions`, {}, t.admin)).data;
    expect(actions.find((m) => m.module === 'application')?.actions).toEqual(
      expect.arrayContaining(['create', 'update']),
    );
    // Each declared module and action has its names in the shared table the screen and the Excel export read
    // (decision 310): a route that declares a new one without naming it fails here.
    const unnamed = actions.flatMap((m) => [
      ...(Object.hasOwn(AUDIT_MODULE_NAMES, m.module) ? [] : [m.module]),
      ...m.actions.filter((a) => !Object.hasOwn(AUDIT_ACTION_NAMES, a)).map((a) => `${m.module}.${a}`),
    ]);
    expect(unnamed).toEqual([]);
  });
});

describe('audit log: names in changes', () => {
  const t = useTestApp({ signIn: true });
  const view = (id: number) => t.get<AuditEntryView>(`${LOGS}/view`, { id }, t.admin);
  const lastEntry = async () =>
    (await t.db.db.selectFrom('auditLog').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;

  it("names the people and cycles a change's values hold by id, a removed person marked, in the log and History", async () => {
    const teacher = await createStaff(t.db.db, 'audit-ref-teacher', []);
    // The name the people module shows for a member with no other name: the e-mail.
    const TEACHER_NAME = 'audit-ref-teacher@example.test';
    const cycle = await t.db.db
      .selectFrom('admissionsCycle')
      .select(['id', 'entryYear'])
      .orderBy('entryYear')
      .executeTakeFirstOrThrow();
    const created = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '林小華' }), t.admin);
    const id = created.data.id;
    const school = { school: 'University of York', major: 'History', cycleId: cycle.id, route: 'ucas' };
    const res = await t.post(
      `${BASE}/update`,
      fullForm({ id, version: 1, signingTeacherId: teacher, targetSchools: JSON.stringify([school]) }),
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    const entry = (await view(await lastEntry())).data;
    expect(entry.changes).toContainEqual(
      expect.objectContaining({ field: 'signingTeacherId', after: String(teacher) }),
    );
    expect(entry.refs).toContainEqual({ kind: 'member', id: teacher, name: TEACHER_NAME, removed: false });
    expect(entry.refs).toContainEqual({ kind: 'cycle', id: cycle.id, name: String(cycle.entryYear), removed: false });

    expect((await t.post('/api/v1/mc/member/remove', { id: teacher }, t.admin)).meta.code).toBe(200);
    const history = await t.get<TimelinePage>(
      '/admin/v1/sys/timeline',
      { recordType: 'application', recordId: id },
      t.admin,
    );
    expect(history.data.refs).toContainEqual({ kind: 'member', id: teacher, name: TEACHER_NAME, removed: true });
    // The actor of an entry is not a change's value: only ids the changes hold are named.
    expect(history.data.refs).not.toContainEqual(expect.objectContaining({ kind: 'member', id: t.admin.mid }));
  });
});

describe('audit log: a total counted up to its cap', () => {
  const t = useTestApp({ signIn: true, env: { AUDIT_COUNT_CAP: '3' } });
  const list = (q: Values) => t.get<AuditPage>(LOGS, q, t.admin);

  beforeAll(async () => {
    await seedDemoAudit(t.db.db, 12);
  });

  it('says "more than" past the cap, keeps the next page reachable, and counts a narrow filter exactly', async () => {
    const all = await t.db.db.selectFrom('auditLog').select(['id', 'createdAt']).execute();
    expect(all.length).toBeGreaterThan(4);
    const first = (await list({ pageSize: 2 })).data;
    expect(first).toMatchObject({ total: 4, totalCapped: true });
    expect(first.list).toHaveLength(2);
    // Beyond the cap the total is a floor one past the page, so the pager offers the next page.
    const third = (await list({ pageSize: 2, pageNum: 3 })).data;
    expect(third).toMatchObject({ total: 7, totalCapped: true });
    // The last page knows the exact total.
    const whole = (await list({ pageSize: 100 })).data;
    expect(whole).toMatchObject({ total: all.length, totalCapped: false, nextCursor: null });
    const lastPage = (await list({ pageSize: 2, pageNum: Math.ceil(all.length / 2) })).data;
    expect(lastPage).toMatchObject({ total: all.length, totalCapped: false });
    // A page past the end holds no entry to carry the count (PostgreSQL): it is counted alone, still capped.
    const past = (await list({ pageSize: 2, pageNum: all.length })).data;
    expect(past).toMatchObject({ list: [], totalCapped: true });

    // The next page by seek is the page by number.
    const byCursor = (await list({ pageSize: 2, pageNum: 2, cursor: first.nextCursor! })).data;
    const byNumber = (await list({ pageSize: 2, pageNum: 2 })).data;
    expect(byCursor.list.map((e) => e.id)).toEqual(byNumber.list.map((e) => e.id));
    expect(byCursor.list[0]!.id).not.toBe(first.list[1]!.id);
    const oldest = (await list({ pageSize: 2, order: 'asc' })).data;
    const after = (await list({ pageSize: 2, pageNum: 2, order: 'asc', cursor: oldest.nextCursor! })).data;
    expect(after.list[0]!.createdAt).toBeGreaterThanOrEqual(oldest.list[1]!.createdAt);
    expect(after.list.map((e) => e.id)).toEqual(
      (await list({ pageSize: 2, pageNum: 2, order: 'asc' })).data.list.map((e) => e.id),
    );

    // A filter matching no more than the cap: the exact total, and no next page after the last.
    const mine = (await list({ actorId: t.admin.mid, dateTo: '2020-01-01' })).data;
    expect(mine).toMatchObject({ total: 0, totalCapped: false, nextCursor: null });
    const failed = await t.post(`${BASE}/update`, { id: 999999 }, t.admin);
    expect(failed.meta.code).toBe(400);
    const refusedMine = (await list({ actorId: t.admin.mid, outcome: 'refused' })).data;
    expect(refusedMine).toMatchObject({ total: refusedMine.list.length, totalCapped: false, nextCursor: null });
    expect(refusedMine.list.length).toBeGreaterThan(0);
  });

  it('refuses a malformed cursor, naming it', async () => {
    expectParamError(await list({ cursor: 'abc' }), 'cursor');
    expectParamError(await list({ cursor: '12~0' }), 'cursor');
  });
});
