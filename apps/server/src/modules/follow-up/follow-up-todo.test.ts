import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { sql, type Kysely } from 'kysely';
import type { ApplicationSaved, Dashboard, FollowUp, MessageBox, MessageBoxItem } from '@study-crm/shared';
import { testClock } from '../../test/harness.js';
import { ask } from '../../test/assistant-fixtures.js';
import * as todoDueEndOfDay from '../../db/migrations/20261207_0088_todo_due_end_of_day.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import type { Conn } from '../../db/transaction.js';
import { systemClock } from '../../lib/clock.js';
import { createApplicationRepository } from '../application/index.js';
import { createDictRepository } from '../dict/index.js';
import { createMemberCredentials } from '../member/index.js';
import { createPeopleRepository, createPeopleService } from '../people/index.js';
import { createFollowUpRepository } from './follow-up.repository.js';
import { createFollowUpService } from './follow-up.service.js';

const FOLLOW = '/api/v1/mc/followUp';

// Follow-up items feed the follow teacher's to-dos in the navbar message box (issue 3).
describe('follow-up to-dos', () => {
  const t = useTestApp({ signIn: true });
  let appId: number;
  let a: { id: number; token: string };
  let b: { id: number; token: string };

  beforeAll(async () => {
    const aId = await staffWith(t, 'teachera', []);
    const bId = await staffWith(t, 'teacherb', []);
    a = { id: aId, token: (await t.login('teachera', 'Staff#2026pass')).token };
    b = { id: bId, token: (await t.login('teacherb', 'Staff#2026pass')).token };
    appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), t.admin)).data.id;
  });

  const box = async (who: { token: string }) =>
    (await t.get<MessageBox>('/api/v1/message/box', { tab: 'todo', pageSize: 50 }, { token: who.token })).data;
  const todoOf = (m: MessageBox, title: string): MessageBoxItem | undefined =>
    m.todo.list.find((x) => x.title === title);
  const add = async (body: Record<string, string | number>) => {
    const res = await t.post<FollowUp>(`${FOLLOW}/add`, { applicationId: appId, ...body }, t.admin);
    expect(res.meta.code).toBe(200);
    return res.data.id;
  };

  it('gives the follow teacher an unread to-do naming the student and service, due at the end of the contract date', async () => {
    await add({ service: 'visa', followTeacherId: a.id, contractDate: '2026-09-01' });
    const mine = await box(a);
    expect(mine.unread.todo).toBe(1);
    expect(mine.todo.list).toHaveLength(1);
    expect(mine.todo.list[0]).toMatchObject({
      title: '王小明 · 簽證',
      kind: 'followUp',
      link: `/applicationManage/userFollow?id=${appId}`,
      // The end of 1 September in London (summer time: 23:00 UTC).
      dueAt: Date.UTC(2026, 8, 1, 23) - 1,
      done: 0,
      read: 0,
    });
    // Nobody else sees it.
    expect((await box(b)).todo.total).toBe(0);
    expect((await box(t.admin)).todo.list.some((x) => x.kind === 'followUp')).toBe(false);
  });

  it('stops counting the to-do once the item is marked done, and counts it again when reopened', async () => {
    const id = await add({ service: 'accommodation', followTeacherId: a.id });
    expect((await box(a)).unread.todo).toBe(2);

    const done = await t.post<FollowUp>(`${FOLLOW}/done`, { id, isDone: 1 }, t.admin);
    expect(done.meta.code).toBe(200);
    const after = await box(a);
    expect(after.unread.todo).toBe(1);
    expect(todoOf(after, '王小明 · 住宿')).toMatchObject({ done: 1, dueAt: null });

    await t.post(`${FOLLOW}/done`, { id, isDone: 0 }, t.admin);
    const reopened = await box(a);
    expect(reopened.unread.todo).toBe(2);
    expect(todoOf(reopened, '王小明 · 住宿')?.done).toBe(0);

    // Marking done through the edit form does the same.
    await t.post(`${FOLLOW}/update`, { id, service: 'accommodation', followTeacherId: a.id, isDone: 1 }, t.admin);
    expect(todoOf(await box(a), '王小明 · 住宿')?.done).toBe(1);
    expect((await box(a)).unread.todo).toBe(1);
  });

  it('moves the to-do to the new follow teacher, unread, and follows a changed service', async () => {
    const id = await add({ service: 'pre_departure', followTeacherId: a.id });
    const before = await box(a);
    const item = todoOf(before, '王小明 · 行前準備');
    expect(item).toBeDefined();
    // Teacher A reads it, then it is reassigned.
    expect(
      (await t.post('/api/v1/message/box/read', { tab: 'todo', id: item!.id }, { token: a.token })).meta.code,
    ).toBe(200);
    const unreadA = (await box(a)).unread.todo;

    const res = await t.post<FollowUp>(
      `${FOLLOW}/update`,
      { id, service: 'visa', followTeacherId: b.id, contractDate: '2026-10-01' },
      t.admin,
    );
    expect(res.meta.code).toBe(200);
    const mineA = await box(a);
    expect(todoOf(mineA, '王小明 · 行前準備')).toBeUndefined();
    expect(mineA.todo.list.some((x) => x.id === item!.id)).toBe(false);
    expect(mineA.unread.todo).toBe(unreadA);
    const mineB = await box(b);
    expect(mineB.unread.todo).toBe(1);
    expect(mineB.todo.list[0]).toMatchObject({
      id: item!.id,
      title: '王小明 · 簽證',
      dueAt: Date.UTC(2026, 9, 1, 23) - 1,
      read: 0,
      done: 0,
    });
  });

  it('makes no to-do for an item without a follow teacher or already done, and drops it when the teacher is removed', async () => {
    const totalA = (await box(a)).todo.total;
    await add({ service: 'consultation' });
    await add({ service: 'school_selection', followTeacherId: a.id, isDone: 1 });
    expect((await box(a)).todo.total).toBe(totalA);

    const id = await add({ service: 'document_preparation', followTeacherId: a.id });
    expect(todoOf(await box(a), '王小明 · 文書準備')).toBeDefined();
    await t.post(`${FOLLOW}/update`, { id, service: 'document_preparation' }, t.admin);
    expect(todoOf(await box(a), '王小明 · 文書準備')).toBeUndefined();
    // Reassigning to a teacher again brings it back.
    await t.post(`${FOLLOW}/update`, { id, service: 'document_preparation', followTeacherId: b.id }, t.admin);
    expect(todoOf(await box(b), '王小明 · 文書準備')).toMatchObject({ done: 0, read: 0 });
  });

  it('writes neither the item nor a to-do when the follow teacher is refused', async () => {
    const totalA = (await box(a)).todo.total;
    const res = await t.post(
      `${FOLLOW}/add`,
      { applicationId: appId, service: 'visa', followTeacherId: 424242 },
      t.admin,
    );
    expect(res.meta.code).toBe(400);
    expect((await box(a)).todo.total).toBe(totalA);
  });

  it('rolls the follow-up write back when its to-do cannot be written', async () => {
    const db = t.db.db;
    const service = createFollowUpService({
      repo: createFollowUpRepository(db),
      // The application's summary, read as the application service reads it.
      applications: { summaryOf: (id: number, tx?: Conn) => createApplicationRepository(db).find(id, tx) },
      people: createPeopleService(createPeopleRepository(db), createMemberCredentials(db, systemClock).insertStudent),
      dict: createDictRepository(db),
      inbox: { syncSourceTodo: () => Promise.reject(new Error('to-do write failed')) },
      clock: systemClock,
    });
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('followUp')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('applicationId', '=', appId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(service.add({ applicationId: appId, service: 'visa', followTeacherId: a.id })).rejects.toThrow(
      'to-do write failed',
    );
    expect(await count()).toBe(before);
  });
});

