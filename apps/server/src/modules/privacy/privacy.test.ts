import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  daysBetween,
  PERM,
  ukDay,
  addDays,
  type ApplicationSaved,
  type BackgroundJob,
  type DataRequest,
  type FileRecord,
  type Page,
} from '@study-crm/shared';
import { BASE, fullForm, PDF_MINI, saveVisaStep, staffWith } from '../../test/application-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { testClock, type Values } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { jobFile, jobStatus } from '../../test/job-fixtures.js';
import { noticeRow } from '../../test/rows.js';
import { AppError } from '../../http/errors.js';
import { createAuditPersonalData, createAuditRetention } from '../audit/index.js';
import { createFileStorage } from '../files/index.js';
import { dueDateOf } from './index.js';

const PRIV = '/admin/v1/privacy';
const DAY = 86_400_000;

// The other member's values: none may appear anywhere in the subject's archive.
const OTHER = {
  name: '李大同',
  engLastName: 'Otherperson',
  engFirstName: 'Bobby',
  email: 'bobby.other@example.org',
  mobile: '955000111',
  passportNo: 'OTHERPASS99',
  payment: 'Other-only deposit',
  sms: 'Hello Bobby secret-sms-for-other',
};
const SECRETS = ['MNEMONIC-CIPHERTEXT-XYZ', 'PRIVATE-KEY-CIPHERTEXT-XYZ', 'WRAPPED-KEY-XYZ', 'TOTP-SECRET-CIPHERTEXT'];

