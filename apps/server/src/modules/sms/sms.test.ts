import { monitorEventLoopDelay } from 'node:perf_hooks';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { PERM, type SmsBatch, type SmsUploadResult } from '@study-crm/shared';
import { staffWith } from '../../test/application-fixtures.js';
import { testClock, type TestApp } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { startSmsGateway } from '../../test/sms-gateway-fixture.js';
import { download, recipientFile, sheetRows, SMS, uploadFile } from '../../test/sms-fixtures.js';
import { emptyRowsBomb, workbookOf } from '../../test/xlsx-files.js';
import { auditEntriesOf } from '../../test/audit-log.js';

const SECRET = 'gateway-secret-0123456789';
// A busy gateway answers after 2.5 s, past the 800 ms timeout; a refusal answers at once (well inside it, also on a
// loaded 2-core machine, where 300 ms proved too short on PostgreSQL).
const gw = await startSmsGateway(SECRET, { slowMs: 2500 });
afterAll(() => gw.close());

type Recipient = { recipient: string; status: string; error: string | null; detail: string | null };
type RecipientPage = { list: Recipient[]; total: number };

async function drain(t: TestApp) {
  for (let i = 0; i < 50; i += 1) if ((await t.app.delivery.runOnce()) === 0) return;
}

describe('SMS batches through an HTTP gateway', () => {
  const clock = testClock(Date.now());
  const t = useTestApp({
    signIn: true,
    clock,
    env: {
      DELIVERY_WORKER: 'off',
      DELIVERY_BATCH: '200',
      SMS_GATEWAY_URL: gw.url,
      SMS_GATEWAY_KEY: 'key-1',
      SMS_GATEWAY_SECRET: SECRET,
      SMS_GATEWAY_TIMEOUT_MS: '800',
    },
  });
  const upload = async (rows: (string | number | null)[][], name = 'list.xlsx') =>
    uploadFile<SmsUploadResult>(t, t.admin.token, { name, content: await recipientFile(rows) });
  const push = (id: number, extra: Record<string, string | number> = {}) =>
    t.post<{ id: number; queued: number; sendAt: number }>(
      `${SMS}/batchPush`,
      { id, terminal: 'admin', content: 'Hello {{name}}, see you at {{ course }}.', ...extra },
      { token: t.admin.token },
    );
  const recipients = (id: number, token = t.admin.token) =>
    t.get<RecipientPage>(`${SMS}/recipients`, { id, pageSize: 200 }, { token });

  it('lists pushed batches by terminal and by a part of the text, sender or file name, in either order', async () => {
    const pushed = async (terminal: string, content: string, file: string) => {
      const up = await upload([['0912345678', 'TW', '']], file);
      expect((await push(up.data.id, { terminal, content })).meta.code).toBe(200);
      return up.data.id;
    };
    const a = await pushed('student_app', 'Visa briefing ZQX on Monday', 'cohort-a.xlsx');
    const b = await pushed('student_app', 'Offer day reminder', 'cohort-zqx.xlsx');
    const c = await pushed('student_portal', 'Fees due', 'cohort-c.xlsx');
    type List = { list: SmsBatch[]; total: number };
    const list = async (q: Record<string, string | number>) =>
      (await t.get<List>(`${SMS}/list`, q, { token: t.admin.token })).data;
    const ids = (l: List) => l.list.map((r) => r.id);

    expect(ids(await list({ terminal: 'student_app' }))).toEqual([b, a]);
    expect(ids(await list({ terminal: 'student_app', order: 'asc' }))).toEqual([a, b]);
    expect(ids(await list({ terminal: 'student_portal' }))).toEqual([c]);
    // A part of the text or of the file name, any case; with a terminal too.
    expect(ids(await list({ keyword: 'zqx' }))).toEqual([b, a]);
    expect(ids(await list({ keyword: 'ZQX', terminal: 'student_portal' }))).toEqual([]);
    expect(ids(await list({ keyword: 'fees' }))).toEqual([c]);
    // A full page: its total is counted, not read off the page.
    const first = await list({ terminal: 'student_app', pageSize: 1 });
    expect(first).toMatchObject({ total: 2 });
    expect(ids(first)).toEqual([b]);
    expect(ids(await list({ terminal: 'student_app', pageSize: 1, pageNum: 2 }))).toEqual([a]);
  });

  it('downloads the recipient template as .xlsx with headers in the caller language and an example row', async () => {
    const en = await download(t, t.admin.token, `${SMS}/template`);
    expect(en.headers['content-type']).toContain('spreadsheetml');
    expect(await sheetRows(en.rawPayload)).toEqual([
      ['Mobile', 'Region', 'Variables'],
      ['0912345678', 'TW', 'name=Amy; course=IELTS'],
    ]);
    const zh = await download(t, t.admin.token, `${SMS}/template`, 'zh-TW');
    expect((await sheetRows(zh.rawPayload))[0]).toEqual(['手機號碼', '地區', '變數']);
  });

  it('reads a good file: E.164 numbers, "Data read successfully" with the counts', async () => {
    const res = await uploadFile<SmsUploadResult>(
      t,
      t.admin.token,
      {
        name: 'good.xlsx',
        content: await recipientFile(
          [
            ['0912345678', 'TW', 'name=Amy'],
            ['+44 7911 123456', '', 'name=Ben; course=IELTS'],
            [13800138000, '+86', ''],
          ],
          ['手機號碼', '地區', '變數'],
        ),
      },
      'zh-TW',
    );
    expect(res.meta).toEqual({ code: 200, message: '資料讀取成功：接受 3 筆，拒絕 0 筆' });
    expect(res.data).toMatchObject({ fileName: 'good.xlsx', rows: 3, accepted: 3, rejected: 0, duplicates: 0 });
    const view = await t.get<SmsBatch>(`${SMS}/view`, { id: res.data.id }, { token: t.admin.token });
    expect(view.data).toMatchObject({ status: 'draft', accepted: 3, rejected: 0 });
  });

  it('keeps good rows of a file with bad ones and offers the rejected rows as .xlsx with the reason', async () => {
    const res = await upload([
      ['0912345678', 'TW', 'name=Amy'],
      ['12345', 'TW', ''],
      ['0223456789', 'TW', ''],
      ['', 'TW', 'name=Nobody'],
      ['0912 345 678', 'tw', 'name=Again'],
      ['0987654321', 'XX', ''],
      ['0987654321', 'TW', 'not variables'],
      ['+85291234567', '', ''],
    ]);
    expect(res.meta.message).toBe('Data read successfully: 2 accepted, 6 rejected');
    expect(res.data).toMatchObject({ rows: 8, accepted: 2, rejected: 6, duplicates: 1 });
    const file = await download(t, t.admin.token, `${SMS}/rejected?id=${res.data.id}`);
    expect(file.headers['content-disposition']).toContain('list-rejected.xlsx');
    expect(await sheetRows(file.rawPayload)).toEqual([
      ['Row', 'Mobile', 'Region', 'Variables', 'Reason'],
      ['3', '12345', 'TW', '', 'Not a valid mobile number for its region'],
      ['4', '0223456789', 'TW', '', 'Not a valid mobile number for its region'],
      ['5', '', 'TW', 'name=Nobody', 'The mobile number is empty'],
      ['6', '0912 345 678', 'tw', 'name=Again', 'Duplicate of the number on row 2'],
      ['7', '0987654321', 'XX', '', 'The region is not valid (an ISO code such as TW, or a calling code such as +886)'],
      ['8', '0987654321', 'TW', 'not variables', 'The variables are not valid (for example name=Amy; course=IELTS)'],
    ]);
  });

  it('refuses a file that is not .xlsx by name or by content, naming it; an empty or unreadable one', async () => {
    const csv = await uploadFile(t, t.admin.token, {
      name: 'list.xlsx',
      content: Buffer.from('Mobile,Region\n0912345678,TW\n'),
    });
    expect(csv.meta).toEqual({
      code: 7101,
      message: 'File type error: "list.xlsx" is not an Excel file; an .xlsx file must be chosen',
    });
    const named = await uploadFile(t, t.admin.token, {
      name: 'list.csv',
      content: await recipientFile([['0912345678', 'TW']]),
    });
    expect(named.meta.code).toBe(7101);
    const nul = await uploadFile(t, t.admin.token, { name: 'a\u0000b.csv', content: Buffer.from('x') });
    expect(nul.meta.code).toBe(7101);
    expect(nul.meta.message).not.toContain('\u0000');
    expect(named.meta.message).toContain('"list.csv"');
    const empty = await uploadFile(t, t.admin.token, { name: 'empty.xlsx', content: Buffer.alloc(0) });
    expect(empty.meta).toEqual({ code: 7104, message: 'Recipient list cannot be empty' });
    expect((await uploadFile(t, t.admin.token, undefined)).meta.code).toBe(7104);
    expect((await upload([])).meta.code).toBe(7104);
    const good = await recipientFile([['0912345678', 'TW']]);
    // A zip that claims to be a workbook but is cut short.
    const broken = await uploadFile(t, t.admin.token, {
      name: 'cut.xlsx',
      content: good.subarray(0, good.length - 200),
    });
    expect(broken.meta).toEqual({ code: 7102, message: 'File read error' });
    // The caller sees the code; the log keeps why the file could not be read.
    const refusal = t.logs
      .map((l) => JSON.parse(l) as { msg?: string; code?: number; err?: unknown })
      .findLast((l) => l.msg === 'refused; the cause');
    expect(refusal?.code).toBe(7102);
    expect(refusal?.err).toBeTruthy();
    const columns = await uploadFile(t, t.admin.token, {
      name: 'cols.xlsx',
      content: await recipientFile([['Amy', '0912345678']], ['Name', 'Phone']),
    });
    expect(columns.meta.code).toBe(7103);
    expect(columns.meta.message).toBe(
      'File format error: the first row must hold the template columns (Mobile, Region, Variables)',
    );
  });

  it('queues one outbox row per recipient, sends them through the gateway and shows each status', async () => {
    const up = await upload([
      ['0912345678', 'TW', 'name=Amy; course=IELTS'],
      ['0912340000', 'TW', 'name=Refused'],
      ['0912345555', 'TW', 'name=Busy'],
    ]);
    const res = await push(up.data.id, { sender: 'StudyCRM' });
    expect(res.meta).toEqual({ code: 200, message: 'Batch SMS sent successfully (3 queued)' });
    expect(res.data.queued).toBe(3);
    const before = await t.get<{ list: SmsBatch[] }>(`${SMS}/list`, {}, { token: t.admin.token });
    expect(before.data.list[0]).toMatchObject({ id: up.data.id, status: 'queued', counts: { queued: 3, sent: 0 } });
    await drain(t);
    expect(gw.received).toContainEqual({
      to: '+886912345678',
      content: 'Hello Amy, see you at IELTS.',
      from: 'StudyCRM',
      key: 'key-1',
    });
    const rows = (await recipients(up.data.id)).data.list;
    expect(rows.map((r) => [r.recipient, r.status])).toEqual([
      ['+886912345678', 'sent'],
      ['+886912340000', 'failed'],
      ['+886912345555', 'queued'],
    ]);
    expect(rows[1]).toMatchObject({
      error: 'The SMS gateway refused this number or content',
      detail: '400 INVALID_NUMBER: number refused',
    });
    expect(rows[2]!.error).toBe('The SMS gateway is unavailable for now; sending will be retried');
    const after = await t.get<SmsBatch>(`${SMS}/view`, { id: up.data.id }, { token: t.admin.token });
    expect(after.data.counts).toEqual({ queued: 1, sending: 0, sent: 1, failed: 1 });
    // A batch goes out once.
    expect((await push(up.data.id)).meta.code).toBe(7106);
  });

  it('sends a scheduled batch at its time, not before', async () => {
    const up = await upload([['0911111111', 'TW', 'name=Later']]);
    const at = clock.now() + 3_600_000;
    expect((await push(up.data.id, { sendAt: at })).data.sendAt).toBe(at);
    await drain(t);
    expect((await recipients(up.data.id)).data.list[0]!.status).toBe('queued');
    clock.advance(3_599_000);
    await drain(t);
    expect((await recipients(up.data.id)).data.list[0]!.status).toBe('queued');
    clock.advance(1000);
    await drain(t);
    expect((await recipients(up.data.id)).data.list[0]!.status).toBe('sent');
    expect(gw.received).toContainEqual(
      expect.objectContaining({ to: '+886911111111', content: 'Hello Later, see you at .' }),
    );
  });

  it('removes drafts never sent after a day, with their rows, and keeps sent batches', async () => {
    const draft = await upload([['0955555555', 'TW', '']]);
    const sent = await upload([['0966666666', 'TW', '']]);
    await push(sent.data.id);
    // Both read a day ago (moving the clock would end the session instead).
    await t.db.db
      .updateTable('smsBatch')
      .set({ createdAt: clock.now() - 86_400_001 })
      .where('id', 'in', [draft.data.id, sent.data.id])
      .execute();
    expect(await t.app.sms.sweepDrafts()).toBe(1);
    expect((await t.get(`${SMS}/view`, { id: draft.data.id }, { token: t.admin.token })).meta.code).toBe(404);
    expect((await t.get(`${SMS}/view`, { id: sent.data.id }, { token: t.admin.token })).meta.code).toBe(200);
    const left = await t.db.db.selectFrom('smsRecipient').select('id').where('batchId', '=', draft.data.id).execute();
    expect(left).toEqual([]);
  });

  // Issue 38: an upload is written in chunks into an 'importing' batch that only its last step makes a draft.
  it('keeps a batch still being written out of sight, and sweeps one a stopped server left behind', async () => {
    const up = await upload([['0977777777', 'TW', '']]);
    expect(up.meta.code).toBe(200);
    const audit = await auditEntriesOf(t.db.db, 'sms', 'add')
      .select(['module', 'action', 'recordId'])
      .where('recordId', '=', up.data.id)
      .execute();
    expect(audit).toEqual([{ module: 'sms', action: 'add', recordId: up.data.id }]);
    await t.db.db.updateTable('smsBatch').set({ status: 'importing' }).where('id', '=', up.data.id).execute();
    expect((await t.get(`${SMS}/view`, { id: up.data.id }, { token: t.admin.token })).meta.code).toBe(404);
    expect((await push(up.data.id)).meta.code).toBe(404);
    await t.db.db
      .updateTable('smsBatch')
      .set({ createdAt: clock.now() - 86_400_001 })
      .where('id', '=', up.data.id)
      .execute();
    expect(await t.app.sms.sweepDrafts()).toBeGreaterThanOrEqual(1);
    expect(await t.db.db.selectFrom('smsBatch').select('id').where('id', '=', up.data.id).execute()).toEqual([]);
  });

  it('queues a batch once when two pushes race', async () => {
    const up = await upload([
      ['0922222222', 'TW', ''],
      ['0933333333', 'TW', ''],
    ]);
    const results = await Promise.all([push(up.data.id), push(up.data.id), push(up.data.id)]);
    expect(results.map((r) => r.meta.code).sort()).toEqual([200, 7106, 7106]);
    expect((await recipients(up.data.id)).data.total).toBe(2);
  });

  it('answers 400 naming the field for a missing or unknown terminal, empty content or a past time', async () => {
    const up = await upload([['0944444444', 'TW', '']]);
    // (A CI run once had this upload refused, data null; its code and message say why if it happens again.)
    expect(up.meta.code, JSON.stringify(up.meta)).toBe(200);
    const missing = await push(up.data.id, { terminal: '' });
    expect(missing.meta.code).toBe(400);
    expect(missing.meta.message).toContain('terminal');
    expect((await push(up.data.id, { terminal: 'fax' })).meta.message).toContain('terminal');
    expect((await push(up.data.id, { content: '' })).meta.message).toContain('content');
    expect((await push(up.data.id, { sendAt: clock.now() - 86_400_000 })).meta.message).toContain('sendAt');
    expect((await push(999_999)).meta.code).toBe(404);
    // Nothing was queued by the refused pushes.
    expect((await recipients(up.data.id)).data.total).toBe(0);
  });

  it('sends one text for another module through the outbox (queueText)', async () => {
    const { id } = await t.app.sms.queueText({
      to: '+886955555551',
      content: 'Your code is 123456',
      purpose: 'verify',
    });
    expect(id).toBeGreaterThan(0);
    await drain(t);
    expect(gw.received).toContainEqual(
      expect.objectContaining({ to: '+886955555551', content: 'Your code is 123456' }),
    );
    await expect(t.app.sms.queueText({ to: '0912345678', content: 'x', purpose: 'verify' })).rejects.toThrow();
  });

  it('refuses callers without a session or the permission of each call', async () => {
    expect((await t.get(`${SMS}/list`)).meta.code).toBe(401);
    await staffWith(t, 'smsviewer', [PERM.smsList]);
    const { token } = await t.login('smsviewer', 'Staff#2026pass');
    expect((await t.get(`${SMS}/list`, {}, { token })).meta.code).toBe(200);
    expect((await uploadFile(t, token, { name: 'a.xlsx', content: await recipientFile([]) })).meta.code).toBe(403);
    expect((await t.post(`${SMS}/batchPush`, { id: 1, terminal: 'admin', content: 'x' }, { token })).meta.code).toBe(
      403,
    );
    expect((await download(t, token, `${SMS}/template`)).json()).toMatchObject({ meta: { code: 403 } });
  });
  // How long it takes is measured by npm run bench (real HTTP), never asserted here.
  it('reads, validates and queues a 20,000-row file', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`09${String(10_000_000 + i).slice(0, 8)}`, 'TW', `n=${i}`]);
    const content = await recipientFile(rows);
    const started = performance.now();
    const up = await uploadFile<SmsUploadResult>(t, t.admin.token, { name: 'big.xlsx', content });
    const pushed = await push(up.data.id);
    const ms = performance.now() - started;
    console.info(`20,000-row file read, validated and queued in ${Math.round(ms)} ms`);
    expect(up.data).toMatchObject({ rows: 20_000, accepted: 20_000, rejected: 0 });
    expect(pushed.data.queued).toBe(20_000);
    expect((await recipients(up.data.id)).data.total).toBe(20_000);
    // Bounded generously: the read runs in a worker thread that a loaded machine may start slowly.
  }, 120_000);
});

