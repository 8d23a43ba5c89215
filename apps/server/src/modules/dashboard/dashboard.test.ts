import { beforeAll, describe, expect, it } from 'vitest';
import { PERM, type ApplicationSaved, type Dashboard, type PaymentView } from '@study-crm/shared';
import { testClock, type Values } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { seedProjectTasks, type TaskSeed } from '../../test/task-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';

const URL = '/api/v1/cake/rpt/dashboard';
const DAY = 86_400_000;
// The test clock: 2026-11-22 09:00 UTC, so the 30-day period is 2026-10-24 … 2026-11-22.
const clock = testClock();
const NOW = clock.now();

describe('dashboard figures', () => {
  // ROLE_DASHPENDING requires two-factor sign-in, for the pending member below.
  const t = useTestApp({ signIn: true, clock, env: { DELIVERY_WORKER: 'off', TWO_FACTOR_ROLES: 'ROLE_DASHPENDING' } });
  const token = () => t.admin.token;
  const get = (q: Values = {}, tk = token()) => t.get<Dashboard>(URL, q, { token: tk });
  let pendingGbp = 0;
  let firstApp = 0;

  // Known data around the period's edges: what falls inside is counted, what falls outside is not.
  beforeAll(async () => {
    const apps: [string, string][] = [
      ['2026-11-22', 'submitted'],
      ['2026-11-22', 'offer_conditional'],
      ['2026-11-01', 'enrolled'],
      ['2026-10-24', 'offer_unconditional'],
      ['2026-10-23', 'submitted'],
    ];
    const ids: number[] = [];
    for (const [i, [applicationDate, status]] of apps.entries()) {
      const res = await t.post<ApplicationSaved>(
        `${BASE}/create`,
        fullForm({ applicationDate, status, passportNo: `PD${i}000001`, email: `dash${i}@example.com` }),
        { token: token() },
      );
      expect(res.meta.code).toBe(200);
      ids.push(res.data.id);
    }
    firstApp = ids[0]!;
    const pay = async (o: Values, confirm = false, voided = false) => {
      const res = await t.post<PaymentView>(
        '/api/v1/mc/paymentRecord/create',
        { applicationId: ids[0], title: 'Fee', type: 'collection', transactionDate: '2026-11-20', ...o },
        { token: token() },
      );
      expect(res.meta.code).toBe(200);
      if (confirm) await t.post('/api/v1/mc/paymentRecord/confirm', { id: res.data.id }, { token: token() });
      if (voided)
        await t.post('/api/v1/mc/paymentRecord/void', { id: res.data.id, reason: 'twice' }, { token: token() });
      return res.data.id;
    };
    await pay({ amount: '1200.50', currency: 'GBP' }, true);
    pendingGbp = await pay({ amount: '100', currency: 'GBP' });
    await pay({ amount: '50.25', currency: 'GBP', type: 'refund' }, true);
    await pay({ amount: '30000', currency: 'JPY' });
    await pay({ amount: '999', currency: 'GBP' }, false, true);
    await pay({ amount: '77', currency: 'GBP', transactionDate: '2026-10-01' }, true);

    const db = t.db.db;
    const old = NOW - 60 * DAY;
    const follow = (number: number, createdAt: number, doneAt: number | null) => ({
      applicationId: ids[1]!,
      number,
      service: 'visa',
      isDone: doneAt ? 1 : 0,
      doneAt,
      status: 'open',
      createdAt,
      updatedAt: NOW,
    });
    await db
      .insertInto('followUp')
      .values([follow(1, NOW, NOW), follow(2, NOW, null), follow(3, old, NOW - DAY), follow(4, old, null)])
      .execute();
    const mail = (status: 'queued' | 'sent' | 'failed', createdAt = NOW, channel = 'email') => ({
      channel,
      messageId: 1,
      recipient: 'x@example.com',
      status,
      nextAttemptAt: createdAt,
      sentAt: status === 'sent' ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    });
    await db
      .insertInto('deliveryOutbox')
      .values([
        mail('sent'),
        mail('sent'),
        mail('failed'),
        mail('queued'),
        mail('sent', NOW, 'sms'),
        mail('failed', NOW, 'sms'),
        mail('sent', old, 'sms'),
        mail('sent', old),
      ])
      .execute();
    const todo = (dueAt: number | null, done: 0 | 1, createdAt = NOW, memberId = t.admin.mid) => ({
      memberId,
      kind: 'task',
      title: 'Call the student',
      dueAt,
      done,
      createdAt,
      updatedAt: createdAt,
    });
    await db
      .insertInto('memberTodo')
      .values([todo(NOW - 3_600_000, 0), todo(NOW + 3 * DAY, 0), todo(null, 0), todo(null, 1), todo(null, 1, old)])
      .execute();
  });

  it('gives the exact figures of the past 30 days to an administrator', async () => {
    const res = await get();
    expect(res.meta.code).toBe(200);
    const d = res.data;
    expect(d).toMatchObject({ days: 30, from: '2026-10-24', to: '2026-11-22' });

    const a = d.applications!;
    expect(a.perDay).toHaveLength(30);
    expect(a.perDay[0]).toEqual({ date: '2026-10-24', count: 1 });
    expect(a.perDay.find((x) => x.date === '2026-11-01')).toEqual({ date: '2026-11-01', count: 1 });
    expect(a.perDay[29]).toEqual({ date: '2026-11-22', count: 2 });
    expect(a.perDay.reduce((s, x) => s + x.count, 0)).toBe(4);
    expect(a.newTotal).toBe(4);
    expect(a.byStatus).toEqual([
      { status: 'enrolled', count: 1 },
      { status: 'offer_conditional', count: 1 },
      { status: 'offer_unconditional', count: 1 },
      { status: 'submitted', count: 2 },
    ]);
    expect(a.periodByStatus).toContainEqual({ status: 'submitted', count: 1 });
    expect(a).toMatchObject({ offers: 2, offersTotal: 2, enrolled: 1, enrolledTotal: 1 });

    expect(d.payments!.currencies).toEqual([
      {
        currency: 'GBP',
        digits: 2,
        collectedConfirmedMinor: 120050,
        collectedPendingMinor: 10000,
        refundedConfirmedMinor: 5025,
        refundedPendingMinor: 0,
        count: 3,
      },
      {
        currency: 'JPY',
        digits: 0,
        collectedConfirmedMinor: 0,
        collectedPendingMinor: 30000,
        refundedConfirmedMinor: 0,
        refundedPendingMinor: 0,
        count: 1,
      },
    ]);
    expect(d.followUps).toEqual({ created: 2, createdDone: 1, doneInPeriod: 2 });
    expect(d.emails).toEqual({ sent: 2, failed: 1, pending: 1 });
    expect(d.sms).toEqual({ sent: 1, failed: 1, pending: 0 });
    expect(d.todos).toEqual({ open: 3, overdue: 1, dueSoon: 1, doneInPeriod: 1 });
  });

  it('narrows every figure to a shorter period', async () => {
    const d = (await get({ days: 7 })).data;
    expect(d).toMatchObject({ days: 7, from: '2026-11-16', to: '2026-11-22' });
    expect(d.applications).toMatchObject({ newTotal: 2, offers: 1, enrolled: 0, offersTotal: 2 });
    expect(d.applications!.perDay).toHaveLength(7);
    expect(d.payments!.currencies.map((c) => c.currency)).toEqual(['GBP', 'JPY']);
    expect(d.followUps).toEqual({ created: 2, createdDone: 1, doneInPeriod: 2 });
  });

  it('moves the payment sums with an edit of amount and date (per-day totals kept by triggers)', async () => {
    const gbp = async (q: Values = {}) => (await get(q)).data.payments!.currencies.find((c) => c.currency === 'GBP');
    const edit = (o: Values) =>
      t.post(
        '/api/v1/mc/paymentRecord/update',
        {
          id: pendingGbp,
          applicationId: firstApp,
          title: 'Fee',
          type: 'collection',
          transactionDate: '2026-11-20',
          amount: '100',
          currency: 'GBP',
          ...o,
        },
        { token: token() },
      );
    expect((await edit({ amount: '150.75' })).meta.code).toBe(200);
    expect(await gbp()).toMatchObject({ collectedPendingMinor: 15075, collectedConfirmedMinor: 120050, count: 3 });
    // Moved out of the 7-day period but still inside the 30-day one.
    expect((await edit({ amount: '150.75', transactionDate: '2026-11-01' })).meta.code).toBe(200);
    expect(await gbp({ days: 7 })).toMatchObject({ collectedPendingMinor: 0, count: 2 });
    expect(await gbp()).toMatchObject({ collectedPendingMinor: 15075, count: 3 });
    await edit({ amount: '100', transactionDate: '2026-11-20' });
    expect(await gbp()).toMatchObject({ collectedPendingMinor: 10000, count: 3 });
  });

  it("counts the caller's own tasks and contribution points of the period", async () => {
    const db = t.db.db;
    const me = t.admin.mid;
    const task = (status: TaskSeed['status'], dueDate: string | null, doneAt: number | null) => ({
      title: 't',
      assigneeId: me,
      status,
      dueDate,
      doneAt,
      points: 2,
    });
    // Today is 2026-11-22: one overdue, one due within a week, one without a date, one done in the period, one
    // done before it, and one nobody holds.
    const { projectId, taskIds } = await seedProjectTasks(db, 'Dash', NOW, [
      task('todo', '2026-11-20', null),
      task('doing', '2026-11-25', null),
      task('todo', null, null),
      task('done', null, NOW - DAY),
      task('done', null, NOW - 60 * DAY),
      { ...task('todo', '2026-11-20', null), assigneeId: null },
    ]);
    const record = (points: number, contributedOn: string) => ({
      memberId: me,
      projectId,
      taskId: null,
      title: 't',
      points,
      contributedOn,
      createdAt: NOW,
    });
    await db
      .insertInto('contribution')
      .values([record(2, '2026-11-21'), record(5, '2026-09-01')])
      .execute();
    expect(taskIds).toHaveLength(6);
    expect((await get()).data.tasks).toEqual({ open: 3, overdue: 1, dueSoon: 1, doneInPeriod: 1, points: 2 });
  });

  it('counts feedback of the period, what waits now and the median time to the first reply', async () => {
    const db = t.db.db;
    const HOUR = 3_600_000;
    const fb = (createdAt: number, status: 'open' | 'answered') => ({
      name: 'Parent',
      content: 'When is the deadline?',
      locale: 'en-US',
      status,
      createdAt,
    });
    const ids = (
      await db
        .insertInto('feedback')
        .values([
          fb(NOW - 2 * DAY, 'answered'),
          fb(NOW - DAY, 'answered'),
          fb(NOW - 3 * DAY, 'answered'),
          fb(NOW - HOUR, 'open'),
          fb(NOW - 90 * DAY, 'open'),
        ])
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const reply = (feedbackId: number, createdAt: number) => ({ feedbackId, content: 'Soon', createdAt });
    // First replies after 1 h, 3 h and 5 h (the second reply of the first one does not count): median 3 h.
    await db
      .insertInto('feedbackReply')
      .values([
        reply(ids[0]!, NOW - 2 * DAY + HOUR),
        reply(ids[0]!, NOW - DAY),
        reply(ids[1]!, NOW - DAY + 3 * HOUR),
        reply(ids[2]!, NOW - 3 * DAY + 5 * HOUR),
      ])
      .execute();
    expect((await get()).data.feedback).toEqual({ received: 4, answered: 3, openNow: 2, medianReplyMs: 3 * HOUR });
  });

  it('leaves out the sections whose list the member may not open (server side)', async () => {
    await staffWith(t, 'dashpay', [PERM.paymentList]);
    const payer = await t.login('dashpay', 'Staff#2026pass');
    const d = (await get({}, payer.token)).data;
    expect(d.applications).toBeNull();
    expect(d.followUps).toBeNull();
    expect(d.emails).toBeNull();
    expect(d.sms).toBeNull();
    expect(d.payments!.currencies).toHaveLength(2);
    expect(d.todos).toEqual({ open: 0, overdue: 0, dueSoon: 0, doneInPeriod: 0 });

    await staffWith(t, 'dashnone', []);
    const none = await t.login('dashnone', 'Staff#2026pass');
    const res = await get({}, none.token);
    expect(res.meta.code).toBe(200);
    expect(res.data).toMatchObject({
      applications: null,
      payments: null,
      followUps: null,
      emails: null,
      sms: null,
      feedback: null,
    });
  });

  it('shows a member whose required second factor is not set up none of their tasks, but their to-dos (decision 335)', async () => {
    const db = t.db.db;
    const pendingId = await staffWith(t, 'dashpending', [PERM.applicationList]);
    const task = (status: TaskSeed['status'], dueDate: string | null, doneAt: number | null) => ({
      title: 'Pending work',
      assigneeId: pendingId,
      status,
      dueDate,
      doneAt,
      points: 3,
    });
    const { projectId } = await seedProjectTasks(db, 'Pending', NOW, [
      task('todo', '2026-11-20', null),
      task('doing', '2026-11-25', null),
      task('done', null, NOW - DAY),
    ]);
    await db
      .insertInto('contribution')
      .values({
        memberId: pendingId,
        projectId,
        taskId: null,
        title: 't',
        points: 3,
        contributedOn: '2026-11-21',
        createdAt: NOW,
      })
      .execute();
    await db
      .insertInto('memberTodo')
      .values({
        memberId: pendingId,
        kind: 'task',
        title: 'Own to-do',
        dueAt: null,
        done: 0,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .execute();
    const pending = await t.login('dashpending', 'Staff#2026pass');
    const res = await get({}, pending.token);
    expect(res.meta.code).toBe(200);
    expect(res.data.tasks).toEqual({ open: 0, overdue: 0, dueSoon: 0, doneInPeriod: 0, points: 0 });
    expect(res.data.todos).toEqual({ open: 1, overdue: 0, dueSoon: 0, doneInPeriod: 0 });
    // No permission either (the hooks empty them).
    expect(res.data.applications).toBeNull();
  });

  it('refuses a period outside 1 to 30 days, naming the field (400)', async () => {
    for (const days of ['0', '31', 'abc', '-1', '99999999999', '7\u0000']) {
      const res = await get({ days });
      expectParamError(res, 'days');
    }
  });

  it('refuses a caller without a session (401)', async () => {
    expect((await t.get(URL, {}, { token: null })).meta.code).toBe(401);
  });
});