describe('subject access (issue 41)', () => {
  const clock = testClock(Date.UTC(2026, 10, 22, 9, 0, 0));
  // The export jobs run when the test says (the worker's pass with the test clock).
  const t = useTestApp({ signIn: true, clock, env: { DELIVERY_WORKER: 'off' } });
  let alice: number;
  let bob: number;
  let aliceApp: number;

  const exportOf = async (subjectId: number, token = t.admin.token) => {
    const res = await t.post<BackgroundJob>(`${PRIV}/export/add`, { subjectId }, { token });
    return res;
  };
  // The export is a background job: its archive through the jobs module's download.
  const download = (id: number, token: string | null = t.admin.token) => jobFile(t, id, token);
  const status = (id: number, token = t.admin.token) => jobStatus(t, id, token);

  beforeAll(async () => {
    const db = t.db.db;
    const a = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({
        name: '張愛麗',
        engLastName: 'Subject',
        engFirstName: 'Alice',
        email: 'alice.subject@example.com',
        mobile: '912000333',
        passportNo: 'ALICEPASS1',
      }),
      t.admin,
    );
    aliceApp = a.data.id;
    alice = a.data.studentId!;
    const b = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ ...OTHER, referrers: '[]' }), t.admin);
    bob = b.data.studentId!;
    expect(alice).toBeGreaterThan(0);
    expect(bob).toBeGreaterThan(0);
    // Sections: a follow-up, a file, payments, texts, a notice, feedback, a wallet, two-factor, an audit entry.
    expect(
      (
        await t.post(
          '/api/v1/mc/followUp/add',
          { applicationId: aliceApp, service: 'visa', internalNote: 'call her' },
          t.admin,
        )
      ).meta.code,
    ).toBe(200);
    // A visa step with its CAS number and remarks.
    const step = await saveVisaStep(
      t,
      aliceApp,
      'casIssued',
      { status: 'done', date: '2026-11-10', casNumber: 'ALICECAS000001', remarks: 'Alice visa remark' },
      t.admin,
    );
    expect(step.meta.code, step.meta.message).toBe(200);
    const file = await t.upload<FileRecord>(
      `${BASE}/uploadFile`,
      { applicationId: String(aliceApp), title: 'alice passport', type: 'passport' },
      { name: 'passport.pdf', content: PDF_MINI },
      { token: t.admin.token },
    );
    expect(file.meta.code).toBe(200);
    for (const [applicationId, title] of [
      [aliceApp, 'Alice tuition'],
      [b.data.id, OTHER.payment],
    ] as const)
      expect(
        (
          await t.post(
            '/api/v1/mc/paymentRecord/create',
            {
              applicationId,
              title,
              type: 'collection',
              transactionDate: '2026-11-20',
              amount: '1200.50',
              currency: 'GBP',
              transferMethod: 'bank_transfer',
            },
            t.admin,
          )
        ).meta.code,
      ).toBe(200);
    await t.app.sms.queueText({ to: '+886912000333', content: 'Hello Alice your visa', purpose: 'test' });
    await t.app.sms.queueText({ to: '+886955000111', content: OTHER.sms, purpose: 'test' });
    const now = clock.now();
    await db
      .insertInto('memberNotice')
      .values([noticeRow(alice, 'Alice notice', 'for alice', now), noticeRow(bob, 'Bobby notice', OTHER.email, now)])
      .execute();
    const fb = await db
      .insertInto('feedback')
      .values({
        memberId: alice,
        name: 'Alice',
        email: 'alice.subject@example.com',
        areaCode: null,
        mobile: null,
        content: 'Alice asks',
        locale: 'en-US',
        status: 'answered',
        repliedAt: now,
        repliedBy: null,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('feedbackReply')
      .values({ feedbackId: fb.id, authorId: null, content: 'Reply to Alice', emailId: null, createdAt: now })
      .execute();
    await db
      .insertInto('feedback')
      .values({
        memberId: bob,
        name: OTHER.engFirstName,
        email: OTHER.email,
        areaCode: null,
        mobile: null,
        content: 'Bobby asks',
        locale: 'en-US',
        status: 'open',
        repliedAt: null,
        repliedBy: null,
        createdAt: now,
      })
      .execute();
    await db
      .insertInto('memberWallet')
      .values({
        memberId: alice,
        chain: 'eth',
        address: '0xALICEADDRESS',
        publicKey: '0xALICEPUB',
        derivationPath: "m/44'/60'/0'/0/0",
        wrappedKey: SECRETS[2]!,
        mnemonicEnc: SECRETS[0]!,
        privateKeyEnc: SECRETS[1]!,
        checkPositions: null,
        activatedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('memberTwoFactor')
      .values({
        memberId: alice,
        secretEnc: SECRETS[3]!,
        enabledAt: now,
        lastStep: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('auditLog')
      .values(
        [alice, bob].map((memberId) => ({
          createdAt: now,
          memberId,
          roleId: null,
          module: 'auth',
          action: 'signIn',
          route: 'POST /x',
          recordType: 'member',
          recordId: memberId,
          recordIds: null,
          ip: '203.0.113.9',
          userAgent: memberId === bob ? OTHER.email : 'alice-browser',
          outcome: 'refused' as const,
          code: 6400,
          durationMs: 1,
          requestId: null,
          changes: null,
        })),
      )
      .execute();
  });

  it('puts every table about the person in the archive and nothing about anyone else, no secrets', async () => {
    const started = await exportOf(alice);
    expect(started.meta.code).toBe(200);
    expect(started.data).toMatchObject({ status: 'queued', kind: 'privacyExport' });
    expect(await t.app.jobs.runOnce()).toBe(1);
    const view = await status(started.data.id);
    expect(view.data).toMatchObject({ status: 'done', fileName: `personal-data-${alice}.zip` });
    expect(view.data.done).toBe(view.data.total);
    // Seven days (decision 161), not the jobs module's default.
    expect(view.data.expiresAt).toBe(clock.now() + 7 * DAY);

    // The link is in the requester's message box: the jobs module's download.
    const box = await t.get<{ message: { list: { title: string; link: string | null }[] } }>(
      '/api/v1/message/box',
      { tab: 'message', pageSize: 50 },
      { token: t.admin.token },
    );
    const message = box.data.message.list.find((m) => m.link === `/api/v1/jobs/download?id=${started.data.id}`);
    // It names the request, not the person (decision 340).
    expect(message?.title).toMatch(/^Personal data export ready: data request #\d+$/);

    const res = await download(started.data.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toEqual(expect.arrayContaining(['data.json', 'summary.html']));
    const data = JSON.parse(await zip.file('data.json')!.async('string')) as {
      subject: { id: number };
      sources: { source: string; rows: Record<string, unknown>[] }[];
      files: { path: string | null }[];
    };
    expect(data.subject.id).toBe(alice);
    const rowsOf = (source: string) => data.sources.find((s) => s.source === source)?.rows ?? [];
    for (const source of [
      'member/member',
      'application/application',
      'application/application_target_school',
      'application/application_education',
      'application/application_job',
      'application/application_language_score',
      'application/application_referrer',
      'application/application_visa_step',
      'application/application_file',
      'follow-up/follow_up',
      'payment/payment_record',
      'payment/payment_track',
      'delivery/delivery_outbox',
      'sms/sms_batch',
      'inbox/member_notice',
      'feedback/feedback',
      'feedback/feedback_reply',
      'wallet/member_wallet',
      'two-factor/member_two_factor',
      'audit/audit_log',
    ])
      expect(rowsOf(source).length, source).toBeGreaterThan(0);
    expect(rowsOf('member/member')[0]).toMatchObject({ id: alice, email: 'alice.subject@example.com' });
    expect(rowsOf('member/member')[0]).not.toHaveProperty('passwordHash');
    expect(rowsOf('payment/payment_record').map((p) => p.title)).toEqual(['Alice tuition']);
    expect(rowsOf('sms/sms_batch').map((p) => p.content)).toEqual(['Hello Alice your visa']);
    expect(rowsOf('delivery/delivery_outbox')[0]).toMatchObject({
      recipient: '+886912000333',
      status: expect.any(String),
    });
    expect(rowsOf('wallet/member_wallet')[0]).toMatchObject({ address: '0xALICEADDRESS' });
    expect(rowsOf('application/application_visa_step')).toEqual([
      expect.objectContaining({ applicationId: aliceApp, casNumber: 'ALICECAS000001', remarks: 'Alice visa remark' }),
    ]);
    // The document itself is in the archive, byte for byte.
    const doc = data.files.find((f) => f.path?.endsWith('.pdf'));
    expect(doc).toBeDefined();
    expect(Buffer.from(await zip.file(doc!.path!)!.async('uint8array')).equals(PDF_MINI)).toBe(true);

    // Nothing about Bobby, and no secret, anywhere in the archive.
    const html = await zip.file('summary.html')!.async('string');
    expect(html).toContain('Alice');
    expect(html).not.toMatch(/<script/i);
    for (const name of names) {
      const text = Buffer.from(await zip.file(name)!.async('uint8array')).toString('latin1');
      const utf8 = Buffer.from(await zip.file(name)!.async('uint8array')).toString('utf8');
      for (const v of [...Object.values(OTHER), ...SECRETS, String(bob) === '0' ? 'x' : OTHER.passportNo]) {
        expect(utf8.includes(v), `${name} holds ${v}`).toBe(false);
        expect(text.includes(v), `${name} holds ${v}`).toBe(false);
      }
    }
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|mnemonicEnc|privateKeyEnc|secretEnc|tokenHash|codeHash/);

    // The download is audited.
    const audited = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'recordId', 'outcome'])
      .where('module', '=', 'jobs')
      .where('action', '=', 'download')
      .execute();
    expect(audited).toEqual([{ action: 'download', recordId: started.data.id, outcome: 'ok' }]);

    // The export answered (and opened) the person's access request.
    const list = await t.get<Page<DataRequest>>(`${PRIV}/request/list`, { subjectId: alice }, { token: t.admin.token });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      kind: 'access',
      status: 'open',
      lastExport: { id: started.data.id, status: 'done' },
    });
  });

  it("gives a staff member's own audit entries without the values of records not theirs", async () => {
    const STUDENT = { name: 'Cordelia Vantablack', passportNo: 'CORDPASS77', addressLine1: '9 Obsidian Row' };
    const editor = await staffWith(t, 'auditeditor', [
      PERM.applicationList,
      PERM.applicationView,
      PERM.applicationAdd,
      PERM.applicationUpdate,
    ]);
    const session = await t.login('auditeditor', 'Staff#2026pass');
    const made = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ ...STUDENT, email: 'cordelia.v@example.com', referrers: '[]' }),
      session,
    );
    expect(made.meta.code, made.meta.message).toBe(200);
    // The log itself holds the student's values (the fact and the values of the edit).
    const entry = await t.db.db
      .selectFrom('auditLog')
      .select(['id', 'changes'])
      .where('memberId', '=', editor)
      .where('module', '=', 'application')
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(entry.changes).toContain(STUDENT.passportNo);

    const started = await exportOf(editor);
    expect(started.meta.code).toBe(200);
    expect(await t.app.jobs.runOnce()).toBe(1);
    const res = await download(started.data.id);
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const data = JSON.parse(await zip.file('data.json')!.async('string')) as {
      sources: { source: string; rows: Record<string, unknown>[] }[];
    };
    const audit = data.sources.find((x) => x.source === 'audit/audit_log')?.rows ?? [];
    // The entry is theirs (what they did, when, from where), without the student's values.
    expect(audit.find((r) => r.id === entry.id)).toMatchObject({
      memberId: editor,
      module: 'application',
      action: 'create',
      recordType: 'application',
      recordId: made.data.id,
      outcome: 'ok',
      changes: null,
    });
    for (const name of Object.keys(zip.files)) {
      const text = Buffer.from(await zip.file(name)!.async('uint8array')).toString('utf8');
      for (const v of Object.values(STUDENT)) expect(text.includes(v), `${name} holds ${v}`).toBe(false);
    }
  });

  it("writes the summary in the requester's language, escaped", async () => {
    await t.db.db
      .updateTable('member')
      .set({ nickName: '<script>alert(1)</script>' })
      .where('id', '=', alice)
      .execute();
    const res = await t.post<BackgroundJob>(
      `${PRIV}/export/add`,
      { subjectId: alice },
      { token: t.admin.token, locale: 'zh-TW' },
    );
    await t.app.jobs.runOnce();
    const zip = await JSZip.loadAsync((await download(res.data.id)).rawPayload);
    const html = await zip.file('summary.html')!.async('string');
    expect(html).toContain('個人資料');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script/i);
  });

  it('refuses without the permission, and a download by someone else', async () => {
    await staffWith(t, 'nopriv', [PERM.privacyList]);
    const nopriv = await t.login('nopriv', 'Staff#2026pass');
    expect((await exportOf(alice, nopriv.token)).meta.code).toBe(403);
    expect(
      (await t.post(`${PRIV}/request/add`, { subjectId: alice, kind: 'erasure' }, { token: nopriv.token })).meta.code,
    ).toBe(403);
    expect((await t.get(`${PRIV}/request/list`, {}, { token: nopriv.token })).meta.code).toBe(200);

    await staffWith(t, 'otherexp', [PERM.privacyExport]);
    const other = await t.login('otherexp', 'Staff#2026pass');
    const mine = await exportOf(alice);
    // Not ready while it waits for the worker.
    expect(JSON.parse((await download(mine.data.id)).body).meta.code).toBe(Code.JOB_NOT_READY);
    await t.app.jobs.runOnce();
    // Only its requester sees it (another member's job is not found).
    const res = await download(mine.data.id, other.token);
    expect(JSON.parse(res.body).meta.code).toBe(Code.NOT_FOUND);
    expect((await status(mine.data.id, other.token)).meta.code).toBe(Code.NOT_FOUND);
    expect(JSON.parse((await download(mine.data.id, null)).body).meta.code).toBe(401);
    // A requester who lost the export permission no longer downloads it, and a job they started runs into a refusal.
    const built = await exportOf(alice, other.token);
    await t.app.jobs.runOnce();
    expect((await download(built.data.id, other.token)).statusCode).toBe(200);
    const waiting = await exportOf(alice, other.token);
    await t.db.db.deleteFrom('memberRole').where('memberId', '=', other.mid).execute();
    expect(JSON.parse((await download(built.data.id, other.token)).body).meta.code).toBe(Code.FORBIDDEN);
    await t.app.jobs.runOnce();
    expect((await status(waiting.data.id, other.token)).data).toMatchObject({
      status: 'failed',
      errorCode: Code.FORBIDDEN,
    });
    expectParamError(await t.post(`${PRIV}/export/add`, { subjectId: 'x' }, { token: t.admin.token }), 'subjectId');
    expectParamError(await t.post(`${PRIV}/export/add`, { subjectId: 99999 }, { token: t.admin.token }), 'subjectId');
  });

  it('expires the link after seven days', async () => {
    const e = await exportOf(alice);
    await t.app.jobs.runOnce();
    expect((await download(e.data.id)).statusCode).toBe(200);
    // Still there after the jobs module's default 72 hours.
    clock.advance(6 * DAY);
    let fresh = await t.login();
    expect((await download(e.data.id, fresh.token)).statusCode).toBe(200);
    clock.advance(DAY + 1);
    // (a fresh session: the first one idled out over the week)
    fresh = await t.login();
    expect(JSON.parse((await download(e.data.id, fresh.token)).body).meta.code).toBe(Code.JOB_EXPIRED);
  });

  it("withdraws an erased person's exports and empties their requests' notes and reminders", async () => {
    const me = await t.login();
    const c = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({
        name: '陳可清',
        engLastName: 'Erasable',
        engFirstName: 'Carol',
        email: 'carol.erasable@example.com',
        mobile: '912000777',
        passportNo: 'CAROLPASS1',
      }),
      me,
    );
    const carol = c.data.studentId!;
    // Her full name, a phone number and an address: none is on her member record as written here.
    const NOTE = 'Carol Erasable phoned from 07700 900461, lives at 4 Quillfeather Lane';
    // Closed, so nothing stands in the way of the erasure.
    expect(
      (await t.post(`${BASE}/updateOther`, { id: c.data.id, version: 1, status: 'withdrawn' }, me)).meta.code,
    ).toBe(200);
    // An access request due in seven days (a reminder to-do names the person), with a note naming them.
    const today = ukDay(clock.now());
    let received = today;
    while (daysBetween(today, dueDateOf(received)) > 7) received = addDays(received, -1);
    const req = await t.post<DataRequest>(
      `${PRIV}/request/add`,
      { subjectId: carol, kind: 'access', receivedDate: received, note: NOTE },
      me,
    );
    expect(req.meta.code).toBe(200);
    // The log's entry of the request holds the note (decision 357).
    const requestEntries = () =>
      t.db.db
        .selectFrom('auditLog')
        .select('changes')
        .where('recordType', '=', 'privacyRequest')
        .where('recordId', '=', req.data.id)
        .execute();
    expect(JSON.stringify(await requestEntries())).toContain('07700 900461');
    await t.app.privacy.remind();
    const todos = () =>
      t.db.db.selectFrom('memberTodo').select('title').where('sourceKind', '=', 'privacyRequest').execute();
    expect(JSON.stringify(await todos())).toContain('Erasable');
    const e = await exportOf(carol, me.token);
    await t.app.jobs.runOnce();
    expect((await download(e.data.id, me.token)).statusCode).toBe(200);
    const job = await t.db.db
      .selectFrom('job')
      .select('storedName')
      .where('id', '=', e.data.id)
      .executeTakeFirstOrThrow();
    const stored = path.join(t.config.dataDir, 'uploads', job.storedName!);
    expect(fs.existsSync(stored)).toBe(true);

    const erased = await t.post<{ filesRemoved: number }>('/admin/v1/sys/privacy/erasure/erase', { id: carol }, me);
    expect(erased.meta.code).toBe(200);
    // The download answers expired, the archive is gone from storage and no job keeps it.
    expect(JSON.parse((await download(e.data.id, me.token)).body).meta.code).toBe(Code.JOB_EXPIRED);
    expect((await status(e.data.id, me.token)).data).toMatchObject({ status: 'done', expiresAt: clock.now() });
    expect(fs.existsSync(stored)).toBe(false);
    expect(
      await t.db.db.selectFrom('job').select('storedName').where('id', '=', e.data.id).executeTakeFirstOrThrow(),
    ).toEqual({ storedName: null });
    // The request stays, its note emptied; the reminder naming them left the assignee's message box.
    expect(
      await t.db.db
        .selectFrom('privacyRequest')
        .select(['note', 'kind'])
        .where('id', '=', req.data.id)
        .executeTakeFirst(),
    ).toEqual({ note: null, kind: 'access' });
    expect(JSON.stringify(await todos())).not.toContain('Erasable');
    // The log's entries of the request keep which fields were set, none of the note.
    const entries = await requestEntries();
    expect(entries.length).toBeGreaterThan(0);
    const logged = JSON.stringify(entries);
    expect(logged).toContain('note');
    for (const v of ['Carol', 'Erasable', '07700 900461', 'Quillfeather']) expect(logged).not.toContain(v);
    // The requester's message names the request, never the person.
    const box = await t.get('/api/v1/message/box', { tab: 'message', pageSize: 50 }, me);
    expect(JSON.stringify(box.data)).toContain(`data request #${req.data.id}`);
    expect(JSON.stringify(box.data)).not.toMatch(/Carol|Erasable/);
  });
});