describe('SMS texts beside a large batch', () => {
  const t = useTestApp({
    signIn: true,
    env: {
      DELIVERY_WORKER: 'off',
      DELIVERY_BATCH: '4',
      SMS_GATEWAY_URL: gw.url,
      SMS_GATEWAY_KEY: 'key-1',
      SMS_GATEWAY_SECRET: SECRET,
    },
  });

  it('sends a code queued after a batch in the first pass, not behind the batch (decision 364)', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`09123${String(20_001 + i)}`, 'TW', '']);
    const up = await uploadFile<SmsUploadResult>(t, t.admin.token, {
      name: 'l.xlsx',
      content: await recipientFile(rows),
    });
    const pushed = await t.post<{ queued: number }>(
      `${SMS}/batchPush`,
      { id: up.data.id, terminal: 'admin', content: 'News' },
      { token: t.admin.token },
    );
    expect(pushed.data.queued).toBe(12);
    await t.app.sms.queueText({ to: '+886955555552', content: 'Your code is 654321', purpose: 'verify' });
    const before = gw.received.length;
    const started = await t.app.delivery.runOnce();
    const first = gw.received.slice(before);
    expect(first.map((r) => r.content)).toContain('Your code is 654321');
    // An SMS lane is half the batch wide: 2 of the batch and the code.
    expect(started).toBe(3);
    expect(first.filter((r) => r.content === 'News')).toHaveLength(2);
  });
});

