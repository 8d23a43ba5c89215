import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  PERM,
  searchApi,
  type ApplicationSaved,
  type ErasurePlan,
  type ErasureResult,
  type PaymentView,
} from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, createApplication, fullForm, PDF_MINI, PNG_1x1, saveVisaStep } from '../../test/application-fixtures.js';
import { scanTextColumns } from '../../test/text-scan.js';
import { testClock } from '../../test/harness.js';
import { insertPassportReminder } from '../../test/rows.js';
import { insertBatchAuditEntry } from '../../test/audit-log.js';
import { createInboxRepository, createInboxService } from '../inbox/index.js';

const PLAN = '/admin/v1/sys/privacy/erasure/plan';
const ERASE = '/admin/v1/sys/privacy/erasure/erase';
const PAY = '/api/v1/mc/paymentRecord';

// The person to erase: every value unique, so the scan below finds it only where it is this person's.
const PERSON = {
  name: '柯澤布倫',
  engLastName: 'Quixotewright',
  engFirstName: 'Zebulon',
  formerName: '柯小布',
  passportNo: 'ZQ9988771',
  mobile: '955501234',
  landline: '02-5550-9911',
  email: 'zebulon.quixotewright@example.com',
  addressLine1: '42 Quillfeather Lane',
  addressLine2: 'Flat Xylograph',
  importantNotes: 'Falconry weekends only',
};
// Someone else, planted beside them: their values must survive (the scan can find what is there).
const OTHER = {
  name: '龐菲莉西亞',
  engLastName: 'Pemberton-Vask',
  engFirstName: 'Felicity',
  formerName: '龐小菲',
  passportNo: 'PV1122334',
  mobile: '966607788',
  landline: '02-6660-1122',
  email: 'felicity.pv@example.com',
  addressLine1: '7 Vellum Court',
  addressLine2: 'Unit Wren',
  importantNotes: 'Rowing club captain',
};
const personValues = (p: typeof PERSON) => Object.values(p);