describe('data requests and their reminders (issue 41)', () => {
  const clock = testClock(Date.UTC(2026, 10, 22, 9, 0, 0));
  const t = useTestApp({ signIn: true, clock });

  it('is due one calendar month after receipt', () => {
    expect(dueDateOf('2026-10-29')).toBe('2026-11-29');
    expect(dueDateOf('2026-01-31')).toBe('2026-02-28');
    expect(dueDateOf('2028-01-31')).toBe('2028-02-29');
    expect(dueDateOf('2026-12-15')).toBe('2027-01-15');
  });

  it('records a request, refuses a second open one, reminds its staff member once a day, and completes', async () => {
    const a = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), t.admin);
    const subjectId = a.data.studentId!;
    const add = (o: Record<string, string | number> = {}) =>
      t.post<DataRequest>(
        `${PRIV}/request/add`,
        { subjectId, kind: 'access', receivedDate: '2026-10-29', ...o },
        t.admin,
      );
    const r = await add();
    expect(r.meta.code).toBe(200);
    expect(r.data).toMatchObject({ dueDate: '2026-11-29', status: 'open', assignee: { id: t.admin.mid } });
    expect((await add()).meta.code).toBe(Code.DATA_REQUEST_OPEN);
    expectParamError(await add({ kind: 'erasure', receivedDate: '2026-13-01' }), 'receivedDate');
    expectParamError(await add({ kind: 'erasure', receivedDate: '2027-01-01' }), 'receivedDate');

    // 2026-11-22 is 7 days before: several servers' runs at once create one reminder.
    const runs = await Promise.all([t.app.privacy.remind(), t.app.privacy.remind(), t.app.privacy.remind()]);
    expect(runs.reduce((n, x) => n + x.created, 0)).toBe(1);
    expect((await t.app.privacy.remind()).created).toBe(0);
    const todos = () =>
      t.db.db
        .selectFrom('memberTodo')
        .select(['memberId', 'title', 'done', 'dueAt'])
        .where('sourceKind', '=', 'privacyRequest')
        .execute();
    expect(await todos()).toHaveLength(1);
    // Due all of its UK day (29 November, winter time: to its last millisecond before 30 November 00:00 UTC).
    expect((await todos())[0]).toMatchObject({ memberId: t.admin.mid, dueAt: Date.UTC(2026, 10, 30) - 1 });
    expect((await todos())[0]!.title).toContain('D-7');
    // Not a reminder day: nothing; 3 days before: the to-do says so.
    clock.advance(DAY);
    expect((await t.app.privacy.remind()).created).toBe(0);
    clock.advance(3 * DAY);
    expect((await t.app.privacy.remind()).created).toBe(1);
    expect((await todos())[0]!.title).toContain('D-3');
    expect(await t.db.db.selectFrom('privacyReminder').select('id').execute()).toHaveLength(2);

    const fresh = await t.login();
    const done = await t.post<DataRequest>(`${PRIV}/request/complete`, { id: r.data.id }, fresh);
    expect(done.data).toMatchObject({ status: 'done' });
    expect(await todos()).toHaveLength(0);
    // A new request of that kind may follow once the first is done.
    expect(
      (await t.post(`${PRIV}/request/add`, { subjectId, kind: 'access', receivedDate: '2026-11-20' }, fresh)).meta.code,
    ).toBe(200);
  });

  it('lists the requests by the people a keyword finds, kind, status and subject, in the order asked', async () => {
    // (The test clock has moved past the first session's idle time: a session of its own.)
    const me = await t.login();
    const person = {
      name: '林列表',
      engLastName: 'Listedperson',
      engFirstName: 'Rita',
      email: 'rita.listed@example.org',
      mobile: '955000222',
      passportNo: 'LISTPASS01',
      referrers: '[]',
    };
    const other = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(person), me);
    expect(other.meta.code, other.meta.message).toBe(200);
    const bob = other.data.studentId!;
    for (const [kind, receivedDate] of [
      ['erasure', '2026-11-02'],
      ['access', '2026-11-01'],
    ])
      expect((await t.post(`${PRIV}/request/add`, { subjectId: bob, kind, receivedDate }, me)).meta.code).toBe(200);
    const list = async (q: Values) => {
      const page = (await t.get<Page<DataRequest>>(`${PRIV}/request/list`, q, me)).data;
      return [page.list.map((r) => `${r.subject.id === bob ? 'bob' : r.subject.id}:${r.kind}`), page.total];
    };
    expect(await list({ keyword: 'listedperson' })).toEqual([['bob:access', 'bob:erasure'], 2]);
    expect(await list({ keyword: 'listedperson', order: 'desc' })).toEqual([['bob:erasure', 'bob:access'], 2]);
    expect(await list({ keyword: 'listedperson', sortField: 'receivedDate', order: 'desc' })).toEqual([
      ['bob:erasure', 'bob:access'],
      2,
    ]);
    expect(await list({ keyword: 'listedperson', kind: 'erasure' })).toEqual([['bob:erasure'], 1]);
    expect(await list({ keyword: 'nobody-is-called-this' })).toEqual([[], 0]);
    expect(await list({ subjectId: bob, status: 'done' })).toEqual([[], 0]);
    expect(await list({ subjectId: bob, status: 'open', pageSize: 1, pageNum: 2 })).toEqual([['bob:erasure'], 2]);
  });

  it('exports for a named request only while it is an open access request of the person (400 naming requestId)', async () => {
    const me = await t.login();
    const app = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({
        name: '王請求',
        engLastName: 'Requestee',
        engFirstName: 'Rhoda',
        email: 'rhoda.requestee@example.org',
        mobile: '955000333',
        passportNo: 'RHODAREQ01',
        referrers: '[]',
      }),
      me,
    );
    expect(app.meta.code, app.meta.message).toBe(200);
    const subjectId = app.data.studentId!;
    const add = (kind: string) => t.post<DataRequest>(`${PRIV}/request/add`, { subjectId, kind }, me);
    const erasure = (await add('erasure')).data;
    const access = (await add('access')).data;
    const exportFor = (requestId: number) =>
      t.post<BackgroundJob>(`${PRIV}/export/add`, { subjectId, requestId }, { ...me, locale: 'en-US' });
    const lastExports = async () =>
      Object.fromEntries(
        (await t.get<Page<DataRequest>>(`${PRIV}/request/list`, { subjectId }, me)).data.list.map((r) => [
          r.id,
          r.lastExport?.id ?? null,
        ]),
      );

    // An erasure request is not answered by an export.
    const refused = await exportFor(erasure.id);
    expectParamError(refused, 'requestId');
    expect(refused.meta.message).toContain('open access request');
    // The open access request is.
    const started = await exportFor(access.id);
    expect(started.meta.code, started.meta.message).toBe(200);
    // Once done, it was answered: a new export needs a new request.
    expect((await t.post(`${PRIV}/request/complete`, { id: access.id }, me)).meta.code).toBe(200);
    expectParamError(await exportFor(access.id), 'requestId');
    expect(await lastExports()).toEqual({ [erasure.id]: null, [access.id]: started.data.id });
  });
});

