import { Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { pipeline } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditName,
  Code,
  PERM,
  type AuditEntry,
  type AuditPage,
  type ExportStart,
  type MessageBox,
  type Page,
} from '@study-crm/shared';
import { createRole, createStaff, setRolePerms, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { APP_ID } from '../../test/harness.js';
import { exportCalls, readSheet } from '../../test/export-fixtures.js';
import { jobFile, jobStatus } from '../../test/job-fixtures.js';
import { useTestApp, type UsedTestApp } from '../../test/signed-in.js';
import { column, createExportService, EXPORT_PAGE, writeWorkbook, type ExportColumn } from './index.js';
import { engineFree } from '../../test/engine.js';
import { seedDemoAudit } from '../../seed/demo-audit.js';

// A seek cursor of the operation log after its newest entry (the screen's next page passes one).
const farCursor = () => `${Date.now() + 1_000_000}~999999999`;
// The operation log's entries before `to` (the calls of a test write entries of their own).
const auditCount = async (t: UsedTestApp, to: number) =>
  Number(
    (
      await t.db.db
        .selectFrom('auditLog')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('createdAt', '<', to)
        .executeTakeFirstOrThrow()
    ).n,
  );
// The data rows of a sheet that differ from one another (row 1 is the header).
const distinctRows = (sheet: ExcelJS.Worksheet) =>
  new Set(Array.from({ length: sheet.rowCount - 1 }, (_, i) => JSON.stringify(sheet.getRow(i + 2).values))).size;

// The operation log exported as the administrator with too many rows for a direct download: a background job,
// whose file is not ready before the job runs. Its id and its status once it has run.
async function auditLogJob(t: UsedTestApp, locale?: string) {
  const start = await t.post<ExportStart>(
    '/api/v1/export/start',
    { list: 'auditLog', filters: '{}', ...(locale ? { locale } : {}) },
    { token: t.admin.token },
  );
  expect(start.data.jobId).not.toBeNull();
  const direct = await exportCalls(t).file({ list: 'auditLog', filters: '{}' });
  expect(JSON.parse(direct.body).meta.code).toBe(Code.JOB_NOT_READY);
  await t.app.jobs.runOnce();
  const jobId = start.data.jobId!;
  return { jobId, job: await jobStatus(t, jobId, t.admin.token) };
}

describe('export of a list', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off', EXPORT_DIRECT_MAX_ROWS: '3' } });
  let limited: { token: string; mid: number };

  beforeAll(async () => {
    const role = await createRole(t.db.db, 'no-audit', [PERM.feedbackList]);
    await createStaff(t.db.db, 'exportstaff', [role]);
    limited = await t.login('exportstaff', STAFF_PASSWORD);
    // Failed sign-ins (audited) with a user agent that would be a formula.
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/mc/auth/login/loginName',
        headers: {
          ...t.headers(),
          'user-agent': '=HYPERLINK("http://evil.test","x")',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `appId=${APP_ID}&mcId=COM&loginName=nobody${i}&password=wrong-pass-1&captchaKey=k&captchaCode=x`,
      });
  });

  const { file, directSheet } = exportCalls(t);

  it('exports the filtered list as the list shows it, headings in the reader’s language, formulas kept as text', async () => {
    const filters = { module: 'auth', outcome: 'refused', order: 'asc' };
    const list = await t.get<Page<AuditEntry>>('/admin/v1/sys/auditLogs', filters, { token: t.admin.token });
    expect(list.data.total).toBeGreaterThanOrEqual(2);
    expect(list.data.total).toBeLessThanOrEqual(3);
    const { res, sheet } = await directSheet('auditLog', filters, list.data.total);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(sheet.getRow(1).getCell(1).value).toBe('Time');
    expect(sheet.getRow(1).getCell(7).value).toBe('Outcome');
    const first = list.data.list[0]!;
    const row = sheet.getRow(2);
    expect((row.getCell(1).value as Date).getTime()).toBe(first.createdAt);
    expect(row.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    // The module and action by the names the screen gives them, not their identifiers (decision 310).
    expect(row.getCell(3).value).toBe('Sign-in');
    expect(row.getCell(4).value).toBe(auditName('action', first.action, 'en-US'));
    expect(row.getCell(4).value).not.toBe(first.action);
    expect(row.getCell(7).value).toBe('Refused');
    expect(row.getCell(11).value).toBe('\'=HYPERLINK("http://evil.test","x")');
    const zh = await readSheet(
      (await file({ list: 'auditLog', filters: JSON.stringify(filters), locale: 'zh-TW' })).rawPayload,
    );
    expect(zh.getRow(1).getCell(7).value).toBe('結果');
    expect(zh.getRow(2).getCell(7).value).toBe('被拒絕');
    expect(zh.getRow(2).getCell(3).value).toBe('登入');
  });

  it('refuses a list the caller may not see, an unknown list and bad filters (400 naming the field)', async () => {
    const refused = await t.post('/api/v1/export/start', { list: 'auditLog', filters: '{}' }, { token: limited.token });
    expect(refused.meta.code).toBe(Code.FORBIDDEN);
    const direct = await file({ list: 'auditLog', filters: '{}' }, limited.token);
    expect(JSON.parse(direct.body).meta.code).toBe(Code.FORBIDDEN);
    const unknown = await t.post('/api/v1/export/start', { list: 'nope', filters: '{}' }, { token: t.admin.token });
    expect(unknown.meta.code).toBe(Code.EXPORT_UNKNOWN_LIST);
    const bad = await t.post(
      '/api/v1/export/start',
      { list: 'auditLog', filters: '{"outcome":"maybe"}' },
      { token: t.admin.token },
    );
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toContain('outcome');
    const notJson = await t.post('/api/v1/export/start', { list: 'auditLog', filters: '{' }, { token: t.admin.token });
    expect(notJson.meta.code).toBe(400);
    expect(notJson.meta.message).toContain('filters');
  });

  it('runs a larger export as a job whose file arrives in the message box', async () => {
    const list = await t.get<Page<AuditEntry>>('/admin/v1/sys/auditLogs', {}, { token: t.admin.token });
    expect(list.data.total).toBeGreaterThan(3);
    const { jobId, job } = await auditLogJob(t, 'en-US');
    expect(job.data.status).toBe('done');
    expect(job.data.done).toBe(job.data.total);
    expect(job.data.total).toBeGreaterThanOrEqual(list.data.total);
    const box = await t.get<MessageBox>('/api/v1/message/box', { tab: 'message' }, { token: t.admin.token });
    expect(box.data.message.list[0]).toMatchObject({
      title: 'Export ready: Operation log',
      link: `/api/v1/jobs/download?id=${jobId}`,
    });
    const res = await jobFile(t, jobId, t.admin.token);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rowCount).toBe(job.data.total + 1);
    expect(sheet.getRow(1).getCell(2).value).toBe('Member');
    // Another member cannot fetch it.
    const theirs = await jobFile(t, jobId, limited.token);
    expect(JSON.parse(theirs.body).meta.code).toBe(Code.NOT_FOUND);
  });

  it("refuses a finished export's file once its owner no longer holds the exported list's permission", async () => {
    const role = await createRole(t.db.db, 'audit-reader', [PERM.auditList]);
    await createStaff(t.db.db, 'auditexporter', [role]);
    const reader = await t.login('auditexporter', STAFF_PASSWORD);
    const start = await t.post<ExportStart>(
      '/api/v1/export/start',
      { list: 'auditLog', filters: '{}' },
      { token: reader.token },
    );
    expect(start.data.jobId).not.toBeNull();
    await t.app.jobs.runOnce();
    const download = async () => jobFile(t, start.data.jobId!, reader.token);
    expect((await download()).statusCode).toBe(200);
    await setRolePerms(t.db.db, role, [PERM.feedbackList]);
    const refused = await download();
    expect(JSON.parse(refused.body).meta.code).toBe(Code.FORBIDDEN);
    // Given back, the file is theirs again.
    await setRolePerms(t.db.db, role, [PERM.auditList]);
    expect((await download()).statusCode).toBe(200);
  });

  // Last in this block: the entries it adds would show in the filtered lists above.
  it('stores a job workbook larger than the upload check reads (64 KB) and downloads it whole', async () => {
    await seedDemoAudit(t.db.db, 4000);
    const { jobId, job } = await auditLogJob(t, 'en-US');
    expect(job.data).toMatchObject({ status: 'done', errorCode: null });
    expect(job.data.done).toBeGreaterThanOrEqual(4000);
    const res = await jobFile(t, jobId, t.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    // The streamed workbook names [Content_Types].xml past the first 64 KB (what the upload check reads).
    expect(res.rawPayload.length).toBeGreaterThan(64 * 1024);
    expect(res.rawPayload.subarray(0, 64 * 1024).includes('[Content_Types].xml')).toBe(false);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rowCount).toBe(job.data.done + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Time');
  });
});

