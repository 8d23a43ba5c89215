import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import type { MessageBox } from '@study-crm/shared';
import { createInboxRepository, type InboxRepository } from './inbox.repository.js';
import { createStaff } from '../../test/access-fixtures.js';

const OTHER = { login: 'staff2', password: 'Staff#2026pass' };

describe('message box', () => {
  const t = useTestApp();
  let repo: InboxRepository;
  let admin: { token: string; mid: number };
  let other: { token: string; mid: number };

  beforeAll(async () => {
    repo = createInboxRepository(t.db.db);
    admin = await t.login();
    const role = await t.db.db.selectFrom('role').select('id').executeTakeFirstOrThrow();
    await createStaff(t.db.db, OTHER.login, [role.id], OTHER.password);
    other = await t.login(OTHER.login, OTHER.password);

    await repo.addNotice({ memberId: 0, title: 'To everyone', content: 'hello', createdBy: admin.mid, now: 1000 });
    await repo.addNotice({ memberId: admin.mid, title: 'To admin', content: null, createdBy: null, now: 2000 });
    await repo.addNotice({ memberId: other.mid, title: 'To staff2', content: null, createdBy: null, now: 3000 });
    for (let i = 1; i <= 7; i++) {
      await repo.addMessage({ memberId: admin.mid, title: `Message ${i}`, content: null, link: null, now: i * 100 });
    }
    await repo.addTodo({
      memberId: admin.mid,
      kind: 'paymentConfirm',
      title: 'Confirm payment',
      link: '/transactionsManage/transactions',
      dueAt: 5000,
      now: 10,
    });
    const done = await repo.addTodo({
      memberId: admin.mid,
      kind: 'followUpDue',
      title: 'Old',
      link: null,
      dueAt: 1,
      now: 5,
    });
    await repo.setTodoDone(done, 1, 20);
  });

  const box = (token: string, query = {}) => t.get<MessageBox>('/api/v1/message/box', query, { token });

  it('lists each tab newest first with unread counts addressed to the member only', async () => {
    const res = await box(admin.token);
    expect(res.meta.code).toBe(200);
    expect(res.data.unread).toEqual({ message: 7, notice: 2, todo: 1 });
    expect(res.data.notice.list.map((n) => n.title)).toEqual(['To admin', 'To everyone']);
    expect(res.data.message.total).toBe(7);
    expect(res.data.message.list).toHaveLength(5);
    expect(res.data.message.list[0]?.title).toBe('Message 7');
    expect(res.data.todo.list.map((x) => [x.title, x.done])).toEqual([
      ['Confirm payment', 0],
      ['Old', 1],
    ]);
    const theirs = await box(other.token);
    expect(theirs.data.notice.list.map((n) => n.title)).toEqual(['To staff2', 'To everyone']);
    expect(theirs.data.unread).toEqual({ message: 0, notice: 2, todo: 0 });
  });

  it('pages the chosen tab only', async () => {
    const res = await box(admin.token, { tab: 'message', pageNum: 2, pageSize: 5 });
    expect(res.data.message.pageNum).toBe(2);
    expect(res.data.message.list.map((m) => m.title)).toEqual(['Message 2', 'Message 1']);
    expect(res.data.notice.pageNum).toBe(1);
  });

  it('marks one item read for that member only', async () => {
    const first = (await box(admin.token)).data.notice.list.find((n) => n.title === 'To everyone')!;
    const res = await t.post('/api/v1/message/box/read', { tab: 'notice', id: first.id }, { token: admin.token });
    expect(res.meta.code).toBe(200);
    const again = await t.post('/api/v1/message/box/read', { tab: 'notice', id: first.id }, { token: admin.token });
    expect(again.meta.code).toBe(200);
    const after = await box(admin.token);
    expect(after.data.unread.notice).toBe(1);
    expect(after.data.notice.list.find((n) => n.id === first.id)?.read).toBe(1);
    expect((await box(other.token)).data.unread.notice).toBe(2);
  });

  it('refuses to mark an item addressed to someone else', async () => {
    const theirs = (await box(other.token)).data.notice.list.find((n) => n.title === 'To staff2')!;
    const res = await t.post('/api/v1/message/box/read', { tab: 'notice', id: theirs.id }, { token: admin.token });
    expect(res.meta.code).toBe(404);
  });

  it('marks a whole tab read and leaves the others', async () => {
    const res = await t.post<{ marked: number }>(
      '/api/v1/message/box/readAll',
      { tab: 'message' },
      { token: admin.token },
    );
    expect(res.meta.code).toBe(200);
    expect(res.data.marked).toBe(7);
    const after = await box(admin.token);
    expect(after.data.unread).toEqual({ message: 0, notice: 1, todo: 1 });
    const twice = await t.post<{ marked: number }>(
      '/api/v1/message/box/readAll',
      { tab: 'message' },
      { token: admin.token },
    );
    expect(twice.data.marked).toBe(0);
  });

  it('lists open to-dos by due time with the undated ones after the dated, on either engine', async () => {
    const role = await t.db.db.selectFrom('role').select('id').executeTakeFirstOrThrow();
    await createStaff(t.db.db, 'staff3', [role.id], OTHER.password);
    const third = await t.login('staff3', OTHER.password);
    const todo = (title: string, dueAt: number | null, now: number) =>
      repo.addTodo({ memberId: third.mid, kind: 'followUpDue', title, link: null, dueAt, now });
    await todo('Undated older', null, 1);
    await todo('Due late', 9000, 2);
    await todo('Undated newer', null, 3);
    await todo('Due soon', 4000, 4);
    await repo.setTodoDone(await todo('Done', 100, 5), 1, 6);
    const res = await box(third.token, { tab: 'todo' });
    expect(res.meta.code, res.meta.message).toBe(200);
    expect(res.data.todo.list.map((x) => x.title)).toEqual([
      'Due soon',
      'Due late',
      'Undated newer',
      'Undated older',
      'Done',
    ]);
  });

  it('names the field for an unknown tab and refuses signed-out callers', async () => {
    const bad = await t.post('/api/v1/message/box/readAll', { tab: 'spam' }, { token: admin.token });
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toContain('tab');
    expect((await box('')).meta.code).toBe(401);
  });
});
