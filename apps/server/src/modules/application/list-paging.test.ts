import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationPageSchema, ApplicationSaved } from '@study-crm/shared';
import type { z } from 'zod';
import { expectTotals } from '../../test/expect-envelope.js';
import { startTestApp, type TestApp, type Values } from '../../test/harness.js';
import { BASE, fullForm } from '../../test/application-fixtures.js';
import { countingDb } from '../../test/statement-count.js';
import { createApplicationRepository } from './application.repository.js';

type Page = z.infer<typeof ApplicationPageSchema>;

// Issue 14: the list's total comes from a maintained counter per status when only the status narrows it, and
// the default order pages by seek (cursor) as well as by page number.
describe('applications list: counted totals and keyset paging', () => {
  let t: TestApp;
  let token: string;
  let n = 0;
  const create = async (v: Values = {}) => {
    const res = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ email: `paging${++n}@example.com`, mobile: null, ...v }),
      { token },
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    return res;
  };
  const list = (q: Values = {}) => t.get<Page>(`${BASE}/list`, q, { token });
  const exact = async (status?: string) => {
    let q = t.db.db
      .selectFrom('application')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('deletedAt', 'is', null);
    if (status) q = q.where('status', '=', status);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    t = await startTestApp();
    ({ token } = await t.login());
    for (let d = 1; d <= 7; d++) {
      const day = `2026-10-${String(d).padStart(2, '0')}`;
      // Two rows share each date: the id breaks the tie.
      await create({ applicationDate: day, name: `甲${d}` });
      await create({ applicationDate: day, name: `乙${d}` });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the counted totals in step with creates, status changes and deletes', async () => {
    expect((await list()).data.total).toBe(await exact());
    const { data } = await create({ status: 'submitted' });
    const moved = await t.post<ApplicationSaved>(
      `${BASE}/updateOther`,
      { id: data.id, version: 1, status: 'offer_conditional' },
      { token },
    );
    expect(moved.meta.code).toBe(200);
    for (const status of ['submitted', 'offer_conditional']) {
      expect((await list({ status })).data.total).toBe(await exact(status));
    }
    expect((await list({ status: 'offer_conditional' })).data.total).toBeGreaterThan(0);
    // A row leaving the live set (soft delete) or removed outright leaves the counters too.
    await t.db.db.updateTable('application').set({ deletedAt: Date.now() }).where('id', '=', data.id).execute();
    expect((await list({ status: 'offer_conditional' })).data.total).toBe(await exact('offer_conditional'));
    const other = await create();
    await t.db.db.deleteFrom('application').where('id', '=', other.data.id).execute();
    expect((await list()).data.total).toBe(await exact());
    expect((await list({ status: 'submitted' })).data.total).toBe(await exact('submitted'));
  });

  it('walks the default order by cursor and lands on the same rows as the page numbers', async () => {
    const byNumber: number[] = [];
    for (let p = 1; p <= 4; p++) byNumber.push(...(await list({ pageNum: p, pageSize: 4 })).data.list.map((r) => r.id));
    const bySeek: number[] = [];
    let cursor: string | null = null;
    for (let p = 1; p <= 4; p++) {
      const res: { meta: { code: number }; data: Page } = await list({
        pageNum: p,
        pageSize: 4,
        ...(cursor ? { cursor } : {}),
      });
      expect(res.meta.code).toBe(200);
      expect(res.data.pageNum).toBe(p);
      bySeek.push(...res.data.list.map((r) => r.id));
      cursor = res.data.nextCursor;
      if (!cursor) break;
    }
    expect(bySeek).toEqual(byNumber);
    expect(new Set(bySeek).size).toBe(bySeek.length);
    const asc = await list({ order: 'asc', pageSize: 3 });
    const next = await list({ order: 'asc', pageSize: 3, pageNum: 2, cursor: asc.data.nextCursor });
    const second = await list({ order: 'asc', pageSize: 3, pageNum: 2 });
    expect(next.data.list.map((r) => r.id)).toEqual(second.data.list.map((r) => r.id));
  });

  // PostgreSQL reads the total in the page's own statement (decision 269), both engines the target schools (decision
  // 328): an empty page (past the last row, after the last cursor, a filter that matches nothing) still says the total.
  it('says the total on every page, empty ones too, and each row its target schools', async () => {
    const inDays = async (from: string, to: string) =>
      Number(
        (
          await t.db.db
            .selectFrom('application')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('deletedAt', 'is', null)
            .where('applicationDate', '>=', from)
            .where('applicationDate', '<=', to)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const all = await exact();
    const days = await inDays('2026-10-03', '2026-10-05');
    expect(days).toBeGreaterThanOrEqual(6);
    const cases: [Values, number, boolean][] = [
      [{}, all, true],
      // The last page by number, not full: its total is told by the page itself (no count is run, issue 43).
      [{ pageNum: 2, pageSize: all - 3 }, all, true],
      [{ status: 'submitted', pageNum: 1, pageSize: 200 }, await exact('submitted'), true],
      [{ pageNum: 500, pageSize: 10 }, all, false],
      [{ status: 'submitted', pageNum: 500 }, await exact('submitted'), false],
      [{ dateFrom: '2026-10-03', dateTo: '2026-10-05' }, days, true],
      [{ dateFrom: '2026-10-03', dateTo: '2026-10-05', pageNum: 500 }, days, false],
      [{ keyword: 'no-such-student-zz' }, 0, false],
      [{ status: 'submitted', dateFrom: '2030-01-01' }, 0, false],
    ];
    await expectTotals(list, cases);
    // After the last row by cursor: an empty page, the whole total.
    const last = await list({ order: 'asc', pageSize: all });
    const past = await list({ order: 'asc', pageSize: 5, pageNum: 2, cursor: last.data.nextCursor ?? '2099-01-01~1' });
    expect(past.data.list).toEqual([]);
    expect(past.data.total).toBe(all);
    // The last three rows after a cursor: a page that is not full, at a position nobody counted: the whole total.
    const head = await list({ order: 'asc', pageSize: all - 3 });
    const rest = await list({ order: 'asc', pageSize: 5, pageNum: 2, cursor: head.data.nextCursor! });
    expect(rest.data.list).toHaveLength(3);
    expect(rest.data.total).toBe(all);

    const { data } = await create({
      applicationDate: '2026-09-30',
      targetSchools: JSON.stringify([{ school: 'LSE' }, { school: 'KCL' }]),
    });
    const page = await list({ dateFrom: '2026-09-30', dateTo: '2026-09-30' });
    expect(page.data.list.find((r) => r.id === data.id)?.targetSchools).toEqual(['LSE', 'KCL']);
    expect(page.data.list.filter((r) => r.id !== data.id).every((r) => r.targetSchools.length === 0)).toBe(true);
  });

  it('refuses a malformed cursor, or one with another sort, naming the field', async () => {
    for (const q of [
      { cursor: 'x' },
      { cursor: "2026-10-01~1' or 1=1" },
      { cursor: '2026-10-01~5', sortField: 'name' },
    ]) {
      const res = await list(q);
      expect(res.meta.code).toBe(400);
      expect(res.meta.message).toContain('cursor');
    }
  });

  it('counts a keyword matching a row by several lookups once, and lists each match once', async () => {
    const a = await create({ name: 'Chenoa Wei', engLastName: 'Chenoa', engFirstName: 'Wei', passportNo: 'K7001' });
    const b = await create({ name: '陳偉', engLastName: 'Chenoa', engFirstName: 'Li', passportNo: 'K7002' });
    await create({ name: '林大', engLastName: 'Lin', engFirstName: 'Da', passportNo: 'K7003' });
    const res = await list({ keyword: 'chenoa' });
    expect(res.data.total).toBe(2);
    expect(res.data.list.map((r) => r.id).sort()).toEqual([a.data.id, b.data.id].sort());
    const byPassport = await list({ keyword: 'k7002' });
    expect(byPassport.data.total).toBe(1);
    expect(byPassport.data.list.map((r) => r.id)).toEqual([b.data.id]);
  });

  it('counts a one-character keyword from the gram table, through renames and removals (decision 217)', async () => {
    // Every live row with a name (a word of the search text without '@') holding the keyword, counted plainly.
    const fresh = async (k: string) =>
      (await t.db.db.selectFrom('application').select('searchText').where('deletedAt', 'is', null).execute()).filter(
        (r) => r.searchText.split(' ').some((w) => !w.includes('@') && w.includes(k)),
      ).length;
    const expectTotal = async (k: string) => {
      const res = await list({ keyword: k, pageSize: 50 });
      expect(res.data.total, k).toBe(await fresh(k));
      expect(res.data.list.length, k).toBe(Math.min(50, res.data.total));
    };
    const a = await create({ name: '黃一', engLastName: 'Wong', engFirstName: 'Yi' });
    await create({ name: '黃二', engLastName: 'Huang', engFirstName: 'Er' });
    // Found by its English name, not its Chinese one: counted once, by the English lookup.
    await create({ name: 'Hana Wright', engLastName: 'Hana', engFirstName: 'W' });
    // A second character beyond U+FFFF (CJK Extension B): still a name starting with 黃, counted and listed.
    const extB = await create({ name: '黃𠮷', engLastName: 'Wong', engFirstName: 'Kat' });
    expect((await list({ keyword: '黃' })).data.list.map((r) => r.id)).toContain(extB.data.id);
    for (const k of ['黃', 'h', 'w', '甲']) await expectTotal(k);
    // A rename moves the row from one initial to another (the update runs on search_name).
    const renamed = await t.post<ApplicationSaved>(
      `${BASE}/update`,
      fullForm({ id: a.data.id, version: a.data.version, name: '甲黃', email: 'renamed@example.com', mobile: null }),
      { token },
    );
    expect(renamed.meta.code, renamed.meta.message).toBe(200);
    for (const k of ['黃', '甲']) await expectTotal(k);
    // Soft-deleted, restored, deleted outright.
    await t.db.db.updateTable('application').set({ deletedAt: Date.now() }).where('id', '=', a.data.id).execute();
    await expectTotal('甲');
    await t.db.db.updateTable('application').set({ deletedAt: null }).where('id', '=', a.data.id).execute();
    await expectTotal('甲');
    await t.db.db.deleteFrom('application').where('id', '=', a.data.id).execute();
    for (const k of ['黃', '甲', 'w']) await expectTotal(k);
  });

  // A short keyword, alone or with a status, reads its page from the word's range of application_gram's (gram,
  // application_date, id, status) index (decisions 313, 320); two short words walk the list's order testing each
  // row's grams (on PostgreSQL its ids first, decision 286). Either way its pages by number and by cursor are the
  // matching rows in the list's order, also after a date or a status changes, a row is renamed away from the word,
  // removed and restored.
  it('pages a short keyword by number and by cursor as the matching rows in order', async () => {
    const made: Awaited<ReturnType<typeof create>>[] = [];
    for (let i = 0; i < 7; i++)
      made.push(
        await create({
          applicationDate: `2026-09-${String(10 + i).padStart(2, '0')}`,
          name: `丙${i}`,
          status: i % 3 ? 'submitted' : 'processing',
        }),
      );
    const holds = (text: string, word: string) => text.split(' ').some((w) => !w.includes('@') && w.includes(word));
    const matching = async (words: string[], order: 'asc' | 'desc', status?: string) =>
      (
        await t.db.db
          .selectFrom('application')
          .select(['id', 'searchText', 'status'])
          .where('deletedAt', 'is', null)
          .orderBy('applicationDate', order)
          .orderBy('id', order)
          .execute()
      )
        .filter((r) => words.every((w) => holds(r.searchText, w)) && (!status || r.status === status))
        .map((r) => r.id);
    const expectPages = async (keyword: string, order: 'asc' | 'desc', status?: string) => {
      const expected = await matching(keyword.split(' '), order, status);
      const filter = status ? { keyword, status } : { keyword };
      const label = `${keyword}${status ? ` (${status})` : ''}`;
      expect(expected.length, label).toBeGreaterThanOrEqual(status ? 2 : 3);
      const byNumber: number[] = [];
      const bySeek: number[] = [];
      let cursor: string | null = null;
      for (let p = 1; p <= 5; p++) {
        byNumber.push(...(await list({ ...filter, order, pageNum: p, pageSize: 2 })).data.list.map((r) => r.id));
        const res: { data: Page } = await list({
          ...filter,
          order,
          pageNum: p,
          pageSize: 2,
          ...(cursor ? { cursor } : {}),
        });
        bySeek.push(...res.data.list.map((r) => r.id));
        expect(res.data.total, label).toBe(expected.length);
        cursor = res.data.nextCursor;
      }
      expect(byNumber, `${label} ${order} by number`).toEqual(expected.slice(0, 10));
      expect(bySeek, `${label} ${order} by cursor`).toEqual(expected.slice(0, 10));
    };
    const everyWay = async () => {
      for (const order of ['desc', 'asc'] as const)
        for (const keyword of ['丙', '丙 甲']) await expectPages(keyword, order);
      for (const status of ['submitted', 'processing']) await expectPages('丙', 'desc', status);
    };
    // Some of the rows also hold 甲, for the two-word walk (the search text is the module's to write; here by hand).
    const searchTextOf = async (id: number) =>
      (await t.db.db.selectFrom('application').select('searchText').where('id', '=', id).executeTakeFirstOrThrow())
        .searchText;
    const setSearchText = async (id: number, searchText: string) =>
      t.db.db.updateTable('application').set({ searchText }).where('id', '=', id).execute();
    for (const m of made.slice(0, 3)) await setSearchText(m.data.id, `${await searchTextOf(m.data.id)} 甲`);
    await everyWay();
    // The newest match moves to the oldest date, a middle one is renamed away from 丙, another removed.
    const [oldest, renamed, removed] = [made[6]!, made[3]!, made[4]!].map((m) => m.data.id);
    await t.db.db.updateTable('application').set({ applicationDate: '2026-01-01' }).where('id', '=', oldest!).execute();
    await setSearchText(renamed!, (await searchTextOf(renamed!)).replaceAll('丙', '丁'));
    await t.db.db.updateTable('application').set({ deletedAt: Date.now() }).where('id', '=', removed!).execute();
    // …and a submitted one moves to processing, through the update call.
    const moved = made[1]!.data;
    const update = await t.post<ApplicationSaved>(
      `${BASE}/updateOther`,
      { id: moved.id, version: moved.version, status: 'processing' },
      { token },
    );
    expect(update.meta.code, update.meta.message).toBe(200);
    await everyWay();
    expect(await matching(['丙'], 'desc', 'processing')).toContain(moved.id);
    expect(await matching(['丙'], 'asc')).toContain(oldest);
    expect((await list({ keyword: '丙', order: 'asc', pageSize: 1 })).data.list[0]!.id).toBe(oldest);
    await t.db.db.updateTable('application').set({ deletedAt: null }).where('id', '=', removed!).execute();
    await everyWay();
  });

  // Issue 43: a one- or two-character keyword alone reads its page and its total in one statement in the date order
  // (decision 313); in another order its matches and the list's live rows in one statement, then the page.
  it("reads a short keyword's page with its count, and in another order its count with the live rows", async () => {
    const listed = (await list({ keyword: '甲' })).data.total;
    for (const [sortField, offset, statements] of [
      // The page, carrying its total and each row's target schools (decisions 313, 328).
      ['applicationDate', 0, 1],
      // Past the last row: no rows to carry the total, so it is counted alone.
      ['applicationDate', 300, 2],
      // The counts, then the page.
      ['createdAt', 0, 2],
    ] as const) {
      const counting = countingDb(t.db.db);
      const repo = createApplicationRepository(counting.db);
      const page = await repo.list({ sortField, order: 'desc', limit: 3, offset, keyword: '甲' });
      expect(page.total, `${sortField} ${offset}`).toBe(listed);
      expect(page.rows.length, `${sortField} ${offset}`).toBe(offset ? 0 : Math.min(3, listed));
      expect(counting.statements, `${sortField} ${offset}`).toHaveLength(statements);
    }
    // With a status too (decision 320): the same statements, the page and total of that status's matches only.
    const submitted = (await list({ keyword: '甲', status: 'submitted' })).data.total;
    expect(submitted).toBeGreaterThan(0);
    expect(submitted).toBeLessThan(listed);
    for (const [offset, statements] of [
      [0, 1],
      [300, 2],
    ] as const) {
      const counting = countingDb(t.db.db);
      const repo = createApplicationRepository(counting.db);
      const page = await repo.list({
        sortField: 'applicationDate',
        order: 'desc',
        limit: 3,
        offset,
        keyword: '甲',
        status: 'submitted',
      });
      expect(page.total, `submitted ${offset}`).toBe(submitted);
      expect(page.rows.map((r) => r.status)).toEqual(offset ? [] : Array(Math.min(3, submitted)).fill('submitted'));
      expect(counting.statements, `submitted ${offset}`).toHaveLength(statements);
    }
  });
});