// Decision 347: a follow-up item's to-do is due at the end of its contract date's UK day, so on that day it is no
// overdue item on the dashboard and is among the assistant's deadlines.
describe('a follow-up to-do on its contract date', () => {
  const clock = testClock(Date.UTC(2026, 11, 7, 22, 30));
  const t = useTestApp({ signIn: true, clock, env: { DELIVERY_WORKER: 'off', ASSISTANT_RATE_PER_MINUTE: '1000' } });
  let teacher: { id: number; token: string };

  beforeAll(async () => {
    const id = await staffWith(t, 'teacherday', []);
    teacher = { id, token: (await t.login('teacherday', 'Staff#2026pass')).token };
  });

  const todos = async () => {
    const res = await t.get<Dashboard>('/api/v1/cake/rpt/dashboard', {}, { token: teacher.token });
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.todos;
  };

  it('is open, not overdue, all that UK day and among its deadlines; overdue once the day has ended', async () => {
    const appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '林到期' }), t.admin)).data.id;
    const res = await t.post<FollowUp>(
      `${FOLLOW}/add`,
      { applicationId: appId, service: 'visa', followTeacherId: teacher.id, contractDate: '2026-12-07' },
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    expect(await todos()).toMatchObject({ open: 1, overdue: 0, dueSoon: 1 });
    const deadlines = await ask(t, 'What deadlines are in the next 7 days?', { token: teacher.token });
    expect(deadlines.text).toContain('林到期 · 簽證');
    // Winter: the UK day ends at 24:00 UTC.
    const box = await t.get<MessageBox>('/api/v1/message/box', { tab: 'todo' }, { token: teacher.token });
    expect(box.data.todo.list.map((x) => x.dueAt)).toEqual([Date.UTC(2026, 11, 8) - 1]);

    clock.set(Date.UTC(2026, 11, 7, 23, 59));
    expect(await todos()).toMatchObject({ open: 1, overdue: 0 });
    clock.set(Date.UTC(2026, 11, 8, 0, 0, 1));
    expect(await todos()).toMatchObject({ open: 1, overdue: 1 });
  });

  it('moves the to-dos written before to the end of their UK day (migration 0088), and back', async () => {
    // The migrations' view of the database: no plugins, no table types.
    const raw = t.db.db.withoutPlugins() as unknown as Kysely<unknown>;
    let sourceId = 900000;
    const insert = async (sourceKind: string, dueAt: number | null) =>
      (
        await sql<{ id: number }>`insert into member_todo
          (member_id, kind, title, link, due_at, done, created_at, updated_at, source_kind, source_id)
          values (${teacher.id}, ${sourceKind}, 'old', null, ${dueAt}, 0, 0, 0, ${sourceKind}, ${++sourceId})
          returning id`.execute(raw)
      ).rows[0]!.id;
    const summer = await insert('followUp', Date.UTC(2026, 6, 15));
    const winter = await insert('followUp', Date.UTC(2026, 0, 15));
    const undated = await insert('followUp', null);
    // A UK-admissions reminder's and a data request's to-dos likewise (decision 342); another source's stays.
    const reminder = await insert('applicationReminder', Date.UTC(2026, 6, 16));
    const request = await insert('privacyRequest', Date.UTC(2026, 11, 1));
    const other = await insert('privacyDue', Date.UTC(2026, 6, 16));
    const due = async () => {
      const rows = await t.db.db
        .selectFrom('memberTodo')
        .select(['id', 'dueAt'])
        .where('id', 'in', [summer, winter, undated, reminder, request, other])
        .execute();
      return Object.fromEntries(rows.map((r) => [r.id, r.dueAt === null ? null : Number(r.dueAt)]));
    };
    await todoDueEndOfDay.up(raw);
    const moved = {
      [summer]: Date.UTC(2026, 6, 15, 23) - 1,
      [winter]: Date.UTC(2026, 0, 16) - 1,
      [undated]: null,
      [reminder]: Date.UTC(2026, 6, 16, 23) - 1,
      [request]: Date.UTC(2026, 11, 2) - 1,
      [other]: Date.UTC(2026, 6, 16),
    };
    expect(await due()).toEqual(moved);
    await todoDueEndOfDay.up(raw);
    expect(await due()).toEqual(moved);
    await todoDueEndOfDay.down(raw);
    expect(await due()).toEqual({
      [summer]: Date.UTC(2026, 6, 15),
      [winter]: Date.UTC(2026, 0, 15),
      [undated]: null,
      [reminder]: Date.UTC(2026, 6, 16),
      [request]: Date.UTC(2026, 11, 1),
      [other]: Date.UTC(2026, 6, 16),
    });
  });
});