describe('export of a list whose count stops at a cap', () => {
  const t = useTestApp({
    signIn: true,
    env: { DELIVERY_WORKER: 'off', EXPORT_DIRECT_MAX_ROWS: '10', AUDIT_COUNT_CAP: '3' },
  });

  it('runs the operation log as a job when its total is a capped floor under the direct limit', async () => {
    await seedDemoAudit(t.db.db, 30);
    const list = await t.get<AuditPage>('/admin/v1/sys/auditLogs', { pageSize: 1 }, { token: t.admin.token });
    expect(list.data.totalCapped).toBe(true);
    expect(list.data.total).toBeLessThanOrEqual(10);
    // Not streamed in the request either.
    const { job } = await auditLogJob(t);
    expect(job.data.status).toBe('done');
    expect(job.data.done).toBeGreaterThanOrEqual(30);
  });

  it("pages a job by its own page numbers whatever seek cursor the screen's filters carried", async () => {
    await seedDemoAudit(t.db.db, 700);
    const to = Date.now() + 1;
    const start = await exportCalls(t).start('auditLog', { to, cursor: farCursor() });
    expect(start.data.jobId).not.toBeNull();
    const entries = await auditCount(t, to);
    expect(entries).toBeGreaterThan(500);
    await t.app.jobs.runOnce();
    const job = await jobStatus(t, start.data.jobId!, t.admin.token);
    expect(job.data).toMatchObject({ status: 'done', done: entries });
    const sheet = await readSheet((await jobFile(t, start.data.jobId!, t.admin.token)).rawPayload);
    expect(sheet.rowCount).toBe(entries + 1);
    // Not one page written again and again.
    expect(distinctRows(sheet)).toBeGreaterThan(EXPORT_PAGE);
  });
});

