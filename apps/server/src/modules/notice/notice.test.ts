import { beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  PERM,
  type MessageBox,
  type NoticeRecipient,
  type NoticeView,
  type Page,
  type Notice,
} from '@study-crm/shared';
import { personSearchText } from '@study-crm/shared';
import { testClock, type Values } from '../../test/harness.js';
import { useTestApp, type Session } from '../../test/signed-in.js';
import { createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { staffWith } from '../../test/application-fixtures.js';

const N = '/admin/v1/notices';
const MIN = 60_000;

describe('member notices', () => {
  const clock = testClock();
  const t = useTestApp({ clock, signIn: true });
  let other: Session;
  let otherId: number;
  let readerToken: string;

  beforeAll(async () => {
    const role = await t.db.db.selectFrom('role').select('id').executeTakeFirstOrThrow();
    otherId = await createStaff(t.db.db, 'noticeReader2', [role.id]);
    // With the search text the member module writes with names (a raw update would leave it stale).
    const names = await t.db.db
      .selectFrom('member')
      .select(['nickName', 'fullName', 'loginName', 'email'])
      .where('id', '=', otherId)
      .executeTakeFirstOrThrow();
    const changed = { mobile: '7700900123', engLastName: 'Lee', engFirstName: 'Ada' };
    await t.db.db
      .updateTable('member')
      .set({ ...changed, searchText: personSearchText({ ...names, ...changed }) })
      .where('id', '=', otherId)
      .execute();
    other = await t.login('noticeReader2', STAFF_PASSWORD);
    await staffWith(t, 'noticeViewer', [PERM.noticeList]);
    readerToken = (await t.login('noticeViewer', 'Staff#2026pass')).token;
  });

  const add = (v: Values, token = t.admin.token) =>
    t.post<NoticeView>(`${N}/add`, { title: 'Hello', content: 'Body <b>text</b>', recipientId: 0, ...v }, { token });
  const box = (token: string) => t.get<MessageBox>('/api/v1/message/box', { pageSize: 50 }, { token });
  const titles = async (token: string) => (await box(token)).data.notice.list.map((n) => n.title);
  const list = (q: Values = {}) => t.get<Page<Notice>>(`${N}/list`, q, { token: t.admin.token });

  it('a notice to all members is one row that reaches every member, read per member', async () => {
    const res = await add({ title: 'To everyone' });
    expect(res.meta.code).toBe(200);
    expect(res.data).toMatchObject({ recipientId: 0, recipientName: null, state: 'published', readCount: 0 });
    expect(res.data.content).toBe('Body <b>text</b>');
    const rows = await t.db.db.selectFrom('memberNotice').select('id').where('title', '=', 'To everyone').execute();
    expect(rows).toHaveLength(1);

    expect(await titles(t.admin.token)).toContain('To everyone');
    expect(await titles(other.token)).toContain('To everyone');
    const before = (await box(t.admin.token)).data.unread.notice;

    const read = await t.post('/api/v1/message/box/read', { tab: 'notice', id: res.data.id }, { token: other.token });
    expect(read.meta.code).toBe(200);
    const theirs = (await box(other.token)).data.notice.list.find((n) => n.id === res.data.id);
    expect(theirs?.read).toBe(1);
    const mine = (await box(t.admin.token)).data;
    expect(mine.notice.list.find((n) => n.id === res.data.id)?.read).toBe(0);
    expect(mine.unread.notice).toBe(before);
    expect((await t.get<NoticeView>(`${N}/view`, { id: res.data.id }, { token: t.admin.token })).data.readCount).toBe(
      1,
    );
  });

  it('a notice to one member is in their box only, and all read marks it for them alone', async () => {
    const res = await add({ title: 'Only for Ada', recipientId: otherId });
    expect(res.data.recipientName).toBe('Lee Ada');
    expect(await titles(other.token)).toContain('Only for Ada');
    expect(await titles(t.admin.token)).not.toContain('Only for Ada');
    const refused = await t.post(
      '/api/v1/message/box/read',
      { tab: 'notice', id: res.data.id },
      { token: t.admin.token },
    );
    expect(refused.meta.code).toBe(404);

    const all = await t.post<{ marked: number }>(
      '/api/v1/message/box/readAll',
      { tab: 'notice' },
      { token: other.token },
    );
    expect(all.data.marked).toBeGreaterThan(0);
    expect((await box(other.token)).data.unread.notice).toBe(0);
    expect((await box(t.admin.token)).data.unread.notice).toBeGreaterThan(0);
  });

  it('shows a notice from its publish time until its expiry, and the list filters by state', async () => {
    const now = clock.now();
    const res = await add({ title: 'Timed', publishAt: now + 30 * MIN, expiresAt: now + 60 * MIN });
    expect(res.data.state).toBe('scheduled');
    expect(await titles(other.token)).not.toContain('Timed');
    expect((await list({ state: 'scheduled' })).data.list.map((n) => n.title)).toEqual(['Timed']);
    const refused = await t.post(
      '/api/v1/message/box/read',
      { tab: 'notice', id: res.data.id },
      { token: other.token },
    );
    expect(refused.meta.code).toBe(404);

    clock.advance(30 * MIN);
    expect(await titles(other.token)).toContain('Timed');
    expect((await list({ state: 'published' })).data.list.map((n) => n.title)).toContain('Timed');

    clock.advance(30 * MIN);
    expect(await titles(other.token)).not.toContain('Timed');
    const expired = await list({ state: 'expired' });
    expect(expired.data.list.map((n) => [n.title, n.state])).toEqual([['Timed', 'expired']]);
  });

  it('lists with paging, title search, recipient filter and sort', async () => {
    for (const [i, title] of ['Alpha exam', 'Beta visa', 'Gamma exam'].entries()) {
      await add({ title, recipientId: i === 1 ? otherId : 0, publishAt: clock.now() - (i + 1) * MIN });
    }
    const search = await list({ keyword: 'EXAM', sortField: 'title', order: 'asc' });
    expect(search.data.list.map((n) => n.title)).toEqual(['Alpha exam', 'Gamma exam']);
    const mine = await list({ recipientId: otherId, sortField: 'publishAt' });
    expect(mine.data.list.map((n) => n.title)).toEqual(['Beta visa', 'Only for Ada']);
    const paged = await list({ pageSize: 2, pageNum: 2, sortField: 'createdAt', order: 'asc' });
    expect(paged.data.pageNum).toBe(2);
    expect(paged.data.list).toHaveLength(2);
    expect(paged.data.total).toBe(6);
    const literal = await list({ keyword: '%' });
    expect(literal.data.total).toBe(0);
  });

  it('edits a notice; moved to another recipient it is unread again', async () => {
    const res = await add({ title: 'Moves', recipientId: otherId });
    await t.post('/api/v1/message/box/read', { tab: 'notice', id: res.data.id }, { token: other.token });
    const same = await t.post<NoticeView>(
      `${N}/update`,
      { id: res.data.id, version: res.data.version, title: 'Moves (edited)', content: 'x', recipientId: otherId },
      { token: t.admin.token },
    );
    expect(same.data).toMatchObject({ title: 'Moves (edited)', readCount: 1, publishAt: res.data.publishAt });
    const moved = await t.post<NoticeView>(
      `${N}/update`,
      { id: res.data.id, version: same.data.version, title: 'Moves (edited)', content: 'x', recipientId: 0 },
      { token: t.admin.token },
    );
    expect(moved.data).toMatchObject({ recipientId: 0, readCount: 0 });
    expect((await box(other.token)).data.notice.list.find((n) => n.id === res.data.id)?.read).toBe(0);
  });

  it('refuses an edit made from a stale copy (409) and one without its version (400 naming it), keeping the notice', async () => {
    const res = await add({ title: 'Two editors', content: 'first' });
    expect(res.data.version).toBe(1);
    const edit = (version: number | undefined, title: string) =>
      t.post<NoticeView>(
        `${N}/update`,
        { id: res.data.id, ...(version === undefined ? {} : { version }), title, content: 'x', recipientId: 0 },
        { token: t.admin.token },
      );
    // Both opened the dialog at version 1; the first to save wins.
    const first = await edit(1, 'Saved by the first');
    expect([first.meta.code, first.data.version]).toEqual([200, 2]);
    const second = await edit(1, 'Saved by the second');
    expect(second.meta.code).toBe(Code.CONFLICT);
    const missing = await edit(undefined, 'No version');
    expect(missing.meta.code).toBe(400);
    expect(missing.meta.message).toContain('version');
    const kept = await t.get<NoticeView>(`${N}/view`, { id: res.data.id }, { token: t.admin.token });
    expect(kept.data).toMatchObject({ title: 'Saved by the first', version: 2 });
    const listed = await list({ keyword: 'Saved by the first' });
    expect(listed.data.list.map((n) => [n.id, n.version])).toEqual([[res.data.id, 2]]);
    // Read again, the second editor saves.
    expect((await edit(2, 'Saved by the second')).data).toMatchObject({ title: 'Saved by the second', version: 3 });
  });

  it('deletes a notice: it leaves every box, and a second delete or edit is 404', async () => {
    const res = await add({ title: 'Short-lived' });
    await t.post('/api/v1/message/box/read', { tab: 'notice', id: res.data.id }, { token: other.token });
    const del = await t.post(`${N}/delete`, { id: res.data.id }, { token: t.admin.token });
    expect(del.meta.code).toBe(200);
    expect(await titles(other.token)).not.toContain('Short-lived');
    expect((await t.post(`${N}/delete`, { id: res.data.id }, { token: t.admin.token })).meta.code).toBe(404);
    const edit = await t.post(
      `${N}/update`,
      { id: res.data.id, version: res.data.version, title: 'x', content: 'x', recipientId: 0 },
      { token: t.admin.token },
    );
    expect(edit.meta.code).toBe(404);
    expect((await t.get(`${N}/view`, { id: res.data.id }, { token: t.admin.token })).meta.code).toBe(404);
    const reads = await t.db.db
      .selectFrom('messageRead')
      .select('memberId')
      .where('tab', '=', 'notice')
      .where('itemId', '=', res.data.id)
      .execute();
    expect(reads).toHaveLength(0);
  });

  it('an edit racing a delete either lands before it or is refused with 404, never resurrects', async () => {
    const res = await add({ title: 'Raced' });
    const [edit, del] = await Promise.all([
      t.post(
        `${N}/update`,
        { id: res.data.id, version: res.data.version, title: 'Raced 2', content: 'x', recipientId: 0 },
        { token: t.admin.token },
      ),
      t.post(`${N}/delete`, { id: res.data.id }, { token: t.admin.token }),
    ]);
    expect(del.meta.code).toBe(200);
    expect([200, 404]).toContain(edit.meta.code);
    const row = await t.db.db
      .selectFrom('memberNotice')
      .select('deletedAt')
      .where('id', '=', res.data.id)
      .executeTakeFirstOrThrow();
    expect(row.deletedAt).not.toBeNull();
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Values, string][] = [
      [{ title: '' }, 'title'],
      [{ content: '' }, 'content'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ recipientId: 999999 }, 'recipientId'],
      [{ recipientId: -1 }, 'recipientId'],
      [{ recipientId: '99999999999' }, 'recipientId'],
      [{ publishAt: 'tomorrow' }, 'publishAt'],
      [{ publishAt: clock.now() + MIN, expiresAt: clock.now() + MIN }, 'expiresAt'],
      [{ title: 'a\u0000b' }, 'title'],
    ];
    for (const [v, field] of cases) {
      const res = await add(v);
      expect(res.meta.code, JSON.stringify(v)).toBe(400);
      expect(res.meta.message, JSON.stringify(v)).toContain(field);
    }
    const huge = await t.get(`${N}/view`, { id: '99999999999' }, { token: t.admin.token });
    expect(huge.meta.code).toBe(400);
    const badState = await list({ state: 'later' });
    expect(badState.meta.code).toBe(400);
    expect(badState.meta.message).toContain('state');
  });

  it('the recipient picker finds members by name, e-mail or mobile', async () => {
    const pick = (keyword: string) =>
      t.get<NoticeRecipient[]>(`${N}/recipients`, { keyword }, { token: t.admin.token });
    for (const k of ['lee ada', 'noticereader2@example', '900123']) {
      const res = await pick(k);
      expect(res.meta.code, k).toBe(200);
      expect(
        res.data.map((r) => r.id),
        k,
      ).toContain(otherId);
    }
    expect((await pick('no-such-person-xyz')).data).toEqual([]);
  });

  // The picker answers members' e-mail addresses and mobile numbers: it is for the forms that pick a recipient.
  it('opens the recipient picker to a member who may add notices only', async () => {
    const pick = (token: string) => t.get<NoticeRecipient[]>(`${N}/recipients`, { keyword: 'lee ada' }, { token });
    expect((await pick(readerToken)).meta.code).toBe(Code.FORBIDDEN);
    await staffWith(t, 'noticeEditor', [PERM.noticeList, PERM.noticeUpdate]);
    expect((await pick((await t.login('noticeEditor', 'Staff#2026pass')).token)).meta.code).toBe(Code.FORBIDDEN);
    await staffWith(t, 'noticeAdder', [PERM.noticeList, PERM.noticeAdd]);
    const res = await pick((await t.login('noticeAdder', 'Staff#2026pass')).token);
    expect(res.meta.code).toBe(200);
    expect(res.data.map((r) => r.id)).toContain(otherId);
  });

  it('guards every call by its permission', async () => {
    expect((await t.get(`${N}/list`, {}, { token: readerToken })).meta.code).toBe(200);
    expect((await add({}, readerToken)).meta.code).toBe(403);
    expect((await t.post(`${N}/update`, { id: 1 }, { token: readerToken })).meta.code).toBe(403);
    expect((await t.post(`${N}/delete`, { id: 1 }, { token: readerToken })).meta.code).toBe(403);
    expect((await t.get(`${N}/list`, {}, { token: '' })).meta.code).toBe(401);
  });
});
