import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicationSaved,
  ApplicationView,
  CycleOption,
  DueSoon,
  FileRecord,
  MessageBox,
  Page,
  VisaChecklist,
  VisaStage,
} from '@study-crm/shared';
import { PERM, VISA_STAGE_KINDS } from '@study-crm/shared';
import { createAdmissionsRepository, createAdmissionsService } from '../admissions/index.js';
import { createInboxRepository, createInboxService } from '../inbox/index.js';
import { createReminderRepository, createReminderService, createVisaRepository } from './index.js';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm, PDF_MINI, saveVisaStep, staffWith } from '../../test/application-fixtures.js';
import { testClock, type Values } from '../../test/harness.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { addSenderFor, startSmtpServer } from '../../test/smtp-fixture.js';

const V = '/api/v1/mc/applicationVisa';
const S = '/api/v1/mc/visaStage';
const at = (day: string) => Date.parse(`${day}T09:00:00Z`);
const smtp = await startSmtpServer({ user: 'visa@example.com', pass: 'right-pass' });
afterAll(() => smtp.close());

// The Student visa checklist (issue 40): stages administrators keep, steps checked on save, the CAS and funds
// reminders (once, two workers, cleared, e-mailed) and the list's "this week", with a controllable clock.
describe('Student visa checklist', () => {
  const clock = testClock(at('2027-03-01'));
  const t = useTestApp({
    signIn: true,
    clock,
    env: { REMINDER_EMAIL: 'on', VISA_STEPS_IN_RATIO: 'on', DELIVERY_WORKER: 'off' },
  });
  let admin: { token: string; mid: number };
  let teacher: { token: string; mid: number };
  let teacherId: number;
  let c2027: number;

  const moveTo = async (day: string) => {
    clock.set(at(day));
    admin = await t.login();
    teacher = await t.login('visateacher', 'Staff#2026pass');
  };
  const create = async (v: Values = {}) => {
    const res = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({
        followTeacherId: teacherId,
        passportExpiryDate: '2036-01-01',
        targetSchools: JSON.stringify([{ school: 'UCL', route: 'direct', cycleId: c2027 }]),
        languageScores: JSON.stringify([]),
        ...v,
      }),
      admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.id;
  };
  const checklist = async (id: number) => (await t.get<VisaChecklist>(`${V}/checklist`, { id }, admin)).data;
  const stepOf = async (id: number, kind: string) => (await checklist(id)).steps.find((s) => s.kind === kind)!;
  const save = (id: number, kind: string, v: Values, locale?: string) =>
    saveVisaStep(t, id, kind, v, locale ? { token: admin.token, locale } : admin);
  const saved = async (id: number, kind: string, v: Values) => {
    const res = await save(id, kind, v);
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data;
  };
  // A second worker: its own services over the same database, without the e-mail switch.
  const otherWorker = () =>
    createReminderService({
      repo: createReminderRepository(t.db.db),
      inbox: createInboxService(createInboxRepository(t.db.db), clock),
      cycles: createAdmissionsService({ repo: createAdmissionsRepository(t.db.db), clock }).allDates,
      visaDue: createVisaRepository(t.db.db).visaDue,
      clock,
    });
  const todos = async () => {
    const box = await t.get<MessageBox>('/api/v1/message/box', { tab: 'todo', pageSize: 50 }, teacher);
    return box.data.todo.list.filter((i) => i.kind === 'ukCas' || i.kind === 'ukFunds');
  };

  beforeAll(async () => {
    teacherId = await staffWith(t, 'visateacher', [PERM.applicationList]);
    await t.db.db
      .updateTable('member')
      .set({ email: 'visateacher@example.test' })
      .where('id', '=', teacherId)
      .execute();
    await moveTo('2027-03-01');
    const cycles = await t.get<CycleOption[]>('/api/v1/mc/admissionsCycle/options', {}, admin);
    c2027 = cycles.data.find((c) => c.entryYear === 2027)!.id;
  });

  it('seeds the stages in order; administrators add, reorder and disable them; built-in ones stay', async () => {
    const list = await t.get<Page<VisaStage>>(`${S}/list`, {}, admin);
    // The migration's seed, in the order of the shared kinds.
    expect(list.data.list.map((s) => s.kind)).toEqual([...VISA_STAGE_KINDS]);
    const added = await t.post<VisaStage>(
      `${S}/add`,
      { name: 'ATAS certificate', sort: 25, fileType: 'certificate' },
      admin,
    );
    expect(added.meta.code, added.meta.message).toBe(200);
    const order = await t.get<Page<VisaStage>>(`${S}/list`, {}, admin);
    expect(order.data.list.map((s) => s.name ?? s.kind).slice(1, 4)).toEqual([
      'casRequested',
      'ATAS certificate',
      'casIssued',
    ]);
    expect((await t.post(`${S}/add`, { sort: 1, fileType: 'nope' }, admin)).meta).toMatchObject({ code: 400 });
    const builtIn = order.data.list[0]!;
    expect((await t.post(`${S}/remove`, { id: builtIn.id }, admin)).meta.code).toBe(7943);
    const stale = await t.post(`${S}/update`, { id: added.data.id, sort: 25, version: 99 }, admin);
    expect(stale.meta.code).toBe(409);
    // In use by a step: refused; disabled instead, it leaves the checklists.
    const id = await create();
    const atas = (await checklist(id)).steps.find((s) => s.name === 'ATAS certificate')!;
    expect(
      (await t.post(`${V}/saveStep`, { applicationId: id, stageId: atas.stageId, status: 'done', version: 0 }, admin))
        .meta.code,
    ).toBe(200);
    expect((await t.post(`${S}/remove`, { id: added.data.id }, admin)).meta.code).toBe(7942);
    const off = await t.post(
      `${S}/update`,
      { id: added.data.id, name: 'ATAS certificate', sort: 25, status: 'disabled', version: added.data.version },
      admin,
    );
    expect(off.meta.code, off.meta.message).toBe(200);
    expect((await checklist(id)).steps).toHaveLength(9);
    // Found by a part of its name and by status.
    const names = async (q: Values) =>
      (await t.get<Page<VisaStage>>(`${S}/list`, q, admin)).data.list.map((s) => s.name);
    expect(await names({ keyword: ' atas ' })).toEqual(['ATAS certificate']);
    expect(await names({ keyword: 'atas', status: 'enabled' })).toEqual([]);
    expect(await names({ status: 'disabled' })).toEqual(['ATAS certificate']);
    expect((await t.get(`${S}/list`, {}, teacher)).meta.code).toBe(403);
  });

  it('moves an application from offer to visa, checking the CAS number, the funds window and the CAS six months', async () => {
    await moveTo('2027-03-01');
    const id = await create();
    const start = await checklist(id);
    expect(start).toMatchObject({ done: 0, total: 9, courseStart: '2027-09-01', levelNeeded: 'B2' });
    expect(start.steps.every((s) => s.status === 'pending' && s.stepId === null)).toBe(true);

    await saved(id, 'offerMet', { status: 'done', date: '2027-03-01', ownerId: teacherId });
    await saved(id, 'casRequested', { status: 'done', date: '2027-03-02' });
    // The CAS number: 14 capital letters or digits.
    const bad = await save(id, 'casIssued', { status: 'done', date: '2027-03-10', casNumber: 'E4G7-12' }, 'en-US');
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toContain('casNumber');
    expect((await save(id, 'casIssued', { status: 'done', date: '2027-03-10' })).meta.message).toContain('casNumber');
    const cas = await saved(id, 'casIssued', { status: 'done', date: '2027-03-10', casNumber: 'e4g7x1a2b3c4d5' });
    expect(cas).toMatchObject({ casNumber: 'E4G7X1A2B3C4D5', dueDate: '2027-09-09', owner: null });
    // A stale copy of the step.
    const stale = await save(id, 'casIssued', {
      status: 'done',
      date: '2027-03-10',
      casNumber: 'E4G7X1A2B3C4D5',
      version: cas.version - 1,
    });
    expect(stale.meta.code).toBe(409);

    // Funds: 28 consecutive days.
    const short = await save(id, 'funds', { status: 'done', fundsFrom: '2027-03-01', fundsTo: '2027-03-27' });
    expect(short.meta.code).toBe(400);
    expect(short.meta.message).toContain('fundsFrom');
    const funds = await saved(id, 'funds', { status: 'done', fundsFrom: '2027-03-01', fundsTo: '2027-03-28' });
    expect(funds.dueDate).toBe('2027-04-28');
    await saved(id, 'tbTest', { status: 'notRequired' });

    // The visa application: within 31 days of the funds' end, and within the CAS's six months.
    const late = await save(id, 'visaApplied', { status: 'done', date: '2027-04-29' });
    expect(late.meta.code).toBe(400);
    expect(late.meta.message).toContain('date');
    const early = await save(id, 'visaApplied', { status: 'done', date: '2027-03-20' });
    expect(early.meta.code).toBe(400);
    await saved(id, 'visaApplied', { status: 'done', date: '2027-04-28' });
    // Funds moved after the visa application date: refused naming fundsTo.
    const moved = await save(id, 'funds', { status: 'done', fundsFrom: '2027-04-01', fundsTo: '2027-04-29' });
    expect(moved.meta.message).toContain('fundsTo');

    // A document uploaded from the step, with the type the stage expects.
    const offer = await stepOf(id, 'offerMet');
    expect(offer.fileType).toBe('offer');
    const up = await t.upload<FileRecord>(
      `${BASE}/uploadFile`,
      { applicationId: String(id), type: 'offer', visaStageId: String(offer.stageId) },
      { name: 'offer.pdf', content: PDF_MINI },
      admin,
    );
    expect(up.meta.code, up.meta.message).toBe(200);
    const badStage = await t.upload<FileRecord>(
      `${BASE}/uploadFile`,
      { applicationId: String(id), visaStageId: '999999' },
      { name: 'x.pdf', content: PDF_MINI },
      admin,
    );
    expect(badStage.meta.code).toBe(400);
    expect((await stepOf(id, 'offerMet')).files).toEqual([
      expect.objectContaining({ id: up.data.id, type: 'offer', title: 'offer' }),
    ]);

    const end = await checklist(id);
    expect(end.done).toBe(6);
    expect(end.steps.find((s) => s.kind === 'offerMet')!.owner).toMatchObject({ id: teacherId });

    // With VISA_STEPS_IN_RATIO=on the follow-up ratio counts the finished steps: 6 of 9.
    const info = await t.get<{ followDone: number; followTotal: number }>(`${BASE}/simpleInfo`, { id }, admin);
    expect(info.data).toMatchObject({ followDone: 6, followTotal: 9 });
    // …and so does the list (on PostgreSQL its page then reads no progress of its own: decision 288).
    const page = await t.get<{ list: { id: number; followDone: number; followTotal: number }[] }>(
      `${BASE}/list`,
      { pageNum: 1, pageSize: 50 },
      admin,
    );
    expect(page.data.list.find((r) => r.id === id)).toMatchObject({ followDone: 6, followTotal: 9 });
  });

  it('checks the CAS six months also when the CAS is saved after the visa application', async () => {
    await moveTo('2027-03-01');
    const id = await create();
    // No CAS yet: the visa date is accepted; the CAS saved next must cover it (usable 2027-03-10 to 2027-09-09).
    await saved(id, 'visaApplied', { status: 'done', date: '2027-10-01' });
    const cas = (date: string) => save(id, 'casIssued', { status: 'done', date, casNumber: 'ABCDEFGHIJ0002' });
    const expired = await cas('2027-03-10');
    expectParamError(expired, 'date');
    const after = await cas('2027-10-02');
    expectParamError(after, 'date');
    expect((await stepOf(id, 'casIssued')).stepId).toBeNull();
    expect((await cas('2027-04-02')).meta.code).toBe(200);
  });

  it('refuses one of two simultaneous saves that together break the CAS six months (several servers)', async () => {
    const id = await create();
    const [casStep, visaStep] = [await stepOf(id, 'casIssued'), await stepOf(id, 'visaApplied')];
    const results = await Promise.all([
      t.post(
        `${V}/saveStep`,
        {
          applicationId: id,
          stageId: casStep.stageId,
          version: 0,
          status: 'done',
          date: '2026-01-10',
          casNumber: 'ABCDEFGHIJ0009',
        },
        admin,
      ),
      t.post(
        `${V}/saveStep`,
        { applicationId: id, stageId: visaStep.stageId, version: 0, status: 'done', date: '2026-08-01' },
        admin,
      ),
    ]);
    expect(results.map((r) => r.meta.code).sort()).toEqual([200, 400]);
    const steps = (await checklist(id)).steps;
    expect(
      steps.filter((s) => s.kind === 'casIssued' || s.kind === 'visaApplied').filter((s) => s.stepId),
    ).toHaveLength(1);
  });

  it('still saves a step whose owner has left; a departed owner is not newly named', async () => {
    const id = await create();
    const leaving = await staffWith(t, 'visa_leaver', []);
    const other = await staffWith(t, 'visa_left_before', []);
    await saved(id, 'casRequested', { status: 'pending', ownerId: leaving });
    await t.db.db.updateTable('member').set({ status: 'inactive' }).where('id', 'in', [leaving, other]).execute();
    const kept = await saved(id, 'casRequested', { status: 'done', date: '2027-03-01', ownerId: leaving });
    expect(kept.owner?.id).toBe(leaving);
    expectParamError(await save(id, 'casRequested', { status: 'done', ownerId: other }), 'ownerId');
    expectParamError(await save(id, 'offerMet', { status: 'pending', ownerId: leaving }), 'ownerId');
  });

  it('refuses bad input with 400 naming the field and writes nothing', async () => {
    const id = await create();
    const { stageId } = await stepOf(id, 'casIssued');
    const post = (v: Values) =>
      t.post(`${V}/saveStep`, { applicationId: id, stageId, status: 'done', version: 0, ...v }, admin);
    expect((await post({ stageId: 2 ** 40 })).meta).toMatchObject({ code: 400 });
    expect((await post({ date: '2027-02-30' })).meta.message).toContain('date');
    expect((await post({ casNumber: 'A\u0000B' })).meta.code).toBe(400);
    expect((await post({ status: 'finished' })).meta.message).toContain('status');
    expect((await post({ ownerId: 999999, date: '2027-03-01', casNumber: 'ABCDEFGHIJ1234' })).meta.message).toContain(
      'ownerId',
    );
    expect((await stepOf(id, 'casIssued')).stepId).toBeNull();
  });

  it('shows the language tests against the course: validity, UKVI and level', async () => {
    const id = await create({
      languageScores: JSON.stringify([
        { testType: 'ielts_ukvi', testDate: '2025-06-01', listening: 6, reading: 6, writing: 5, speaking: 6, total: 6 },
        {
          testType: 'ielts_academic',
          testDate: '2026-06-01',
          listening: 7,
          reading: 7,
          writing: 7,
          speaking: 7,
          total: 7,
        },
      ]),
    });
    const { language } = await checklist(id);
    expect(language.map((l) => [l.testType, l.validUntil, l.flags])).toEqual([
      ['ielts_ukvi', '2027-06-01', ['expiresBeforeCourse', 'belowLevel']],
      ['ielts_academic', '2028-06-01', ['notUkvi']],
    ]);
  });

  it('reminds the owner before the CAS runs out, once, with two workers, e-mailed, cleared once the visa is applied for', async () => {
    await moveTo('2027-03-01');
    await addSenderFor(t, smtp, admin);
    const id = await create();
    await saved(id, 'casIssued', {
      status: 'done',
      date: '2027-01-20',
      casNumber: 'ABCDEFGHIJ1234',
      ownerId: teacherId,
    });
    // CAS issued 2027-01-20: usable to 2027-07-19.
    const other = otherWorker();
    const rows = () =>
      t.db.db
        .selectFrom('applicationReminder')
        .select(['kind', 'daysBefore', 'resolvedAt'])
        .where('applicationId', '=', id)
        .orderBy('id')
        .execute();
    await moveTo('2027-07-04');
    await Promise.all([t.app.reminders.run(), other.run()]);
    expect(await rows()).toEqual([]);
    await moveTo('2027-07-05');
    // Only this server's service e-mails (the other stands for a server without the mail switch): whichever of the
    // two creates the reminder, it is created once, and e-mailed when this server's service did.
    const mailedBy: string[] = [];
    const [a, b] = await Promise.all([t.app.reminders.run(), other.run()]);
    expect(a.created + b.created).toBe(1);
    if (a.created) mailedBy.push('王小明 · CAS · 2027-07-19 · D-14');
    expect((await todos()).map((i) => [i.kind, i.title, i.link])).toEqual([
      ['ukCas', '王小明 · CAS · 2027-07-19 · D-14', `/applicationManage/applicationDetail?id=${id}`],
    ]);
    await moveTo('2027-07-06');
    await Promise.all([t.app.reminders.run(), other.run()]);
    // D-7: this server first, then the other finds it made.
    await moveTo('2027-07-12');
    expect((await t.app.reminders.run()).created).toBe(1);
    expect((await other.run()).created).toBe(0);
    mailedBy.push('王小明 · CAS · 2027-07-19 · D-7');
    expect((await rows()).map((r) => r.daysBefore)).toEqual([14, 7]);
    expect((await todos()).map((i) => i.title)).toEqual(['王小明 · CAS · 2027-07-19 · D-7']);

    // The e-mails reach the SMTP server through the outbox.
    for (let i = 0; i < 50; i += 1) if ((await t.app.delivery.runOnce()) === 0) break;
    const mailed = () => smtp.received.filter((r) => r.envelopeTo.includes('visateacher@example.test'));
    // (In either order: the outbox sends a batch over a pool of connections.)
    await expect
      .poll(
        () =>
          mailed()
            .map((g) => g.mail.subject ?? '')
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual([...mailedBy].sort());
    for (const got of mailed()) expect(got.mail.text).toContain(`/applicationManage/applicationDetail?id=${id}`);

    // The visa is applied for: the to-do goes, and no more reminders.
    await saved(id, 'visaApplied', { status: 'done', date: '2027-07-12' });
    expect((await t.app.reminders.run()).resolved).toBe(1);
    expect(await todos()).toEqual([]);
    await moveTo('2027-07-16');
    expect((await t.app.reminders.run()).created).toBe(0);
  });

  it('reminds of language tests flagged against the course before it starts, once with two workers, e-mailed, cleared when fixed', async () => {
    // Decision 209: a test not fit for the course (here not a UKVI-approved SELT, and writing below B2) is reminded
    // 14, 7, 3 and 1 days before the course starts (1 September of the 2027 entry).
    await moveTo('2027-03-01');
    if (!(await t.db.db.selectFrom('mailSender').select('id').executeTakeFirst())) await addSenderFor(t, smtp, admin);
    const score = { testType: 'ielts_academic', testDate: '2026-05-10', total: 6 };
    const id = await create({
      name: '林語測',
      languageScores: JSON.stringify([
        { ...score, listening: 6, reading: 6, writing: 5, speaking: 6 },
        // A UKVI test at the level, valid past the course start: no flag, no reminder.
        { testType: 'ielts_ukvi', testDate: '2026-04-01', listening: 6, reading: 6, writing: 6, speaking: 6, total: 6 },
      ]),
    });
    expect((await checklist(id)).language.map((l) => l.flags)).toEqual([['notUkvi', 'belowLevel'], []]);
    const other = otherWorker();
    const rows = () =>
      t.db.db
        .selectFrom('applicationReminder')
        .select(['kind', 'subjectKey', 'dueDate', 'daysBefore', 'resolvedAt'])
        .where('applicationId', '=', id)
        .orderBy('id')
        .execute();
    const flagged = async () => {
      const box = await t.get<MessageBox>('/api/v1/message/box', { tab: 'todo', pageSize: 50 }, teacher);
      return box.data.todo.list
        .filter((i) => i.kind === 'ukLanguageFlag' && i.link === `/applicationManage/applicationDetail?id=${id}`)
        .map((i) => i.title);
    };
    const title = (d: number) => `林語測 · ielts_academic · not UKVI, below B2 · 2027-09-01 · D-${d}`;

    await moveTo('2027-08-17');
    await Promise.all([t.app.reminders.run(), other.run()]);
    expect(await rows()).toEqual([]);
    // D-14, two workers at the same moment: one reminder, one to-do.
    await moveTo('2027-08-18');
    await Promise.all([t.app.reminders.run(), other.run()]);
    await Promise.all([t.app.reminders.run(), other.run()]);
    expect(await rows()).toEqual([
      {
        kind: 'languageFlag',
        subjectKey: 'langflag:ielts_academic:2026-05-10',
        dueDate: '2027-09-01',
        daysBefore: 14,
        resolvedAt: null,
      },
    ]);
    expect(await flagged()).toEqual([title(14)]);
    // "This week" lists the flagged test from seven days before the course start (decision 218).
    const week = async () =>
      (await t.get<Page<DueSoon>>(`${BASE}/thisWeek`, { pageSize: 100 }, admin)).data.list
        .filter((d) => d.applicationId === id && d.kind === 'languageFlag')
        .map((d) => [d.detail, d.dueDate, d.daysLeft]);
    expect(await week()).toEqual([]);
    // D-7 made by this server (REMINDER_EMAIL=on), the other finds it made; the D-14 to-do gives way.
    await moveTo('2027-08-25');
    await t.app.reminders.run();
    await other.run();
    expect((await rows()).map((r) => [r.daysBefore, r.resolvedAt === null])).toEqual([
      [14, false],
      [7, true],
    ]);
    expect(await flagged()).toEqual([title(7)]);
    expect(await week()).toEqual([['ielts_academic · 2026-05-10', '2027-09-01', 7]]);

    // The SMTP server receives the D-7 e-mail with the link to the application.
    for (let i = 0; i < 50; i += 1) if ((await t.app.delivery.runOnce()) === 0) break;
    const mailed = () =>
      smtp.received.filter(
        (r) => r.envelopeTo.includes('visateacher@example.test') && r.mail.subject?.includes('林語測'),
      );
    await expect.poll(() => mailed().map((g) => g.mail.subject), { timeout: 20_000 }).toContain(title(7));
    expect(mailed().find((g) => g.mail.subject === title(7))!.mail.text).toContain(
      `/applicationManage/applicationDetail?id=${id}`,
    );
    expect(mailed().filter((g) => g.mail.subject === title(7))).toHaveLength(1);

    // A UKVI result at the level replaces the test: the reminder is resolved and its to-do goes.
    const view = (await t.get<ApplicationView>(`${BASE}/view`, { id }, admin)).data;
    const body: Values = {};
    for (const [k, v] of Object.entries(view))
      body[k] = Array.isArray(v) ? JSON.stringify(v) : (v as string | number | null);
    const fixed = await t.post(
      `${BASE}/update`,
      {
        ...body,
        languageScores: JSON.stringify([
          {
            testType: 'ielts_ukvi',
            testDate: '2027-07-01',
            listening: 6,
            reading: 6,
            writing: 6,
            speaking: 6,
            total: 6,
          },
        ]),
      },
      admin,
    );
    expect(fixed.meta.code, fixed.meta.message).toBe(200);
    expect((await t.app.reminders.run()).resolved).toBeGreaterThanOrEqual(1);
    expect(await flagged()).toEqual([]);
    expect((await rows()).every((r) => r.resolvedAt !== null)).toBe(true);
    expect(await week()).toEqual([]);
    await moveTo('2027-08-29');
    await t.app.reminders.run();
    expect(await rows()).toHaveLength(2);
  });

  it('reminds of the funds window on the right days', async () => {
    await moveTo('2027-05-01');
    const id = await create();
    await saved(id, 'funds', { status: 'done', fundsFrom: '2027-04-01', fundsTo: '2027-04-30' });
    // Last day to apply: 2027-05-31.
    await moveTo('2027-05-16');
    expect((await t.app.reminders.run()).created).toBe(0);
    await moveTo('2027-05-17');
    expect((await t.app.reminders.run()).created).toBe(1);
    expect((await todos()).map((i) => i.title)).toContain('王小明 · Funds · 2027-05-31 · D-14');
    await moveTo('2027-05-28');
    expect((await t.app.reminders.run()).created).toBe(1);
    await moveTo('2027-05-30');
    expect((await t.app.reminders.run()).created).toBe(1);
    expect((await todos()).map((i) => i.title)).toContain('王小明 · Funds · 2027-05-31 · D-1');
  });

  it('lists what is due this week, soonest and riskiest first, paged', async () => {
    await moveTo('2028-02-01');
    const a = await create({ name: '週甲', passportExpiryDate: '2028-02-05' });
    await saved(a, 'casIssued', { status: 'done', date: '2027-08-06', casNumber: 'ABCDEFGHIJ0001' });
    const b = await create({ name: '週乙' });
    await saved(b, 'travel', { status: 'pending', date: '2028-02-03' });
    await saved(b, 'enrolled', { status: 'done', date: '2028-02-02' });
    const page = await t.get<Page<DueSoon>>(`${BASE}/thisWeek`, { pageSize: 2 }, admin);
    expect(page.meta.code, page.meta.message).toBe(200);
    const mine = (l: DueSoon[]) => l.filter((d) => d.applicationId === a || d.applicationId === b);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    const all = await t.get<Page<DueSoon>>(`${BASE}/thisWeek`, { pageSize: 100 }, admin);
    expect(mine(all.data.list).map((d) => [d.applicationId, d.kind, d.dueDate, d.daysLeft])).toEqual([
      [b, 'step', '2028-02-03', 2],
      [a, 'casExpiry', '2028-02-05', 4],
      [a, 'passport', '2028-02-05', 4],
    ]);
    const days = all.data.list.map((d) => d.dueDate);
    expect([...days].sort()).toEqual(days);
    expect(all.data.list.every((d) => d.daysLeft >= 0 && d.daysLeft <= 7)).toBe(true);
    const second = await t.get<Page<DueSoon>>(`${BASE}/thisWeek`, { pageSize: 2, pageNum: 2 }, admin);
    expect(second.data.list).toEqual(all.data.list.slice(2, 4));
    expect(second.data.total).toBe(all.data.total);
    // Past the last row: no rows, the same total (counted on its own).
    const past = await t.get<Page<DueSoon>>(`${BASE}/thisWeek`, { pageSize: 2, pageNum: 500 }, admin);
    expect([past.data.list, past.data.total]).toEqual([[], all.data.total]);
  });

  it("lists a UCAS choice not yet sent in the week of its cycle's deadline, once per application", async () => {
    // The 2027 cycle: early deadline 2026-10-15 (Oxford, Cambridge, medicine), equal consideration 2027-01-13.
    await moveTo('2027-01-10');
    const ucas = (school: string, extra: Values = {}) => ({ school, route: 'ucas', cycleId: c2027, ...extra });
    const cycles = await t.get<CycleOption[]>('/api/v1/mc/admissionsCycle/options', {}, admin);
    const c2028 = cycles.data.find((c) => c.entryYear === 2028)!.id;
    const due = await create({
      name: '週丙',
      targetSchools: JSON.stringify([ucas('UCL'), ucas('LSE'), ucas('KCL', { applicationDate: '2027-01-05' })]),
    });
    const early = await create({
      name: '週丁',
      targetSchools: JSON.stringify([ucas('Oxford', { institutionCode: 'O33' })]),
    });
    const sent = await create({
      name: '週戊',
      targetSchools: JSON.stringify([ucas('KCL', { applicationDate: '2027-01-02' })]),
    });
    const later = await create({ name: '週己', targetSchools: JSON.stringify([ucas('UCL', { cycleId: c2028 })]) });
    const all = await t.get<Page<DueSoon>>(`${BASE}/thisWeek`, { pageSize: 100 }, admin);
    expect(all.meta.code, all.meta.message).toBe(200);
    const ours = new Set([due, early, sent, later]);
    expect(
      all.data.list
        .filter((d) => ours.has(d.applicationId))
        .map((d) => [d.applicationId, d.kind, d.detail, d.daysLeft]),
    ).toEqual([[due, 'ucas', '2027', 3]]);
  });

  it('lists a language test of 29 February as running out on 28 February, in a week ending that day', async () => {
    await moveTo('2030-02-21');
    const id = await create({
      name: '週庚',
      languageScores: JSON.stringify([{ testType: 'ielts_ukvi', testDate: '2028-02-29', total: 6.5 }]),
    });
    const all = await t.get<Page<DueSoon>>(`${BASE}/thisWeek`, { pageSize: 100 }, admin);
    expect(all.meta.code, all.meta.message).toBe(200);
    expect(all.data.list.filter((d) => d.applicationId === id).map((d) => [d.kind, d.dueDate, d.daysLeft])).toEqual([
      ['language', '2030-02-28', 7],
    ]);
  });
});