describe("export of the operation log with the screen's seek cursor in its filters", () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });

  it('downloads every entry once: the cursor is a paging field, dropped as the page number is', async () => {
    await seedDemoAudit(t.db.db, 700);
    const to = Date.now() + 1;
    const entries = await auditCount(t, to);
    expect(entries).toBeGreaterThan(500);
    // A cursor after the newest entry: by seek, every page of the list would be its first 500 entries.
    const res = await exportCalls(t).file({
      list: 'auditLog',
      filters: JSON.stringify({ to, cursor: farCursor() }),
      locale: 'en-US',
    });
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rowCount).toBe(entries + 1);
    // Not one page written again and again.
    expect(distinctRows(sheet)).toBeGreaterThan(EXPORT_PAGE);
  });
});

describe("the export's paging", () => {
  engineFree.it(
    'fails an export whose list call answers the same full page again rather than write it for ever',
    async () => {
      const exports = createExportService({
        jobs: { register: () => undefined, enqueue: () => Promise.reject(new Error('no job expected')) },
        permsOf: () => Promise.resolve([]),
        settings: { directMaxRows: 10_000 },
      });
      const list = Array.from({ length: EXPORT_PAGE }, (_, i) => ({ n: i }));
      let pages = 0;
      exports.register<Record<string, never>, { n: number }>({
        list: 'stuck',
        perm: 'stuck:list',
        sheet: { 'zh-TW': 's', 'zh-CN': 's', 'en-US': 's' },
        query: z.object({}),
        page: (_q, _c, pageNum, pageSize) => (
          pages++,
          Promise.resolve({ list, total: 2 * EXPORT_PAGE, pageNum, pageSize })
        ),
        columns: [column.plain('n', { 'zh-TW': 'n', 'zh-CN': 'n', 'en-US': 'n' })],
      });
      const caller = { id: 1, perms: new Set(['stuck:list']) };
      const { stream } = await exports.file({ list: 'stuck', filters: '{}' }, caller, 'en-US');
      await expect(pipeline(stream, new Writable({ write: (_c, _e, cb) => cb() }))).rejects.toThrow(/repeats page 1/);
      // The count, then two pages.
      expect(pages).toBe(3);
    },
  );
});