// Never more than the caller holds (decision 341): the export of a staff member holding a permission, or the built-in
// administrator role, the caller lacks is refused as their erasure is (7954), and nothing is started.
describe('exporting a staff member', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  const exportOf = (subjectId: number, token: string, locale = 'en-US') =>
    t.post<BackgroundJob>(`${PRIV}/export/add`, { subjectId }, { token, locale });
  const startedBy = (memberId: number) =>
    t.db.db
      .selectFrom('job')
      .select('id')
      .where('kind', '=', 'privacyExport')
      .where('memberId', '=', memberId)
      .execute();
  const requestsOf = (subjectId: number) =>
    t.db.db.selectFrom('privacyRequest').select('id').where('subjectId', '=', subjectId).execute();

  it("refuses an administrator's or a higher staff member's export to a caller without their rights (7954)", async () => {
    const exporterId = await staffWith(t, 'exporter', [PERM.privacyExport]);
    const higher = await staffWith(t, 'higher', [PERM.privacyExport, PERM.roleList]);
    const exporter = await t.login('exporter', 'Staff#2026pass');
    const admin = await exportOf(t.admin.mid, exporter.token);
    expect(admin.meta.code).toBe(Code.ERASE_BEYOND_OWN);
    expect(admin.meta.message).toBe(
      'This staff member holds permissions you lack (ROLE_ADMIN); only someone holding them can export their data',
    );
    const other = await exportOf(higher, exporter.token, 'zh-TW');
    expect(other.meta.code).toBe(Code.ERASE_BEYOND_OWN);
    expect(other.meta.message).toContain(PERM.roleList);
    expect(other.meta.message).toContain('匯出');
    expect(await startedBy(exporterId)).toEqual([]);
    expect(await requestsOf(t.admin.mid)).toEqual([]);
    expect(await requestsOf(higher)).toEqual([]);
    // The administrator exports either.
    expect((await exportOf(higher, t.admin.token)).meta.code).toBe(200);
  });

  it('lets the same caller export a student and a staff member holding no more than they do', async () => {
    const exporterId = await staffWith(t, 'exporter2', [PERM.privacyExport, PERM.memberList]);
    const peer = await staffWith(t, 'peer', [PERM.privacyExport]);
    const exporter = await t.login('exporter2', 'Staff#2026pass');
    const made = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ email: 'st.export@example.com' }),
      t.admin,
    );
    const student = made.data.studentId!;
    for (const subjectId of [student, peer]) expect((await exportOf(subjectId, exporter.token)).meta.code).toBe(200);
    await t.app.jobs.runOnce();
    const jobs = await t.db.db
      .selectFrom('job')
      .select('status')
      .where('kind', '=', 'privacyExport')
      .where('memberId', '=', exporterId)
      .execute();
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
    // A subject given more than the requester holds before the job runs is refused when it runs.
    const waiting = await exportOf(peer, exporter.token);
    const role = await t.db.db
      .selectFrom('role')
      .select('id')
      .where('name', '=', 'ROLE_PEER')
      .executeTakeFirstOrThrow();
    const roleList = await t.db.db.selectFrom('permission').select('id').where('perm', '=', PERM.roleList).execute();
    await t.db.db
      .insertInto('rolePermission')
      .values(roleList.map((p) => ({ roleId: role.id, permissionId: p.id })))
      .execute();
    await t.app.jobs.runOnce();
    const status = await jobStatus(t, waiting.data.id, exporter.token);
    expect(status.data).toMatchObject({ status: 'failed', errorCode: Code.ERASE_BEYOND_OWN });
  });
});