describe('erasing a person', () => {
  const t = useTestApp({ signIn: true });
  let person: { appId: number; studentId: number };
  let other: { appId: number; studentId: number };
  let payId: number;
  let storedAppFile: string;

  const totals = async () =>
    (
      await sql<{ currency: string; total: number | string; n: number | string }>`select currency,
        sum(amount_minor) as total, count(*) as n from payment_record group by currency order by currency`.execute(
        t.db.db.withoutPlugins(),
      )
    ).rows.map((r) => ({ currency: r.currency, total: Number(r.total), n: Number(r.n) }));
  const summary = async () =>
    (
      await sql<{ currency: string; amount_minor: number | string }>`select currency, type, status, amount_minor
        from payment_summary order by currency, type, status`.execute(t.db.db.withoutPlugins())
    ).rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
  const stored = (name: string) => path.join(t.config.dataDir, 'uploads', name);

  beforeAll(async () => {
    person = await createApplication(t, PERSON);
    other = await createApplication(t, OTHER);
    // An application file of each, a payment of each (with a receipt), an e-mail and an SMS to each.
    const up = await t.upload<{ storedName?: string; id: number }>(
      `${BASE}/uploadFile`,
      { applicationId: String(person.appId), title: `${PERSON.engFirstName} passport scan`, type: 'passport' },
      { name: 'zebulon-passport.png', content: PNG_1x1 },
      t.admin,
    );
    expect(up.meta.code).toBe(200);
    storedAppFile = (
      await t.db.db
        .selectFrom('applicationFile')
        .select('storedName')
        .where('id', '=', up.data.id)
        .executeTakeFirstOrThrow()
    ).storedName;
    const receipt = async () =>
      (await t.upload<{ name: string }>('/api/v1/fms/upload', {}, { name: 'receipt.pdf', content: PDF_MINI }, t.admin))
        .data.name;
    const pay = async (appId: number, amount: string, currency: string, date: string) => {
      const res = await t.post<PaymentView>(
        `${PAY}/create`,
        {
          applicationId: appId,
          title: 'Tuition deposit',
          type: 'collection',
          transactionDate: date,
          amount,
          currency,
          transferMethod: 'bank_transfer',
          description: appId === person.appId ? `paid by ${PERSON.engLastName}` : `paid by ${OTHER.engLastName}`,
          receipt: await receipt(),
        },
        t.admin,
      );
      expect(res.meta.code).toBe(200);
      return res.data.id;
    };
    payId = await pay(person.appId, '1200.50', 'GBP', '2026-11-20');
    const oldPay = await pay(person.appId, '99.00', 'TWD', '2018-03-01');
    const otherPay = await pay(other.appId, '300.00', 'GBP', '2026-11-21');
    for (const id of [oldPay, otherPay]) expect((await t.post(`${PAY}/confirm`, { id }, t.admin)).meta.code).toBe(200);
    const now = Date.now();
    const db = t.db.db;
    for (const p of [PERSON, OTHER]) {
      const sender = await db
        .insertInto('mailSender')
        .values({
          host: 'smtp.invalid',
          port: 25,
          account: `sender-${p === PERSON ? 1 : 2}`,
          passwordEnc: 'x',
          tlsMode: 'none',
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const mail = await db
        .insertInto('emailMessage')
        .values({
          senderId: sender.id,
          subject: `Dear ${p.engFirstName}`,
          content: `Hello ${p.name}, your passport ${p.passportNo}`,
          bodyHtml: `<p>Hello ${p.name}</p>`,
          platform: 'WEB',
          createdAt: now,
          updatedAt: now,
          searchText: p.engFirstName.toLowerCase(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('deliveryOutbox')
        .values({
          channel: 'email',
          messageId: mail.id,
          recipient: p.email,
          role: 'to',
          status: 'sent',
          nextAttemptAt: now,
          sentAt: now,
          lastError: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      const batch = await db
        .insertInto('smsBatch')
        .values({
          kind: 'text',
          status: 'queued',
          content: `Code for ${p.engFirstName}`,
          accepted: 1,
          rejected: 0,
          createdAt: now,
          updatedAt: now,
          searchText: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('smsRecipient')
        .values({
          batchId: batch.id,
          rowNo: 1,
          phone: `+886${p.mobile}`,
          mobileRaw: p.mobile,
          variables: JSON.stringify({ name: p.engFirstName }),
        })
        .execute();
      await db
        .insertInto('deliveryOutbox')
        .values({
          channel: 'sms',
          messageId: batch.id,
          recipient: `+886${p.mobile}`,
          status: 'queued',
          nextAttemptAt: now + 86_400_000,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await db
        .insertInto('feedback')
        .values({
          memberId: null,
          name: p.name,
          email: p.email,
          mobile: p.mobile,
          content: `I am ${p.engFirstName}`,
          locale: 'en-US',
          status: 'open',
          createdAt: now,
          searchText: p.name,
        })
        .execute();
    }
  });

  it('refuses while the person holds an open application or an unconfirmed payment, naming id, writing nothing', async () => {
    const plan = await t.get<ErasurePlan>(PLAN, { id: person.studentId }, t.admin);
    expect(plan.meta.code).toBe(200);
    expect(plan.data.refusals).toEqual([
      { reason: 'openApplication', ids: [person.appId] },
      { reason: 'unconfirmedPayment', ids: [payId] },
    ]);
    const res = await t.post(ERASE, { id: person.studentId }, { ...t.admin, locale: 'en-US' });
    expect(res.meta.code).toBe(400);
    expect(res.meta.message).toContain('id');
    expect(res.meta.message).toContain('open application');
    expect(await t.db.db.selectFrom('erasedPerson').selectAll().execute()).toEqual([]);
    const entry = await t.db.db
      .selectFrom('auditLog')
      .select(['outcome', 'code'])
      .where('module', '=', 'erasure')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ outcome: 'refused', code: 400 });
    // Closing the application, the payment still stands in the way.
    const closed = await t.post(`${BASE}/updateOther`, { id: person.appId, version: 1, status: 'withdrawn' }, t.admin);
    expect(closed.meta.code).toBe(200);
    const again = await t.post(ERASE, { id: person.studentId }, { ...t.admin, locale: 'en-US' });
    expect(again.meta.message).toContain(`unconfirmed payment (no. ${payId})`);
    expect((await t.post(`${PAY}/confirm`, { id: payId }, t.admin)).meta.code).toBe(200);
  });

  it('answers 400 for a bad id, 404 for an unknown member, 5430 for oneself and 403 without the permission', async () => {
    expect((await t.get(PLAN, { id: 'x' }, t.admin)).meta.code).toBe(400);
    expect((await t.post(ERASE, { id: '99999999999' }, t.admin)).meta.code).toBe(400);
    expect((await t.get(PLAN, { id: 987654 }, t.admin)).meta.code).toBe(404);
    expect((await t.post(ERASE, { id: t.admin.mid }, t.admin)).meta.code).toBe(Code.MEMBER_SELF_PROTECTED);
    const student = await t.login(PERSON.email, 'wrong').catch(() => null);
    expect(student).toBeNull();
  });

  it('lists in its dry run what it will erase, anonymise and keep, and writes nothing', async () => {
    const snapshot = async () =>
      Promise.all(
        [
          'audit_log',
          'payment_record',
          'application',
          'application_file',
          'member',
          'delivery_outbox',
          'erased_person',
        ].map(
          async (table) =>
            (await sql`select * from ${sql.table(table)} order by 1`.execute(t.db.db.withoutPlugins())).rows,
        ),
      );
    const before = await snapshot();
    const plan = await t.get<ErasurePlan>(PLAN, { id: person.studentId }, t.admin);
    expect(plan.data.refusals).toEqual([]);
    expect(plan.data.pseudonym).toMatch(/^Erased person #[0-9a-f]{10}$/);
    expect(plan.data.paymentKeepYears).toBe(6);
    const item = (what: string, action: string) =>
      plan.data.items.find((i) => i.what === what && i.action === action)?.count;
    expect(item('paymentRecord', 'keep')).toBe(1);
    expect(item('paymentRecord', 'anonymise')).toBe(1);
    expect(item('applicationFile', 'erase')).toBe(1);
    expect(item('applicationEducation', 'erase')).toBe(1);
    expect(item('emailMessage', 'anonymise')).toBe(1);
    expect(item('smsRecipient', 'anonymise')).toBe(1);
    expect(item('feedback', 'anonymise')).toBe(1);
    expect(item('auditLog', 'anonymise')).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('erases: no personal value left in any text column, payment totals unchanged, files gone from storage', async () => {
    const totalsBefore = await totals();
    const summaryBefore = await summary();
    expect(fs.existsSync(stored(storedAppFile))).toBe(true);
    expect(await scanTextColumns(t.db.db, personValues(PERSON))).not.toEqual([]);

    // A scheduled SMS batch to them and to someone else (decision 365).
    const now = Date.now();
    const batch = await t.db.db
      .insertInto('smsBatch')
      .values({
        kind: 'batch',
        status: 'queued',
        terminal: 'admin',
        content: 'Open day on Friday',
        accepted: 2,
        rejected: 0,
        sendAt: now + 86_400_000,
        createdAt: now,
        updatedAt: now,
        searchText: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, phone] of [`+886${PERSON.mobile}`, '+886977700001'].entries()) {
      await t.db.db
        .insertInto('smsRecipient')
        .values({ batchId: batch.id, rowNo: i + 1, phone, mobileRaw: phone, variables: '{}' })
        .execute();
      await t.db.db
        .insertInto('deliveryOutbox')
        .values({
          channel: 'sms',
          messageId: batch.id,
          recipient: phone,
          status: 'queued',
          nextAttemptAt: now + 86_400_000,
          lane: 'sms',
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }

    const res = await t.post<ErasureResult>(ERASE, { id: person.studentId }, t.admin);
    expect(res.meta.code).toBe(200);
    // The batch's screens still answer: the erased number's row failed (SMS has four statuses), the counts add up.
    const SMS = '/admin/v1/message/sms';
    type Row = { recipient: string; status: string; error: string | null };
    const page = await t.get<{ list: Row[]; total: number }>(`${SMS}/recipients`, { id: batch.id }, t.admin);
    expect(page.meta.code).toBe(200);
    expect(page.data.list.map((r) => [r.status, r.error])).toEqual([
      ['failed', "Not sent: the recipient's personal data was erased"],
      ['queued', null],
    ]);
    expect(page.data.total).toBe(2);
    const view = await t.get<{ counts: Record<string, number> }>(`${SMS}/view`, { id: batch.id }, t.admin);
    expect(view.meta.code).toBe(200);
    expect(view.data.counts).toEqual({ queued: 1, sending: 0, sent: 0, failed: 1 });
    expect(res.data.filesRemoved).toBe(2); // the application file and the old payment's receipt
    expect(fs.existsSync(stored(storedAppFile))).toBe(false);

    expect(await scanTextColumns(t.db.db, personValues(PERSON))).toEqual([]);
    // The other person is untouched: each of their values is still found.
    const otherHits = await scanTextColumns(t.db.db, personValues(OTHER));
    for (const v of personValues(OTHER)) expect(otherHits.some((h) => h.endsWith(`: ${v}`))).toBe(true);

    expect(await totals()).toEqual(totalsBefore);
    expect(await summary()).toEqual(summaryBefore);
    // The payment list names the pseudonym; the kept receipt is there under a neutral name.
    const list = await t.get<{ list: PaymentView[] }>(`${PAY}/list`, { pageSize: 50 }, t.admin);
    const mine = list.data.list.filter((p) => p.applicationId === person.appId);
    expect(mine.map((p) => p.studentName)).toEqual([res.data.pseudonym, res.data.pseudonym]);
    // The SMS not yet sent to them is taken back (failed, code ERASED); the counts of what was sent stay.
    // (In the order they were queued: PostgreSQL gives rows without an ORDER BY in no set order, an updated one often
    // last.)
    const outbox = await t.db.db
      .selectFrom('deliveryOutbox')
      .select(['channel', 'status', 'recipient'])
      .orderBy('id')
      .execute();
    expect(outbox.filter((o) => o.recipient.endsWith('@erased.invalid'))).toEqual([
      { channel: 'email', status: 'sent', recipient: expect.stringMatching(/@erased\.invalid$/) },
      { channel: 'sms', status: 'failed', recipient: expect.stringMatching(/@erased\.invalid$/) },
      { channel: 'sms', status: 'failed', recipient: expect.stringMatching(/@erased\.invalid$/) },
    ]);
    // The audit log keeps the fact of the erasure.
    const entry = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'outcome', 'changes'])
      .where('module', '=', 'erasure')
      .where('outcome', '=', 'ok')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('erase');
    expect(entry.changes).toContain(res.data.pseudonym);
    // The member can no longer sign in and is gone from search.
    const search = await t.get<unknown>(searchApi.search.url, { keyword: PERSON.engLastName }, t.admin);
    expect(search.meta.code).toBe(200);
    expect(JSON.stringify(search.data)).not.toContain(PERSON.engLastName);
  });

  it('erases once: again is 7960, and the logs are append-only again', async () => {
    expect((await t.post(ERASE, { id: person.studentId }, t.admin)).meta.code).toBe(Code.PERSON_ERASED);
    const plan = await t.get<ErasurePlan>(PLAN, { id: person.studentId }, t.admin);
    expect(plan.data).toMatchObject({ erased: true, items: [] });
    await expect(sql`update audit_log set ip = 'x'`.execute(t.db.db.withoutPlugins())).rejects.toThrow(/append-only/);
    await expect(sql`delete from payment_track`.execute(t.db.db.withoutPlugins())).rejects.toThrow(/append-only/);
    expect(await t.db.db.selectFrom('erasureGuard').selectAll().execute()).toEqual([]);
  });

  it('of two erasures racing on one person, one erases and the other answers 7960', async () => {
    const [a, b] = await Promise.all([
      t.post(ERASE, { id: other.studentId }, t.admin),
      t.post(ERASE, { id: other.studentId }, t.admin),
    ]);
    // The other person's application is still open: close it first, then race.
    expect([a.meta.code, b.meta.code]).toEqual([400, 400]);
    await t.post(`${BASE}/updateOther`, { id: other.appId, version: 1, status: 'enrolled' }, t.admin);
    const codes = (
      await Promise.all([
        t.post(ERASE, { id: other.studentId }, t.admin),
        t.post(ERASE, { id: other.studentId }, t.admin),
      ])
    ).map((r) => r.meta.code);
    expect(codes.sort()).toEqual([200, Code.PERSON_ERASED]);
    expect(await t.db.db.selectFrom('erasedPerson').select('memberId').execute()).toHaveLength(2);
  });
});

// A call that acts on accounts refuses to touch more than the caller holds (decision 200): erasing a staff member
// who holds a permission the caller lacks is refused with 7954, in the dry run too, and writes nothing.
describe('erasing a staff member', () => {
  const t = useTestApp({ signIn: true });
  let eraser: { token: string; mid: number };
  let beyond: number;
  let within: number;

  beforeAll(async () => {
    const own = [PERM.privacyErase, PERM.privacyList, PERM.memberList];
    const eraserRole = await createRole(t.db.db, 'eraser-role', own);
    await createStaff(t.db.db, 'eraser', [eraserRole]);
    // One holds a permission the eraser lacks (role management), the other only some of the eraser's.
    beyond = await createStaff(t.db.db, 'beyond', [await createRole(t.db.db, 'beyond-role', [PERM.roleList])]);
    within = await createStaff(t.db.db, 'within', [await createRole(t.db.db, 'within-role', [PERM.memberList])]);
    eraser = await t.login('eraser', STAFF_PASSWORD);
  });

  it('refuses a staff member holding a permission the caller lacks (7954, naming it), plan and erasure', async () => {
    const plan = await t.get(PLAN, { id: beyond }, { token: eraser.token, locale: 'en-US' });
    expect(plan.meta.code).toBe(Code.ERASE_BEYOND_OWN);
    expect(plan.meta.message).toContain(PERM.roleList);
    const res = await t.post(ERASE, { id: beyond }, { token: eraser.token, locale: 'zh-CN' });
    expect(res.meta.code).toBe(Code.ERASE_BEYOND_OWN);
    expect(res.meta.message).toContain('权限');
    const row = await t.db.db
      .selectFrom('member')
      .select(['loginName', 'email'])
      .where('id', '=', beyond)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ loginName: 'beyond', email: 'beyond@example.test' });
    expect(await t.db.db.selectFrom('erasedPerson').select('memberId').execute()).toEqual([]);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['outcome', 'code'])
      .where('action', '=', 'erase')
      .where('memberId', '=', eraser.mid)
      .execute();
    expect(audit).toEqual([{ outcome: 'refused', code: Code.ERASE_BEYOND_OWN }]);
  });

  it('erases a staff member holding nothing beyond the caller, and the administrator erases the other', async () => {
    const mine = await t.post<ErasureResult>(ERASE, { id: within }, { token: eraser.token });
    expect(mine.meta.code).toBe(200);
    expect(mine.data.memberId).toBe(within);
    const admin = await t.post<ErasureResult>(ERASE, { id: beyond }, t.admin);
    expect(admin.meta.code).toBe(200);
    const erased = await t.db.db.selectFrom('erasedPerson').select('memberId').orderBy('memberId').execute();
    expect(erased.map((r) => r.memberId)).toEqual([beyond, within].sort((a, b) => a - b));
  });
});

// What the other parts erase of records the audit log keeps entries of (a follow-up's internal note, a visa step's
// CAS number and remarks), their visa steps, and the to-dos their reminders put in a teacher's message box.
describe('erasing a person: audited records, visa steps and reminder to-dos', () => {
  const t = useTestApp({ signIn: true });
  const NOTE = 'Student disclosed Quarrelsome depression';
  const NOTE2 = 'Counsellor Yarrowby contacted';
  const CAS = 'Q7ZX9W8V7U6T5S';
  const REMARKS = 'Sponsor letter from Uncle Marchbanks';
  const TODO = 'Ottoline Brackenridge · passport expiry · D-7';

  it('leaves no note, CAS number or remarks in the audit log, erases the visa steps and the reminder to-dos', async () => {
    const app = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ name: 'Ottoline Brackenridge', email: 'ottoline.b@example.com', status: 'submitted' }),
      t.admin,
    );
    expect(app.meta.code).toBe(200);
    const appId = app.data.id;
    const FOLLOW = '/api/v1/mc/followUp';
    const added = await t.post<{ id: number }>(
      `${FOLLOW}/add`,
      { applicationId: appId, service: 'visa', internalNote: NOTE },
      t.admin,
    );
    expect(added.meta.code).toBe(200);
    const updated = await t.post(
      `${FOLLOW}/update`,
      { id: added.data.id, service: 'visa', internalNote: NOTE2 },
      t.admin,
    );
    expect(updated.meta.code).toBe(200);
    const step = await saveVisaStep(
      t,
      appId,
      'casIssued',
      { status: 'done', date: '2026-11-10', casNumber: CAS, remarks: REMARKS },
      t.admin,
    );
    expect(step.meta.code, step.meta.message).toBe(200);
    // A reminder of the application with the to-do it put in the admin's message box (as the reminder run does).
    const now = Date.now();
    const reminderId = await insertPassportReminder(t.db.db, {
      applicationId: appId,
      teacherId: t.admin.mid,
      subjectKey: '2026-12-20',
      now,
    });
    await createInboxService(createInboxRepository(t.db.db), testClock(now)).syncSourceTodo(
      { kind: 'applicationReminder', id: reminderId },
      { memberId: t.admin.mid, kind: 'ukPassport', title: TODO, link: null, dueAt: null, done: 0 },
    );
    // A call on several follow-ups, the person's not the first it names: its entry loses their values, not another's.
    const OTHER_NOTE = 'Another student keeps Wexford note';
    await insertBatchAuditEntry(t.db.db, {
      memberId: t.admin.mid,
      recordType: 'followUp',
      recordId: 999_999,
      recordIds: `999999,${added.data.id}`,
      changes: [
        { id: 999_999, field: 'internalNote', before: OTHER_NOTE, after: null },
        { id: added.data.id, field: 'internalNote', before: NOTE, after: null },
      ],
      now,
    });
    const audit = async () =>
      (await t.db.db.selectFrom('auditLog').select('changes').where('changes', 'is not', null).execute())
        .map((r) => r.changes)
        .join('\n');
    expect(await audit()).toContain(NOTE2);
    expect(await audit()).toContain(CAS);

    const closed = await t.post(`${BASE}/updateOther`, { id: appId, version: 1, status: 'withdrawn' }, t.admin);
    expect(closed.meta.code).toBe(200);
    const res = await t.post<ErasureResult>(ERASE, { id: app.data.studentId! }, t.admin);
    expect(res.meta.code, res.meta.message).toBe(200);

    // The follow-up's and the visa step's entries stay, with which fields changed but not the values.
    const entries = await t.db.db
      .selectFrom('auditLog')
      .select(['module', 'action', 'changes'])
      .where('action', 'in', ['update', 'saveVisaStep'])
      .where('module', 'in', ['followUp', 'application'])
      .orderBy('id')
      .execute();
    expect(entries.map((e) => `${e.module}.${e.action}`)).toEqual(['followUp.update', 'application.saveVisaStep']);
    expect(entries[0]!.changes).toContain('internalNote');
    const text = await audit();
    for (const v of [NOTE, NOTE2, CAS, REMARKS]) expect(text).not.toContain(v);
    expect(text).toContain(OTHER_NOTE);
    expect(await scanTextColumns(t.db.db, [NOTE, NOTE2, CAS, REMARKS, TODO])).toEqual([]);
    expect(await t.db.db.selectFrom('applicationVisaStep').selectAll().execute()).toEqual([]);
    expect(await t.db.db.selectFrom('memberTodo').selectAll().where('sourceId', '=', reminderId).execute()).toEqual([]);
  });
});
