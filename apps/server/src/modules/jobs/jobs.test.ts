import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Code, JOB_LINK_RE, type MessageBox } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { startTestApp, testClock, type TestApp } from '../../test/harness.js';
import { jobFile, jobStatus } from '../../test/job-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';
import type { JobContext } from './index.js';

const HOUR = 3_600_000;

// A small workbook written as a stream, as an export's runner does.
function workbook(rows: string[][]) {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
  const sheet = book.addWorksheet('Rows');
  void (async () => {
    for (const r of rows) sheet.addRow(r).commit();
    sheet.commit();
    await book.commit();
  })();
  return out;
}

function register(app: TestApp, ran: JobContext[] = []) {
  app.app.jobs.register('test-rows', {
    readyTitle: (locale) => (locale === 'en-US' ? 'Rows ready' : '資料已備妥'),
    async run(job, report) {
      ran.push(job);
      const n = (job.params as { n: number }).n;
      await report(0, n);
      const rows = Array.from({ length: n }, (_, i) => [`row ${i + 1}`]);
      await report(n, n);
      return { stream: workbook(rows), fileName: 'rows.xlsx', done: n, total: n };
    },
  });
  app.app.jobs.register('test-broken', {
    readyTitle: () => 'Broken',
    run: () => Promise.reject(new Error('disk on fire')),
  });
}

describe('background jobs', () => {
  const clock = testClock();
  const t = useTestApp({ signIn: true, clock, env: { DELIVERY_WORKER: 'off' } });
  let other: { token: string; mid: number };
  const ran: JobContext[] = [];

  beforeAll(async () => {
    register(t, ran);
    const role = await createRole(t.db.db, 'job-role', []);
    await createStaff(t.db.db, 'jobstaff', [role]);
    other = await t.login('jobstaff', STAFF_PASSWORD);
  });

  const status = (id: number, token = t.admin.token) => jobStatus(t, id, token);
  const download = (id: number, token = t.admin.token) => jobFile(t, id, token);

  it('runs a queued job once, stores its file and posts the download link to its owner', async () => {
    const job = await t.app.jobs.enqueue('test-rows', t.admin.mid, { n: 3 }, 'en-US');
    expect(job).toMatchObject({ status: 'queued', done: 0 });
    expect((await status(job.id)).data.status).toBe('queued');
    expect(await t.app.jobs.runOnce()).toBe(1);
    expect(await t.app.jobs.runOnce()).toBe(0);
    expect(ran.filter((j) => j.id === job.id)).toHaveLength(1);
    const done = (await status(job.id)).data;
    expect(done).toMatchObject({ status: 'done', done: 3, total: 3, fileName: 'rows.xlsx', errorCode: null });
    expect(done.expiresAt).toBe(done.finishedAt! + 72 * HOUR);

    const box = await t.get<MessageBox>('/api/v1/message/box', { tab: 'message' }, { token: t.admin.token });
    const msg = box.data.message.list.find((m) => m.title === 'Rows ready');
    expect(msg?.link).toMatch(JOB_LINK_RE);
    expect(msg?.link).toBe(`/api/v1/jobs/download?id=${job.id}`);
    expect(msg?.content).toContain('3 rows');

    const res = await download(job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['content-disposition']).toContain('rows.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getCell('A3').value).toBe('row 3');

    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['module', 'action', 'memberId', 'outcome'])
      .where('module', '=', 'jobs')
      .execute();
    expect(audit).toContainEqual({ module: 'jobs', action: 'download', memberId: t.admin.mid, outcome: 'ok' });
  });

  it("refuses another member's job (status, download), and audits the refusal", async () => {
    const job = await t.app.jobs.enqueue('test-rows', t.admin.mid, { n: 1 }, 'zh-TW');
    await t.app.jobs.runOnce();
    expect((await status(job.id, other.token)).meta.code).toBe(Code.NOT_FOUND);
    const theirs = await download(job.id, other.token);
    expect(JSON.parse(theirs.body).meta.code).toBe(Code.NOT_FOUND);
    const refusal = await t.db.db
      .selectFrom('auditLog')
      .select(['outcome', 'code'])
      .where('action', '=', 'download')
      .where('memberId', '=', other.mid)
      .execute();
    expect(refusal).toEqual([{ outcome: 'refused', code: Code.NOT_FOUND }]);
  });

  it('answers not ready while queued, records a failure with its code and tells the owner', async () => {
    const job = await t.app.jobs.enqueue('test-broken', other.mid, {}, 'en-US');
    expect(JSON.parse((await download(job.id, other.token)).body).meta.code).toBe(Code.JOB_NOT_READY);
    await t.app.jobs.runOnce();
    expect((await status(job.id, other.token)).data).toMatchObject({ status: 'failed', errorCode: Code.INTERNAL });
    expect(JSON.parse((await download(job.id, other.token)).body).meta.code).toBe(Code.JOB_FAILED);
    const box = await t.get<MessageBox>('/api/v1/message/box', { tab: 'message' }, { token: other.token });
    expect(box.data.message.list[0]).toMatchObject({ title: 'Broken', link: null });
  });

  it('limits the jobs a member has waiting', async () => {
    for (let i = 0; i < 3; i++) await t.app.jobs.enqueue('test-rows', other.mid, { n: 1 }, 'en-US');
    await expect(t.app.jobs.enqueue('test-rows', other.mid, { n: 1 }, 'en-US')).rejects.toMatchObject({
      code: Code.JOB_TOO_MANY,
    });
    await t.app.jobs.runOnce();
  });

  it('limits the jobs a member starts at once, on every engine (counted and inserted under one lock)', async () => {
    const racer = await createStaff(t.db.db, 'job_racer', []);
    const starts = await Promise.allSettled(
      Array.from({ length: 8 }, () => t.app.jobs.enqueue('test-rows', racer, { n: 1 }, 'en-US')),
    );
    expect(starts.filter((s) => s.status === 'fulfilled')).toHaveLength(3);
    for (const s of starts.filter((x) => x.status === 'rejected'))
      expect(s.reason).toMatchObject({ code: Code.JOB_TOO_MANY });
    const open = await t.db.db.selectFrom('job').select('id').where('memberId', '=', racer).execute();
    expect(open).toHaveLength(3);
    await t.app.jobs.runOnce();
  });

  it('answers 400 naming the field for a bad id', async () => {
    const res = await t.get('/api/v1/jobs/status', { id: 'x' }, { token: t.admin.token });
    expect(res.meta.code).toBe(400);
    expect(res.meta.message).toContain('id');
  });

  it("refuses a job's file after it expired, and the sweep removes it", async () => {
    const job = await t.app.jobs.enqueue('test-rows', t.admin.mid, { n: 1 }, 'zh-TW');
    await t.app.jobs.runOnce();
    clock.advance(72 * HOUR);
    // Sessions idle that long have expired too.
    const admin = await t.login();
    const late = await download(job.id, admin.token);
    expect(JSON.parse(late.body).meta.code).toBe(Code.JOB_EXPIRED);
    // The sweep removes the expired files; the row stays and still answers "expired".
    expect(await t.app.jobs.sweep()).toBeGreaterThanOrEqual(1);
    const row = await t.db.db.selectFrom('job').select('storedName').where('id', '=', job.id).executeTakeFirst();
    expect(row?.storedName).toBeNull();
    expect(JSON.parse((await download(job.id, admin.token)).body).meta.code).toBe(Code.JOB_EXPIRED);
  });
});