describe('the streaming workbook', () => {
  type R = { n: number; text: string; at: number; minor: number };
  const columns: ExportColumn<R>[] = [
    { key: 'n', header: { 'zh-TW': '序', 'zh-CN': '序', 'en-US': 'No.' }, value: (r) => r.n },
    { key: 'text', header: { 'zh-TW': '文字', 'zh-CN': '文字', 'en-US': 'Text' }, value: (r) => r.text },
    { key: 'at', header: { 'zh-TW': '時間', 'zh-CN': '时间', 'en-US': 'Time' }, value: (r) => ({ date: r.at }) },
    {
      key: 'amount',
      header: { 'zh-TW': '金額', 'zh-CN': '金额', 'en-US': 'Amount' },
      value: (r) => ({ minor: r.minor, currency: 'TWD' }),
    },
  ];
  // Pages of rows as a list's page call gives them.
  async function* rows(count: number, texts: string[] = []) {
    for (let page = 0; page * 500 < count; page++) {
      const list = Array.from({ length: Math.min(500, count - page * 500) }, (_, i) => {
        const n = page * 500 + i + 1;
        return {
          n,
          text: texts[n - 1] ?? `student ${n} ${'x'.repeat(40)}`,
          at: Date.UTC(2026, 0, 1) + n * 1000,
          minor: n * 12345,
        };
      });
      await new Promise((r) => setImmediate(r));
      yield* list;
    }
  }

  it('neutralises formulas, and formats money and dates', async () => {
    const chunks: Buffer[] = [];
    await pipeline(
      writeWorkbook('Sheet', columns, rows(5, ['=1+1', '+SUM(A1)', '-2', '@cmd', 'plain']), 'en-US'),
      new Writable({ write: (c: Buffer, _e, cb) => (chunks.push(c), cb()) }),
    );
    const sheet = await readSheet(Buffer.concat(chunks));
    expect([2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(2).value)).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2",
      "'@cmd",
      'plain',
    ]);
    expect(sheet.getRow(2).getCell(4).value).toBe(123.45);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('"TWD" #,##0.00;"TWD" -#,##0.00');
    expect(sheet.getRow(2).getCell(3).value).toEqual(new Date(Date.UTC(2026, 0, 1) + 1000));
  });

  it('neutralises the full-width and small forms of a formula start, and a day column holding other text', async () => {
    type D = { text: string; day: string | null };
    const dayColumns: ExportColumn<D>[] = [
      column.plain('text', { 'zh-TW': '文字', 'zh-CN': '文字', 'en-US': 'Text' }),
      column.day('day', { 'zh-TW': '日期', 'zh-CN': '日期', 'en-US': 'Day' }),
    ];
    const texts = ['＝1+1', '＋SUM(A1)', '－2', '＠cmd', '﹦1', '﹫cmd', '全形＝', '2026-03-01'];
    async function* dayRows() {
      for (const text of texts) yield { text, day: text };
      yield { text: 'none', day: null };
    }
    const chunks: Buffer[] = [];
    await pipeline(
      writeWorkbook('Sheet', dayColumns, dayRows(), 'en-US'),
      new Writable({ write: (c: Buffer, _e, cb) => (chunks.push(c), cb()) }),
    );
    const sheet = await readSheet(Buffer.concat(chunks));
    const kept = ["'＝1+1", "'＋SUM(A1)", "'－2", "'＠cmd", "'﹦1", "'﹫cmd", '全形＝'];
    expect(texts.slice(0, 7).map((_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(kept);
    // A day column's value that is not a day is text like any other.
    expect(texts.slice(0, 7).map((_, i) => sheet.getRow(i + 2).getCell(2).value)).toEqual(kept);
    expect(sheet.getRow(9).getCell(2).value).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(sheet.getRow(10).getCell(2).value).toBeNull();
  });

  engineFree.it('writes 100,000 rows in bounded memory', { timeout: 120_000 }, async () => {
    // What the writer keeps alive while it streams: the heap after a full collection, every 25,000 rows (a peak
    // without collections counts garbage not yet collected, which depends on what else the worker ran).
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const base = live();
    let peak = base;
    let bytes = 0;
    async function* sampled() {
      let n = 0;
      for await (const row of rows(100_000)) {
        if (++n % 25_000 === 0) peak = Math.max(peak, live());
        yield row;
      }
    }
    await pipeline(
      writeWorkbook('Sheet', columns, sampled(), 'en-US'),
      new Writable({
        write(c: Buffer, _e, cb) {
          bytes += c.length;
          cb();
        },
      }),
    );
    const growthMb = (peak - base) / 2 ** 20;
    console.log(
      `100,000 rows: ${(bytes / 2 ** 20).toFixed(1)} MiB written, live heap growth ${growthMb.toFixed(0)} MiB`,
    );
    expect(bytes).toBeGreaterThan(2 * 2 ** 20);
    // A writer that kept the sheet would keep every row written so far alive (hundreds of MiB by 100,000 rows).
    expect(growthMb).toBeLessThan(64);
  });
});