// The audit entries of the export (decision 358): a staff member's call about the person comes without the staff
// member's address, browser and request id; entries the retention run moved to the archive files are there too.
describe("the subject access export's audit entries", () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  const STAFF_IP = '198.51.100.77';
  const STAFF_BROWSER = 'StaffBrowser/7.7 (quokka)';
  const STUDENT_IP = '203.0.113.50';
  let student: number;
  type AuditRow = { id: number; memberId: number | null; action: string; ip: unknown; userAgent: unknown };

  const auditOfExport = async (subjectId: number) => {
    const started = await t.post<BackgroundJob>(`${PRIV}/export/add`, { subjectId }, t.admin);
    expect(started.meta.code, started.meta.message).toBe(200);
    expect(await t.app.jobs.runOnce()).toBe(1);
    const res = await jobFile(t, started.data.id, t.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const text = await (await JSZip.loadAsync(res.rawPayload)).file('data.json')!.async('string');
    const data = JSON.parse(text) as { sources: { source: string; rows: Record<string, unknown>[] }[] };
    return { text, rows: (data.sources.find((x) => x.source === 'audit/audit_log')?.rows ?? []) as AuditRow[] };
  };
  const staffEntries = () =>
    t.db.db
      .selectFrom('auditLog')
      .select(['id', 'ip', 'userAgent', 'requestId'])
      .where('memberId', '=', t.admin.mid)
      .where('recordType', '=', 'member')
      .where('recordId', '=', student)
      .where('action', '=', 'updateStatus')
      .execute();

  beforeAll(async () => {
    const made = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ email: 'audit.subject@example.com', referrers: '[]' }),
      t.admin,
    );
    expect(made.meta.code, made.meta.message).toBe(200);
    student = made.data.studentId!;
    // A staff member disables and enables the student's account, from their own address and browser.
    for (const status of ['inactive', 'active'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/mc/member/updateStatus',
            remoteAddress: STAFF_IP,
            headers: {
              ...t.headers({ token: t.admin.token }),
              'user-agent': STAFF_BROWSER,
              'content-type': 'application/x-www-form-urlencoded',
            },
            payload: new URLSearchParams({
              appId: 'student-admin',
              mcId: 'COM',
              id: String(student),
              status,
            }).toString(),
          })
        ).json<{ meta: { code: number } }>().meta.code,
      ).toBe(200);
    // The student's own call (a refused sign-in) from their address.
    await t.db.db
      .insertInto('auditLog')
      .values({
        createdAt: Date.now(),
        memberId: student,
        roleId: null,
        module: 'auth',
        action: 'signIn',
        route: 'POST /x',
        recordType: 'member',
        recordId: student,
        recordIds: null,
        ip: STUDENT_IP,
        userAgent: 'student-browser',
        outcome: 'refused',
        code: 6400,
        durationMs: 1,
        requestId: 'student-request-1',
        changes: null,
      })
      .execute();
  });

  it("gives a staff member's call about the person without the staff member's address, browser or request id", async () => {
    const logged = await staffEntries();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ ip: STAFF_IP, userAgent: STAFF_BROWSER });
    const { text, rows } = await auditOfExport(student);
    for (const e of logged)
      expect(rows.find((r) => r.id === e.id)).toMatchObject({ action: 'updateStatus', ip: null, userAgent: null });
    expect(text).not.toContain(STAFF_IP);
    expect(text).not.toContain(STAFF_BROWSER);
    for (const e of logged) if (e.requestId) expect(text).not.toContain(e.requestId);
    // Their own call keeps where it came from.
    expect(rows.find((r) => r.memberId === student)).toMatchObject({ ip: STUDENT_IP, userAgent: 'student-browser' });
  });

  it('includes the entries the retention run archived, by the same rules, and passes over a file gone', async () => {
    const logged = await staffEntries();
    const storage = createFileStorage(t.config, testClock());
    const now = Date.now();
    const archived = await createAuditRetention(t.db.db).archiveBefore(now + 1, now, (stream) =>
      storage.saveMade(stream, 'gz', 'application/gzip'),
    );
    expect(archived.storedName).not.toBeNull();
    expect(await staffEntries()).toEqual([]);
    // An archive row whose file is gone from storage: passed over.
    await t.db.db
      .insertInto('auditArchive')
      .values({
        storedName: 'gone-archive.gz',
        size: 1,
        entries: 1,
        firstAt: 0,
        lastAt: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();

    const { text, rows } = await auditOfExport(student);
    for (const e of logged)
      expect(rows.find((r) => r.id === e.id)).toMatchObject({ action: 'updateStatus', ip: null, userAgent: null });
    expect(rows.find((r) => r.memberId === student)).toMatchObject({ ip: STUDENT_IP, userAgent: 'student-browser' });
    const statusChange = rows.find((r) => r.id === logged[0]!.id) as AuditRow & { changes: string | null };
    expect(statusChange.changes).toContain('inactive');
    expect(text).not.toContain(STAFF_IP);
    expect(text).not.toContain(STAFF_BROWSER);
    // Once each, in order.
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
  });

  it('fails (9005) when the store holding an archive file cannot be reached, never leaves its entries out', async () => {
    const unreachable = {
      open: async () => {
        throw new AppError(Code.STORAGE_UNAVAILABLE);
      },
    };
    const reader = createAuditPersonalData(t.db.db, { applicationIdsOf: async () => [], storage: unreachable });
    await expect(reader.personalData({ memberId: student, emails: [], phones: [] })).rejects.toMatchObject({
      code: Code.STORAGE_UNAVAILABLE,
    });
  });
});
