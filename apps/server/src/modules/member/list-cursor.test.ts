import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberPage } from '@study-crm/shared';
import type { z } from 'zod';
import { sql } from 'kysely';
import { memberRow } from '../../seed/seed.js';
import { expectTotals } from '../../test/expect-envelope.js';
import { startTestApp, type TestApp, type Values } from '../../test/harness.js';
import { onPostgres } from '../../test/engine.js';
import { countingDb } from '../../test/statement-count.js';
import { createLabelRepository, memberLabelsJson } from '../label/index.js';
import { createMemberRepository } from './member.repository.js';

type Page = z.infer<typeof MemberPage>;

// Issue 14: the member list's total comes from the counter per member type, and its default order pages by seek.
describe('member list: counted total and keyset paging', () => {
  let t: TestApp;
  let token: string;
  const list = (q: Values = {}) => t.get<Page>('/api/v1/mc/member', q, { token });

  beforeAll(async () => {
    t = await startTestApp();
    ({ token } = await t.login());
    const now = Date.now();
    // Some share a creation time: the id breaks the tie.
    await t.db.db
      .insertInto('member')
      .values(
        Array.from({ length: 11 }, (_, i) =>
          memberRow(now, { loginName: `cursor${i}`, fullName: `游標${i}`, createdAt: now - Math.floor(i / 3) * 1000 }),
        ),
      )
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('walks the default order by cursor onto the same rows as the page numbers, with the counted total', async () => {
    const first = await list({ pageSize: 4 });
    const live = await t.db.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('memberType', '=', 'staff')
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(first.data.total).toBe(Number(live.n));
    const byNumber: number[] = [];
    for (let p = 1; p <= 4; p++) byNumber.push(...(await list({ pageNum: p, pageSize: 4 })).data.list.map((r) => r.id));
    const bySeek: number[] = [];
    let cursor: string | null = null;
    for (let p = 1; p <= 4; p++) {
      const res: { data: Page } = await list({ pageNum: p, pageSize: 4, ...(cursor ? { cursor } : {}) });
      bySeek.push(...res.data.list.map((r) => r.id));
      cursor = res.data.nextCursor;
      if (!cursor) break;
    }
    expect(bySeek).toEqual(byNumber);
    expect(new Set(bySeek).size).toBe(bySeek.length);
  });

  // PostgreSQL reads the total and the members' roles in the page's own statement (decision 269).
  it('says the total on every page, empty ones too, and each member their roles', async () => {
    const staff = async (status?: 'active' | 'inactive') => {
      let q = t.db.db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('memberType', '=', 'staff')
        .where('deletedAt', 'is', null);
      if (status) q = q.where('status', '=', status);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const all = await staff();
    const cases: [Values, number, boolean][] = [
      [{}, all, true],
      [{ pageNum: 300, pageSize: 10 }, all, false],
      [{ status: 'active' }, await staff('active'), true],
      [{ status: 'active', pageNum: 300 }, await staff('active'), false],
      [{ keyword: '游標' }, 11, true],
      [{ keyword: '游標', pageNum: 300 }, 11, false],
      [{ keyword: 'no-such-person-zz' }, 0, false],
    ];
    await expectTotals(list, cases);
    const last = await list({ order: 'asc', pageSize: all });
    const past = await list({
      order: 'asc',
      pageSize: 5,
      pageNum: 2,
      cursor: last.data.nextCursor ?? `${Date.now() + 1e9}~1`,
    });
    expect(past.data.list).toEqual([]);
    expect(past.data.total).toBe(all);
    // The last page by number, not full, tells the total itself (issue 43); the last rows after a cursor, not a full
    // page either, are at a position nobody counted: the whole total all the same.
    await expectTotals(list, [[{ order: 'asc', pageNum: 2, pageSize: all - 2 }, all, true]]);
    const head = await list({ order: 'asc', pageSize: all - 2 });
    const rest = await list({ order: 'asc', pageSize: 5, pageNum: 2, cursor: head.data.nextCursor! });
    expect(rest.data.list).toHaveLength(2);
    expect(rest.data.total).toBe(all);

    const held = await t.db.db.selectFrom('memberRole').select(['memberId', 'roleId']).orderBy('roleId').execute();
    const { data } = await list({ pageSize: 100 });
    expect(data.list.some((m) => m.roles.length > 0)).toBe(true);
    for (const m of data.list) {
      expect(m.roles.map((r) => r.id)).toEqual(held.filter((h) => h.memberId === m.id).map((h) => h.roleId));
    }
  });

  // On SQLite the account list walks the live members in their order and tests each one's type (decision 273): the
  // same rows, in the same order, as the tables give, by page number and by cursor.
  it("pages the account list's students and parents in the default order as the tables hold them", async () => {
    const now = Date.now();
    await t.db.db
      .insertInto('member')
      .values(
        Array.from({ length: 9 }, (_, i) =>
          memberRow(now, {
            loginName: `account${i}`,
            memberType: i % 3 === 0 ? 'parent' : i % 3 === 1 ? 'student' : 'staff',
            createdAt: now + 5000 - Math.floor(i / 2) * 1000,
          }),
        ),
      )
      .execute();
    const expected = (
      await t.db.db
        .selectFrom('member')
        .select('id')
        .where('memberType', 'in', ['student', 'parent'])
        .where('deletedAt', 'is', null)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(6);
    const accounts = (q: Values) => t.get<Page>('/api/v1/cake/users/list', { pageSize: 2, ...q }, { token });
    const byNumber: number[] = [];
    const bySeek: number[] = [];
    let cursor: string | null = null;
    for (let p = 1; p <= Math.ceil(expected.length / 2); p++) {
      const page = await accounts({ pageNum: p });
      expect(page.meta.code, page.meta.message).toBe(200);
      expect(page.data.total).toBe(expected.length);
      byNumber.push(...page.data.list.map((r) => r.id));
      const seek: { data: Page } = await accounts({ pageNum: p, ...(cursor ? { cursor } : {}) });
      bySeek.push(...seek.data.list.map((r) => r.id));
      cursor = seek.data.nextCursor;
    }
    expect(byNumber).toEqual(expected);
    expect(bySeek).toEqual(expected);
  });

  // Decision 287: members created in the same millisecond (a bulk import) come out of the order's index by id, so
  // the default order is read as the index holds it, never sorted again.
  it('reads the default order from its index without sorting, of one member type or of all', async () => {
    if (t.db.dialect !== 'sqlite') return; // PostgreSQL's planner sorts a table this small whatever its indexes
    for (const type of [sql`and member_type = 'staff'`, sql``]) {
      const plan = await sql<{ detail: string }>`explain query plan select id, login_name from member
        where deleted_at is null ${type} order by created_at desc, id desc limit 20`.execute(t.db.db);
      const details = plan.rows.map((r) => r.detail).join(' | ');
      expect(details).toMatch(/member_live(_type)?_created_ix/);
      expect(details).not.toContain('TEMP B-TREE');
    }
  });

  // Issue 43, decision 291: on PostgreSQL the page, its total, roles and labels are one statement; the labels are
  // what the label module's own read answers.
  it("reads a page's labels in its statement on PostgreSQL", async () => {
    const labels = createLabelRepository(t.db.db);
    const ids = (await t.db.db.selectFrom('member').select('id').where('loginName', 'like', 'cursor%').execute()).map(
      (r) => r.id,
    );
    for (const [i, name] of ['甲標籤', '乙標籤'].entries()) {
      const now = Date.now();
      const row = { name, color: null, description: null, sort: 2 - i, status: 'enabled' as const };
      const id = await labels.insert({ ...row, createdAt: now, updatedAt: now });
      await t.db.db.insertInto('memberLabel').values({ memberId: ids[0]!, labelId: id, createdAt: now }).execute();
    }
    const { db, statements } = countingDb(t.db.db);
    const repo = createMemberRepository(db, t.db.dialect, { labels: memberLabelsJson });
    const page = await repo.listPage({ memberType: 'staff' }, { sortBy: 'createdAt', order: 'desc' }, 20, 0);
    expect(page.rows.map((r) => r.id)).toContain(ids[0]);
    if (!onPostgres) return expect(page.labels).toBeUndefined();
    expect(statements).toHaveLength(1);
    expect(page.labels).toEqual(await labels.labelsOf(page.rows.map((r) => r.id)));
    expect(page.labels!.get(ids[0]!)!.map((l) => l.name)).toEqual(['乙標籤', '甲標籤']);
  });

  it('refuses a malformed cursor, or one with another sort, naming the field', async () => {
    for (const q of [{ cursor: 'x' }, { cursor: '12~0' }, { cursor: '12~5', sortField: 'email' }]) {
      const res = await list(q);
      expect(res.meta.code).toBe(400);
      expect(res.meta.message).toContain('cursor');
    }
  });
});