describe('background jobs on two servers', () => {
  let a: TestApp;
  let b: TestApp;
  const ranA: JobContext[] = [];
  const ranB: JobContext[] = [];
  beforeAll(async () => {
    a = await startTestApp({ onFile: true, env: { DELIVERY_WORKER: 'off' } });
    b = await startTestApp({ joins: a, env: { DELIVERY_WORKER: 'off' } });
    register(a, ranA);
    register(b, ranB);
    return async () => {
      await b.close();
      await a.close();
    };
  });

  it('claims each job exactly once when two workers run at the same time', async () => {
    const admin = await a.login();
    const ids: number[] = [];
    // Three open jobs per member: the rest are queued for a second member of the same database.
    for (let i = 0; i < 3; i++) ids.push((await a.app.jobs.enqueue('test-rows', admin.mid, { n: 2 }, 'en-US')).id);
    const [na, nb] = await Promise.all([a.app.jobs.runOnce(), b.app.jobs.runOnce()]);
    expect(na + nb).toBe(3);
    const ran = [...ranA, ...ranB].map((j) => j.id).sort((x, y) => x - y);
    expect(ran).toEqual(ids);
    const rows = await a.db.db.selectFrom('job').select(['status', 'attempts']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it("takes over a job whose worker's lease ran out, and the old worker cannot finish it", async () => {
    const admin = await a.login();
    const job = await a.app.jobs.enqueue('test-rows', admin.mid, { n: 1 }, 'en-US');
    const now = Date.now();
    // A worker that claimed it and died: its lease is in the past.
    await a.db.db
      .updateTable('job')
      .set({ status: 'running', claimToken: 'dead-worker', claimedUntil: now - 1, attempts: 1 })
      .where('id', '=', job.id)
      .execute();
    expect(await b.app.jobs.runOnce()).toBe(1);
    const row = await a.db.db.selectFrom('job').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', attempts: 2, claimToken: null });
  });

  // Last in this block: server a's worker stays stopped.
  it('claims no further job once its server is stopping: the queued ones stay for another server', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const started: number[] = [];
    for (const app of [a, b])
      app.app.jobs.register('test-gated', {
        readyTitle: () => 'Gated',
        async run(job) {
          started.push(job.id);
          if (app === a) await gate;
          return { stream: workbook([['x']]), fileName: 'gated.xlsx', done: 1, total: 1 };
        },
      });
    const admin = await a.login();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await a.app.jobs.enqueue('test-gated', admin.mid, {}, 'en-US')).id);
    a.app.jobs.start();
    await vi.waitFor(() => expect(started).toHaveLength(1));
    const stopped = a.app.jobs.stop();
    open();
    await stopped;
    const statusOf = async () =>
      (await a.db.db.selectFrom('job').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute()).map(
        (r) => r.status,
      );
    expect(await statusOf()).toEqual(['done', 'queued', 'queued']);
    expect(await b.app.jobs.runOnce()).toBe(2);
    expect(await statusOf()).toEqual(['done', 'done', 'done']);
  });
});
