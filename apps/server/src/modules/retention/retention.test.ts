import { gunzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM, searchText, type ApplicationSaved, type SearchResult } from '@study-crm/shared';
import { startTestApp, testClock, type TestApp } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm, PNG_1x1 } from '../../test/application-fixtures.js';
import type { RetentionReport } from './index.js';

const CONFIG = '/admin/v1/sys/sysConfigs/add';
const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365 * DAY;

describe('the retention job', () => {
  const clock = testClock(Date.now());
  const T0 = clock.now();
  let t: TestApp;
  let b: TestApp;
  let admin: { token: string; mid: number };
  let closedStudent: number;
  let openStudent: number;
  let unattached: string;
  let attachedName: string;
  const audit = { old: [] as number[], fresh: [] as number[] };

  const setConfig = (key: string, value: string) =>
    t.post(CONFIG, { key, platform: PLATFORM, prodValue: value, testValue: value }, admin);
  const stored = (name: string) => path.join(t.config.dataDir, 'uploads', name);

  beforeAll(async () => {
    const dir = `/tmp/study-crm-retention-${process.pid}-${Math.round(Math.random() * 1e9)}`;
    t = await startTestApp({ clock, onFile: true, env: { DATA_DIR: dir, DELIVERY_WORKER: 'off' } });
    b = await startTestApp({ clock, joins: t, env: { DELIVERY_WORKER: 'off' } });
    admin = await t.login();
    const db = t.db.db;
    // Periods: audit entries 10 days, sessions 5, codes 2, unattached files 3, bodies 30 (others default).
    for (const [k, v] of [
      ['retention.auditDays', '10'],
      ['retention.sessionDays', '5'],
      ['retention.verificationCodeDays', '2'],
      ['retention.unattachedFileDays', '3'],
      ['retention.outboxBodyDays', '30'],
    ] as const) {
      expect((await setConfig(k, v)).meta.code).toBe(200);
    }
    // A student whose only application is closed, and one whose application is open.
    const closed = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ name: '結案生', email: 'closed@example.com', passportNo: 'CL000001', mobile: '911000001' }),
      admin,
    );
    closedStudent = closed.data.studentId!;
    expect(
      (await t.post(`${BASE}/updateOther`, { id: closed.data.id, version: 1, status: 'enrolled' }, admin)).meta.code,
    ).toBe(200);
    const open = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ name: '進行生', email: 'open@example.com', passportNo: 'OP000001', mobile: '911000002' }),
      admin,
    );
    openStudent = open.data.studentId!;
    // Files: one uploaded and never attached (old), one attached to the open application.
    const up = async () =>
      (await t.upload<{ name: string }>('/api/v1/fms/upload', {}, { name: 'x.png', content: PNG_1x1 }, admin)).data
        .name;
    unattached = await up();
    attachedName = await up();
    const file = (applicationId: number | null, storedName: string, at: number) => ({
      applicationId,
      title: 'scan',
      type: 'passport',
      storedName,
      displayPath: 'x.png',
      extension: 'png',
      mime: 'image/png',
      size: PNG_1x1.length,
      uploaderId: admin.mid,
      uploadedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    await db
      .insertInto('applicationFile')
      .values([file(null, unattached, T0 - 4 * DAY), file(open.data.id, attachedName, T0 - 400 * DAY)])
      .execute();
    // Audit entries: three past their period, two within it.
    const entry = (createdAt: number, action: string) => ({
      createdAt,
      module: 'test',
      action,
      outcome: 'ok' as const,
      code: 200,
      durationMs: 1,
      changes: JSON.stringify([{ id: 1, field: 'name', before: 'a', after: action }]),
    });
    for (const [at, list] of [
      [T0 - 30 * DAY, audit.old],
      [T0 - 11 * DAY, audit.old],
      [T0 - 10 * DAY - 1, audit.old],
      [T0 - 9 * DAY, audit.fresh],
      [T0 - DAY, audit.fresh],
    ] as const) {
      const r = await db
        .insertInto('auditLog')
        .values(entry(at, `at${at}`))
        .returning('id')
        .executeTakeFirstOrThrow();
      list.push(r.id);
    }
    // Sessions ended 6 days ago (goes), 4 days ago (stays); codes expired 3 days ago (goes), 1 day ago (stays).
    const session = (n: number, endedAt: number) => ({
      tokenHash: `retention-${n}`,
      memberId: admin.mid,
      createdAt: endedAt - DAY,
      lastSeenAt: endedAt - DAY,
      expiresAt: endedAt,
      revokedAt: null,
    });
    await db
      .insertInto('session')
      .values([session(1, T0 - 6 * DAY), session(2, T0 - 4 * DAY)])
      .execute();
    const code = (n: number, expiresAt: number) => ({
      memberId: admin.mid,
      channel: 'email' as const,
      purpose: 'bind',
      target: `code${n}@example.com`,
      codeHash: 'h',
      salt: 's',
      expiresAt,
      createdAt: expiresAt - 600_000,
      updatedAt: expiresAt - 600_000,
    });
    await db
      .insertInto('verificationCode')
      .values([code(1, T0 - 3 * DAY), code(2, T0 - DAY)])
      .execute();
    // E-mail bodies: one of 31 days ago (blanked), one of 29 (kept).
    const sender = await db
      .insertInto('mailSender')
      .values({
        host: 'smtp.invalid',
        port: 25,
        account: 'r',
        passwordEnc: 'x',
        tlsMode: 'none',
        createdAt: T0,
        updatedAt: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mail = (at: number) => ({
      senderId: sender.id,
      subject: 'Hello',
      content: `body ${at}`,
      bodyHtml: `<p>body ${at}</p>`,
      platform: PLATFORM,
      createdAt: at,
      updatedAt: at,
      searchText: 'hello',
    });
    await db
      .insertInto('emailMessage')
      .values([mail(T0 - 31 * DAY), mail(T0 - 29 * DAY)])
      .execute();
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('refuses a retention period that is not a whole number in range, naming the field', async () => {
    const res = await t.post(
      CONFIG,
      { key: 'retention.sessionDays', platform: 'OTHER', prodValue: '5', testValue: '-1' },
      { ...admin, locale: 'en-US' },
    );
    expect(res.meta.code).toBe(400);
    expect(res.meta.message).toContain('testValue');
    const big = await t.post(CONFIG, { key: 'privacy.paymentKeepYears', platform: 'OTHER', prodValue: '101' }, admin);
    expect(big.meta.code).toBe(400);
    // Other keys take any text.
    expect((await t.post(CONFIG, { key: 'site.motto', platform: 'OTHER', prodValue: 'abc' }, admin)).meta.code).toBe(
      200,
    );
  });

  it('removes exactly what is past its period, archives the audit entries first, and reports once', async () => {
    const report = (await t.app.retention.run())!;
    expect(report.counts).toEqual({
      closedApplications: 0,
      inactiveStudents: 0,
      unattachedFiles: 1,
      outboxBodies: 1,
      auditEntries: 3,
      sessions: 1,
      verificationCodes: 1,
    });
    const db = t.db.db;
    expect(fs.existsSync(stored(unattached))).toBe(false);
    expect(fs.existsSync(stored(attachedName))).toBe(true);
    const left = (await db.selectFrom('auditLog').select('id').where('module', '=', 'test').execute()).map((r) => r.id);
    expect(left.sort()).toEqual([...audit.fresh].sort());
    expect(
      (await db.selectFrom('session').select('tokenHash').where('tokenHash', 'like', 'retention-%').execute()).map(
        (r) => r.tokenHash,
      ),
    ).toEqual(['retention-2']);
    expect((await db.selectFrom('verificationCode').select('target').execute()).map((r) => r.target)).toEqual([
      'code2@example.com',
    ]);
    const bodies = await db.selectFrom('emailMessage').select(['createdAt', 'content']).orderBy('createdAt').execute();
    expect(bodies.map((m) => m.content)).toEqual(['', `body ${T0 - 29 * DAY}`]);

    // The archive: gzip JSON lines through the files storage, every column of exactly the removed entries.
    const archive = await db.selectFrom('auditArchive').selectAll().executeTakeFirstOrThrow();
    expect(archive.storedName).toBe(report.auditArchive);
    expect(archive.entries).toBe(3);
    const lines = gunzipSync(fs.readFileSync(stored(archive.storedName)))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; module: string; action: string; changes: string });
    expect(lines.map((l) => l.id)).toEqual(audit.old);
    expect(lines[0]).toMatchObject({ module: 'test', action: `at${T0 - 30 * DAY}` });

    // One audit entry for the run, with its counts; the report in an administrator's message box.
    const runs = await db
      .selectFrom('auditLog')
      .select(['changes', 'memberId'])
      .where('module', '=', 'retention')
      .execute();
    expect(runs).toHaveLength(1);
    expect((JSON.parse(runs[0]!.changes!) as RetentionReport).counts.auditEntries).toBe(3);
    const box = await t.get('/api/v1/message/box', { pageSize: 20 }, admin);
    expect(box.meta.code).toBe(200);
    expect(JSON.stringify(box.data)).toContain('Retention run report');
    expect(JSON.stringify(box.data)).toContain('audit entries archived and removed: 3');
  });

  it('erases students whose applications closed past the period, not those with an open one', async () => {
    clock.set(T0 + 7 * YEAR);
    const report = (await t.app.retention.run())!;
    // The closed one goes for its closed application; the open one stays (refused), though inactive.
    expect(report.counts.closedApplications).toBe(1);
    expect(report.counts.inactiveStudents).toBe(0);
    const erased = await t.db.db.selectFrom('erasedPerson').select(['memberId', 'erasedBy']).execute();
    expect(erased).toEqual([{ memberId: closedStudent, erasedBy: null }]);
    expect(erased.map((e) => e.memberId)).not.toContain(openStudent);
    // A later run finds nothing more to do.
    const again = (await t.app.retention.run())!;
    expect(again.counts.closedApplications).toBe(0);
  });

  it('runs on one server at a time: of two servers asking at once, one runs', async () => {
    clock.set(T0 + 9 * YEAR);
    await t.db.db.deleteFrom('clusterLease').where('name', '=', 'retention').execute();
    const [x, y] = await Promise.all([t.app.retention.run(), b.app.retention.run()]);
    expect([x, y].filter((r) => r === null)).toHaveLength(1);
    // One entry for this run (the earlier runs' entries were past the 10 days and went to an archive).
    const runs = await t.db.db.selectFrom('auditLog').select('createdAt').where('module', '=', 'retention').execute();
    expect(runs).toEqual([{ createdAt: T0 + 9 * YEAR }]);
  });

  it("leaves no word of a blanked SMS text in the search indexes, only the file name's", async () => {
    clock.set(T0 + 10 * YEAR);
    const now = clock.now();
    const db = t.db.db;
    const batch = async (at: number, fileName: string, content: string) =>
      (
        await db
          .insertInto('smsBatch')
          .values({
            kind: 'batch',
            status: 'queued',
            fileName,
            content,
            accepted: 1,
            rejected: 0,
            createdAt: at,
            updatedAt: at,
            searchText: searchText([fileName, content]),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const old = await batch(now - 31 * DAY, 'autumn-offers.xlsx', 'Dear Zanzibar, ref 8812345678 qx');
    const kept = await batch(now - 29 * DAY, 'spring-offers.xlsx', 'Dear Kilimanjaro');
    const viewer = await t.login();
    const found = async (keyword: string) => {
      const res = await t.get<SearchResult>('/api/v1/cake/search', { keyword }, viewer);
      expect(res.meta.code, res.meta.message).toBe(200);
      return res.data.groups.find((g) => g.type === 'sms')?.hits.map((h) => h.id) ?? [];
    };
    // Before: by a long word (full-text or trigram index), a number (tails), a short word (grams).
    for (const word of ['zanzibar', '8812345678', 'qx']) expect(await found(word)).toEqual([old]);

    await db.deleteFrom('clusterLease').where('name', '=', 'retention').execute();
    const report = (await t.app.retention.run())!;
    expect(report.counts.outboxBodies).toBe(1);
    const row = await db
      .selectFrom('smsBatch')
      .select(['content', 'searchText'])
      .where('id', '=', old)
      .executeTakeFirst();
    expect(row).toEqual({ content: '', searchText: searchText(['autumn-offers.xlsx']) });
    for (const word of ['zanzibar', '8812345678', 'qx']) expect(await found(word)).toEqual([]);
    // Still found by its file name; the newer text keeps its words.
    expect(await found('autumn-offers')).toEqual([old]);
    expect(await found('kilimanjaro')).toEqual([kept]);
  });
});

// Decision 357: a student entered by staff is never changed and never signs in, so three years after they were
// entered they look inactive; while they have an application the closed-applications period (six years from its
// close, decision 168) is theirs, and the inactive-students rule passes them over.
describe('the retention job: inactive students', () => {
  const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
  const clock = testClock(T0);
  const t = useTestApp({ signIn: true, clock, env: { DELIVERY_WORKER: 'off' } });

  it('keeps a student whose application closed yesterday, and erases one with no application and no activity', async () => {
    const made = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ name: '昨結生', email: 'closed.yesterday@example.com', passportNo: 'CY000001', mobile: '911000031' }),
      t.admin,
    );
    expect(made.meta.code, made.meta.message).toBe(200);
    const applicant = made.data.studentId!;
    const added = await t.post<{ id: number }>(
      '/api/v1/mc/member/add',
      { email: 'never.applied@example.com', password: 'Student#2026pass', memberType: 'student' },
      t.admin,
    );
    expect(added.meta.code, added.meta.message).toBe(200);
    const idle = added.data.id;

    // Three calendar years and a day later; the application closed the day before.
    const now = Date.UTC(2029, 10, 23, 9, 0, 0);
    clock.set(now - DAY);
    const staff = await t.login();
    const closed = await t.post(`${BASE}/updateOther`, { id: made.data.id, version: 1, status: 'withdrawn' }, staff);
    expect(closed.meta.code, closed.meta.message).toBe(200);
    clock.set(now);
    const report = (await t.app.retention.run())!;

    expect(report.counts.closedApplications).toBe(0);
    expect(report.counts.inactiveStudents).toBe(1);
    const erased = await t.db.db.selectFrom('erasedPerson').select('memberId').execute();
    expect(erased.map((e) => e.memberId)).toEqual([idle]);
    const kept = await t.db.db
      .selectFrom('member')
      .select('email')
      .where('id', '=', applicant)
      .executeTakeFirstOrThrow();
    expect(kept.email).toBe('closed.yesterday@example.com');
  });
});