describe('SMS without a gateway', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });

  it('says so at start-up and in the gateway answer, and records every message as not delivered', async () => {
    expect(t.logs.join('')).toContain('no SMS gateway configured');
    const gateway = await t.get(`${SMS}/gateway`, {}, { token: t.admin.token });
    expect(gateway.data).toEqual({ isConfigured: false, provider: 'none' });
    const up = await uploadFile<SmsUploadResult>(t, t.admin.token, {
      name: 'x.xlsx',
      content: await recipientFile([['0912345678', 'TW', '']]),
    });
    await t.post(`${SMS}/batchPush`, { id: up.data.id, terminal: 'admin', content: 'hi' }, { token: t.admin.token });
    await drain(t);
    const rows = await t.get<RecipientPage>(`${SMS}/recipients`, { id: up.data.id }, { token: t.admin.token });
    expect(rows.data.list[0]).toMatchObject({
      status: 'failed',
      error: 'Not delivered: no SMS gateway configured',
      detail: 'not delivered: no SMS gateway configured',
    });
    const list = await t.get<{ list: SmsBatch[] }>(`${SMS}/list`, {}, { token: t.admin.token });
    expect(list.data.list[0]!.counts).toEqual({ queued: 0, sending: 0, sent: 0, failed: 1 });
  });
});

