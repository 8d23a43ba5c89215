import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ApplicationSaved, ApplicationView, CycleOption, Dashboard, MessageBox } from '@study-crm/shared';
import { PERM } from '@study-crm/shared';
import { createAdmissionsRepository, createAdmissionsService } from '../admissions/index.js';
import { createInboxRepository, createInboxService } from '../inbox/index.js';
import { createReminderRepository, createReminderService } from './index.js';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { testClock, type Values } from '../../test/harness.js';

// 09:00 UTC on a UK day (GMT in winter).
const at = (day: string) => Date.parse(`${day}T09:00:00Z`);

// The daily reminders (issue 40) with a controllable clock: made on the right day, once, and taken away when resolved.
describe('application reminders', () => {
  const clock = testClock(at('2026-11-22'));
  const t = useTestApp({ signIn: true, clock });
  let teacherId: number;
  let teacher: { token: string; mid: number };
  let admin: { token: string; mid: number };
  let c2027: number;

  const create = async (v: Values) => {
    const res = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ followTeacherId: teacherId, ...v }),
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.id;
  };
  const update = async (id: number, patch: (v: ApplicationView) => Values) => {
    const view = (await t.get<ApplicationView>(`${BASE}/view`, { id }, admin)).data;
    const body: Values = {};
    for (const [k, v] of Object.entries(view))
      body[k] = Array.isArray(v) ? JSON.stringify(v) : (v as string | number | null);
    const res = await t.post(`${BASE}/update`, { ...body, ...patch(view) }, admin);
    expect(res.meta.code, res.meta.message).toBe(200);
  };
  const todos = async () => {
    const box = await t.get<MessageBox>('/api/v1/message/box', { tab: 'todo', pageSize: 50 }, teacher);
    return box.data.todo.list.filter((i) => i.kind?.startsWith('uk'));
  };
  // Sessions follow the clock too: sign in again on the new day.
  const moveTo = async (day: string) => {
    clock.set(at(day));
    admin = await t.login();
    teacher = await t.login('remindteacher', 'Staff#2026pass');
  };
  const runOn = async (day: string) => {
    await moveTo(day);
    return t.app.reminders.run();
  };
  const reminderRows = (applicationId: number) =>
    t.db.db
      .selectFrom('applicationReminder')
      .select(['kind', 'dueDate', 'daysBefore', 'resolvedAt'])
      .where('applicationId', '=', applicationId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    teacherId = await staffWith(t, 'remindteacher', [PERM.applicationList]);
    await moveTo('2026-11-22');
    const cycles = await t.get<CycleOption[]>('/api/v1/mc/admissionsCycle/options', {}, t.admin);
    c2027 = cycles.data.find((c) => c.entryYear === 2027)!.id;
  });

  it('reminds the teacher 14, 7, 3 and 1 days before a passport expiring before the course, once each, one to-do at a time', async () => {
    // 2027 entry: the course starts 2027-09-01, so a passport expiring 2026-12-20 is well inside six months.
    const id = await create({
      passportExpiryDate: '2026-12-20',
      targetSchools: JSON.stringify([{ school: 'UCL', route: 'ucas', cycleId: c2027, applicationDate: '2026-11-01' }]),
    });
    expect((await runOn('2026-12-05')).created).toBe(0);
    expect(await todos()).toEqual([]);

    expect((await runOn('2026-12-06')).created).toBe(1);
    expect((await runOn('2026-12-06')).created).toBe(0);
    const first = await todos();
    expect(first).toEqual([
      expect.objectContaining({
        kind: 'ukPassport',
        title: '王小明 · 2026-12-20 · D-14',
        link: `/applicationManage/applicationDetail?id=${id}`,
        done: 0,
      }),
    ]);
    for (const day of ['2026-12-07', '2026-12-12']) expect((await runOn(day)).created).toBe(0);
    expect((await runOn('2026-12-13')).created).toBe(1);
    expect((await todos()).map((i) => i.title)).toEqual(['王小明 · 2026-12-20 · D-7']);
    await runOn('2026-12-17');
    await runOn('2026-12-19');
    expect((await todos()).map((i) => i.title)).toEqual(['王小明 · 2026-12-20 · D-1']);
    expect((await reminderRows(id)).map((r) => r.daysBefore)).toEqual([14, 7, 3, 1]);

    // Resolved: a new passport. The to-do goes, and nothing is made again.
    await update(id, () => ({ passportExpiryDate: '2036-12-19' }));
    expect((await runOn('2026-12-19')).resolved).toBe(1);
    expect(await todos()).toEqual([]);
    expect((await reminderRows(id)).every((r) => r.resolvedAt !== null)).toBe(true);
  });

  it('leaves a passport valid for six months after the course start alone', async () => {
    await moveTo('2026-11-22');
    const id = await create({
      passportExpiryDate: '2028-03-10',
      targetSchools: JSON.stringify([{ school: 'UCL', route: 'ucas', cycleId: c2027, applicationDate: '2026-11-01' }]),
    });
    await runOn('2028-02-25');
    expect((await reminderRows(id)).filter((r) => r.kind === 'passport')).toEqual([]);
  });

  it('reminds of the equal-consideration deadline while a choice is not sent, and clears it once sent', async () => {
    await moveTo('2026-11-22');
    const id = await create({
      passportExpiryDate: '2036-01-01',
      targetSchools: JSON.stringify([
        { school: 'KCL', route: 'ucas', cycleId: c2027 },
        { school: 'LSE', route: 'ucas', cycleId: c2027 },
      ]),
    });
    expect((await runOn('2026-12-30')).created).toBe(1);
    expect((await todos()).map((i) => [i.kind, i.title])).toEqual([
      ['ukDeadline', '王小明 · UCAS 2027 · 2027-01-13 · D-14'],
    ]);
    await update(id, (v) => ({
      targetSchools: JSON.stringify(v.targetSchools.map((s) => ({ ...s, applicationDate: '2026-12-30' }))),
    }));
    expect((await runOn('2026-12-30')).resolved).toBe(1);
    expect(await todos()).toEqual([]);
  });

  it('reminds before a language test runs out (two years from the test date)', async () => {
    await moveTo('2026-11-22');
    const id = await create({
      passportExpiryDate: '2036-01-01',
      targetSchools: JSON.stringify([]),
      languageScores: JSON.stringify([{ testType: 'ielts_ukvi', testDate: '2025-02-10', total: 6.5 }]),
    });
    expect((await runOn('2027-02-03')).created).toBe(1);
    expect((await todos()).map((i) => [i.kind, i.title])).toEqual([
      ['ukLanguage', '王小明 · ielts_ukvi · 2027-02-10 · D-7'],
    ]);
    // The date passes: the to-do goes.
    await runOn('2027-02-11');
    expect(await todos()).toEqual([]);
    expect((await reminderRows(id)).map((r) => r.resolvedAt !== null)).toEqual([true]);
  });

  it('creates each reminder once when two workers run at the same moment', async () => {
    await moveTo('2026-11-22');
    const id = await create({
      passportExpiryDate: '2027-03-04',
      targetSchools: JSON.stringify([{ school: 'UCL', route: 'ucas', cycleId: c2027, applicationDate: '2026-11-01' }]),
    });
    // A second worker: its own services over the same database.
    const other = createReminderService({
      repo: createReminderRepository(t.db.db),
      inbox: createInboxService(createInboxRepository(t.db.db), clock),
      cycles: createAdmissionsService({ repo: createAdmissionsRepository(t.db.db), clock }).allDates,
      clock,
    });
    await moveTo('2027-03-01');
    const [a, b] = await Promise.all([t.app.reminders.run(), other.run()]);
    expect(a.created + b.created).toBe(1);
    expect(await reminderRows(id)).toEqual([expect.objectContaining({ kind: 'passport', daysBefore: 3 })]);
    const rows = await t.db.db
      .selectFrom('memberTodo')
      .select('title')
      .where('sourceKind', '=', 'applicationReminder')
      .where('memberId', '=', teacherId)
      .where('done', '=', 0)
      .execute();
    expect(rows.map((r) => r.title)).toEqual(['王小明 · 2027-03-04 · D-3']);
  });
  it('leaves alone the reminders of a day after its own: two workers on either side of UK midnight', async () => {
    await moveTo('2026-11-22');
    const id = await create({
      passportExpiryDate: '2027-06-04',
      targetSchools: JSON.stringify([{ school: 'UCL', route: 'ucas', cycleId: c2027, applicationDate: '2026-11-01' }]),
    });
    // A worker whose run began just before midnight: its day is the one before the app's.
    const yesterday = testClock(at('2027-05-20'));
    const late = createReminderService({
      repo: createReminderRepository(t.db.db),
      inbox: createInboxService(createInboxRepository(t.db.db), yesterday),
      cycles: createAdmissionsService({ repo: createAdmissionsRepository(t.db.db), clock: yesterday }).allDates,
      clock: yesterday,
    });
    // 2027-05-21 is 14 days before the expiry: today's worker makes the reminder…
    expect((await runOn('2027-05-21')).created).toBe(1);
    // …and yesterday's, whose window ends on 2027-06-03, does not take it away (it would never be made again).
    expect(await late.run()).toEqual({ created: 0, resolved: 0 });
    expect(await reminderRows(id)).toEqual([
      expect.objectContaining({ kind: 'passport', daysBefore: 14, dueDate: '2027-06-04', resolvedAt: null }),
    ]);
  });
  it('puts a to-do due at the end of its UK day, in summer and winter time: not overdue until the day is over', async () => {
    await moveTo('2026-11-22');
    // Tests valid to 2027-01-20 (GMT) and 2027-07-15 (BST).
    await create({
      passportExpiryDate: '2036-01-01',
      targetSchools: JSON.stringify([]),
      languageScores: JSON.stringify([
        { testType: 'ielts_ukvi', testDate: '2025-01-20', total: 6.5 },
        { testType: 'ielts_ukvi', testDate: '2025-07-15', total: 7 },
      ]),
    });
    const dueOf = async (date: string) => (await todos()).find((i) => i.title.includes(date))?.dueAt;
    await runOn('2027-01-19');
    expect(await dueOf('2027-01-20')).toBe(Date.parse('2027-01-20T23:59:59.999Z'));
    await runOn('2027-07-14');
    expect(await dueOf('2027-07-15')).toBe(Date.parse('2027-07-15T22:59:59.999Z'));

    // The dashboard counts it overdue from 00:00 London time the next day, not at 12:00 on its own day.
    const overdueAt = async (instant: string) => {
      clock.set(Date.parse(instant));
      const me = await t.login('remindteacher', 'Staff#2026pass');
      const res = await t.get<Dashboard>('/api/v1/cake/rpt/dashboard', {}, me);
      expect(res.meta.code, res.meta.message).toBe(200);
      return res.data.todos.overdue;
    };
    const before = await overdueAt('2027-07-14T23:00:00Z');
    expect(await overdueAt('2027-07-15T11:00:00Z')).toBe(before);
    expect(await overdueAt('2027-07-15T22:59:59.999Z')).toBe(before);
    expect(await overdueAt('2027-07-15T23:00:00Z')).toBe(before + 1);
  });
  it('reads expiring passports and language tests by a range of an index, not the whole table (decision 263)', async () => {
    if (t.db.dialect !== 'sqlite') return; // PostgreSQL's planner prefers a scan on tables this small
    const plan = async (query: ReturnType<typeof sql>) =>
      (await sql<{ detail: string }>`explain query plan ${query}`.execute(t.db.db)).rows.map((r) => r.detail).join(' ');
    expect(
      await plan(sql`select id from application where (deleted_at + 0) is null and status not in ('rejected')
        and passport_expiry_date >= '2026-11-22' and passport_expiry_date <= '2027-05-22'`),
    ).toContain('USING INDEX application_passport_expiry_ix (passport_expiry_date>? AND passport_expiry_date<?)');
    expect(
      await plan(sql`select a.id from application a join application_language_score ls on ls.application_id = a.id
        where (a.deleted_at + 0) is null and ls.future_booking = 0
        and ls.test_date >= '2024-11-22' and ls.test_date <= '2024-12-22'`),
    ).toContain('USING INDEX application_language_score_test_date_ix (test_date>? AND test_date<?)');
    expect(
      await plan(sql`select a.id from application a join application_target_school ts on ts.application_id = a.id
        where (a.deleted_at + 0) is null and ts.cycle_id in (1, 2) and ts.application_date is null`),
    ).toContain('USING INDEX application_target_school_cycle_ix (cycle_id=?)');
  });

  it('reminds of a test taken on 29 February on 28 February two years on, in a window ending that day', async () => {
    await moveTo('2030-02-14');
    const res = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({
        followTeacherId: teacherId,
        passportExpiryDate: '2036-01-01',
        targetSchools: JSON.stringify([]),
        languageScores: JSON.stringify([{ testType: 'ielts_ukvi', testDate: '2028-02-29', total: 6.5 }]),
      }),
      admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    const id = res.data.id;
    await runOn('2030-02-14');
    await runOn('2030-02-21');
    expect((await reminderRows(id)).map((r) => [r.kind, r.dueDate, r.daysBefore])).toEqual([
      ['language', '2030-02-28', 14],
      ['language', '2030-02-28', 7],
    ]);
  });
});
