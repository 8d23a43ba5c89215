import { sql, type Updateable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ApplicationListItem, Page } from '@study-crm/shared';
import type { ApplicationTable } from '../../db/schema.js';
import { useTestApp } from '../../test/signed-in.js';
import { seedDemoApplications } from '../../seed/demo-applications.js';

const LIST = '/api/v1/mc/applicationRecord/list';

// Deep pages by number of the list, unfiltered or of one status, start at the date the per-date counters
// (application_day_count, kept by triggers) point to: they must equal the plain offset walk through every write.
describe('applications list, deep pages by number', () => {
  const t = useTestApp({ signIn: true });

  const expected = async (order: 'asc' | 'desc', offset: number, limit: number, status?: string) =>
    (
      await t.db.db
        .selectFrom('application')
        .select('id')
        .where('deletedAt', 'is', null)
        .$if(!!status, (q) => q.where('status', '=', status!))
        .orderBy('applicationDate', order)
        .orderBy('id', order)
        .limit(limit)
        .offset(offset)
        .execute()
    ).map((r) => r.id);
  const page = async (pageNum: number, pageSize: number, order?: 'asc', status?: string) =>
    (
      await t.get<Page<ApplicationListItem>>(
        LIST,
        { pageNum, pageSize, ...(order ? { sortField: 'applicationDate', order } : {}), ...(status ? { status } : {}) },
        { token: t.admin.token },
      )
    ).data;
  // Pages by number (desc and asc), of one status when given, against the offset walk.
  const expectPagesMatch = async (
    pages: readonly (readonly [number, number])[] = [
      // Near pages, their window written into the statement on PostgreSQL (up to 200 rows skipped), and the first past.
      [2, 20],
      [11, 20],
      [3, 100],
      [12, 20],
      [51, 20],
      [67, 20],
      [11, 100],
      [120, 10],
    ],
    status?: string,
  ) => {
    for (const [pageNum, pageSize] of pages) {
      const offset = (pageNum - 1) * pageSize;
      const got = await page(pageNum, pageSize, undefined, status);
      expect(got.list.map((r) => r.id)).toEqual(await expected('desc', offset, pageSize, status));
      const asc = await page(pageNum, pageSize, 'asc', status);
      expect(asc.list.map((r) => r.id)).toEqual(await expected('asc', offset, pageSize, status));
    }
  };
  const allIds = async () =>
    (await t.db.db.selectFrom('application').select('id').orderBy('id').execute()).map((r) => r.id);
  // Writes `set` to the rows whose position in `ids` passes `pick`.
  const updateSome = (ids: number[], set: Updateable<ApplicationTable>, pick: (i: number) => boolean) =>
    t.db.db
      .updateTable('application')
      .set(set)
      .where(
        'id',
        'in',
        ids.filter((_, i) => pick(i)),
      )
      .execute();
  const expectCountersFresh = async () => {
    const num = (rows: { bucket: string; n: number | string }[]) => rows.map((r) => ({ ...r, n: Number(r.n) }));
    // The counters per date and status (application_day_count) that deep pages and the dashboard read.
    const byStatus = await t.db.db
      .selectFrom('applicationDayCount')
      .select(['day', 'status', 'n'])
      .where('n', '!=', 0)
      .orderBy('day')
      .orderBy('status')
      .execute();
    const freshByStatus = await t.db.db
      .selectFrom('application')
      .select((eb) => ['applicationDate as day', 'status', eb.fn.countAll<number | string>().as('n')])
      .where('deletedAt', 'is', null)
      .groupBy(['applicationDate', 'status'])
      .orderBy('applicationDate')
      .orderBy('status')
      .execute();
    const nums = (rows: { day: string; status: string; n: number | string }[]) =>
      rows.map((r) => ({ ...r, n: Number(r.n) }));
    expect(nums(byStatus)).toEqual(nums(freshByStatus));
    // The live names per first character (list_count 'application_initial'), for one-character searches.
    const initials = await t.db.db
      .selectFrom('listCount')
      .select(['bucket', 'n'])
      .where('list', '=', 'application_initial')
      .where('n', '!=', 0)
      .orderBy('bucket')
      .execute();
    const initial = sql<string>`substr(search_name, 1, 1)`;
    const freshInitials = await t.db.db
      .selectFrom('application')
      .select((eb) => [initial.as('bucket'), eb.fn.countAll<number | string>().as('n')])
      .where('deletedAt', 'is', null)
      .groupBy(initial)
      .orderBy(initial)
      .execute();
    expect(num(initials)).toEqual(num(freshInitials));
  };

  it('equal the offset walk, also after removals, restorations, date and status changes', async () => {
    await seedDemoApplications(t.db.db, 1300, 500);
    await expectCountersFresh();
    await expectPagesMatch();
    const ids = await allIds();
    const some = ids.filter((_, i) => i % 7 === 0);
    await t.db.db.updateTable('application').set({ deletedAt: Date.now() }).where('id', 'in', some).execute();
    await updateSome(ids, { applicationDate: '2020-02-29' }, (i) => i % 11 === 0);
    await updateSome(ids, { status: 'offer_unconditional' }, (i) => i % 5 === 0);
    // Renamed (the search key moves to another first character).
    await updateSome(ids, { searchName: '林改名' }, (i) => i % 13 === 0);
    await t.db.db.deleteFrom('application').where('id', 'in', ids.slice(0, 3)).execute();
    await updateSome(some, { deletedAt: null }, (i) => i % 2 === 0);
    await expectCountersFresh();
    await expectPagesMatch();
    // Past the last row: an empty page, the total unchanged.
    const beyond = await page(1000, 20);
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe((await expected('desc', 0, 100_000)).length);
  });

  it('of one status, past its first thousand rows, equal the offset walk', async () => {
    await seedDemoApplications(t.db.db, 1500, 500);
    const ids = await allIds();
    await updateSome(ids, { status: 'submitted' }, (i) => i % 10 !== 0);
    await updateSome(ids, { deletedAt: Date.now() }, (i) => i % 13 === 0);
    await expectCountersFresh();
    const all = (await expected('desc', 0, 100_000, 'submitted')).length;
    expect(all).toBeGreaterThan(1200);
    expect((await page(52, 20, undefined, 'submitted')).total).toBe(all);
    await expectPagesMatch(
      [
        [51, 20],
        [52, 20],
        [11, 100],
        [119, 10],
      ],
      'submitted',
    );
  });

  // A deep page in the list's first half walks the dates from its start, one in the second half from its end.
  it('from either end of the dates, equal the offset walk', async () => {
    await seedDemoApplications(t.db.db, 2300, 500);
    const total = (await expected('desc', 0, 100_000)).length;
    expect((await page(51, 20)).total).toBe(total);
    expect(1000 * 2).toBeLessThan(total);
    await expectPagesMatch([
      [51, 20],
      [56, 20],
      [11, 100],
      [Math.ceil(total / 20), 20],
      [Math.ceil(total / 20) + 1, 20],
    ]);
  });
});