// Issue 38: a workbook that inflates is refused at once, read off the request thread, and formulas are text.
describe('SMS recipient files that cost more than they show', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });

  it('refuses a zip bomb (honest or lying directory) with 7102 / 7105 in seconds, not half a minute', async () => {
    // The old reader took 35 s for the first. The second starts a worker, which under the test runner compiles its
    // TypeScript first (tsx): on a machine shared by a dozen jobs that alone took seconds, hence its wider bound.
    for (const [name, content, code, bound] of [
      ['bomb.xlsx', emptyRowsBomb(140), 7102, 5000],
      ['lying.xlsx', emptyRowsBomb(40, { declared: 4000 }), 7105, 15_000],
    ] as const) {
      const started = performance.now();
      const res = await uploadFile(t, t.admin.token, { name, content });
      const ms = Math.round(performance.now() - started);
      console.info(`${name} (${content.length} bytes) refused in ${ms} ms`);
      expect(res.meta.code).toBe(code);
      expect(ms).toBeLessThan(bound);
    }
  }, 120_000);

  it('stores what formula cells showed, as text; a HYPERLINK or DDE command is never a formula again', async () => {
    const rows =
      '<row r="2"><c r="A2" t="str"><f>HYPERLINK("http://evil.example","0912345678")</f><v>0912345678</v></c>' +
      '<c r="B2" t="inlineStr"><is><t>TW</t></is></c><c r="C2" t="inlineStr"><is><t>name=Amy</t></is></c></row>' +
      '<row r="3"><c r="A3" t="inlineStr"><is><t>=cmd|\' /C calc\'!A0</t></is></c>' +
      '<c r="B3" t="str"><f>"T"&amp;"W"</f><v>TW</v></c><c r="C3" t="e"><f>cmd|\' /C calc\'!A0</f><v>#REF!</v></c></row>' +
      '<row r="4"><c r="A4" t="inlineStr"><is><t>＠SUM(1)</t></is></c><c r="B4" t="inlineStr"><is><t>TW</t></is></c></row>';
    const up = await uploadFile<SmsUploadResult>(t, t.admin.token, { name: 'f.xlsx', content: workbookOf(rows) });
    expect(up.data).toMatchObject({ rows: 3, accepted: 1, rejected: 2 });
    const file = await download(t, t.admin.token, `${SMS}/rejected?id=${up.data.id}`);
    // A text that would start a formula keeps a leading apostrophe (the exports' neutralise), a full-width ＠ too.
    const rejected = await sheetRows(file.rawPayload);
    expect(rejected[1]!.slice(1, 4)).toEqual(["'=cmd|' /C calc'!A0", 'TW', '']);
    expect(rejected[2]!.slice(1, 3)).toEqual(["'＠SUM(1)", 'TW']);
    // The rejected file holds the text as a string cell: no <f> element anywhere.
    const zip = await JSZip.loadAsync(file.rawPayload);
    expect(await zip.file('xl/worksheets/sheet1.xml')!.async('string')).not.toContain('<f>');
  });

  // Every other call waits while the server's one thread is held. The old reader parsed a bomb's XML 16 MB at a time,
  // holding it for seconds on end; now the thread is held for no more than a moment while a bomb is refused. During
  // a 50,000-row file the longest hold is logged, not asserted (a major garbage collection on a loaded machine can
  // take a second); what is asserted is that another call answers before the upload does.
  it('answers other calls while a file is read: a bomb never holds the event loop for a second', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => [`09${String(10_000_000 + i).slice(0, 8)}`, 'TW', `n=${i}`]);
    const [bomb, content] = [emptyRowsBomb(40, { declared: 4000 }), await recipientFile(rows)];
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    expect((await uploadFile(t, t.admin.token, { name: 'lying.xlsx', content: bomb })).meta.code).toBe(7105);
    const heldByBomb = Math.round(loop.max / 1e6);
    let uploadDone = 0;
    const upload = uploadFile<SmsUploadResult>(t, t.admin.token, { name: 'big.xlsx', content }).then((r) => {
      uploadDone = performance.now();
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const asked = performance.now();
    const other = await t.get(`${SMS}/gateway`, {}, { token: t.admin.token });
    const answered = performance.now();
    const up = await upload;
    loop.disable();
    const held = Math.round(loop.max / 1e6);
    console.info(
      `gateway answered in ${Math.round(answered - asked)} ms, the upload took ${Math.round(uploadDone - asked + 100)} ms; ` +
        `the event loop was held at most ${heldByBomb} ms while the bomb was refused, ${held} ms in all`,
    );
    expect(other.meta.code).toBe(200);
    expect(up.data.accepted).toBe(50_000);
    expect(answered).toBeLessThan(uploadDone);
    expect(heldByBomb).toBeLessThan(1000);
  }, 300_000);
});
