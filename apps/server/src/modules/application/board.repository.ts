import type { Db } from '../../db/database.js';
import type { ApplicationRepository, ListFilter } from './application.repository.js';

// What the board reads (issue 40): counts per status and a column's cards, on the list's own filters and indexes.
export type BoardFilter = Pick<ListFilter, 'keyword' | 'teacherId' | 'dateFrom' | 'dateTo'>;

// The list's filter with no sort or window: `filtered` reads only the filter fields.
const asList = (f: BoardFilter, status?: string): ListFilter => ({
  ...f,
  status: status ?? null,
  sortField: 'applicationDate',
  order: 'desc',
  limit: 0,
  offset: 0,
});

export function createBoardRepository(db: Db, applications: Pick<ApplicationRepository, 'filtered'>) {
  return {
    // Live applications per status in one grouped query: unfiltered, the trigger-kept list counters (a row per
    // status, whatever the table's size); filtered, one count grouped by status over the list's filter.
    async counts(f: BoardFilter): Promise<{ status: string; count: number }[]> {
      const unfiltered = !f.keyword && !f.teacherId && !f.dateFrom && !f.dateTo;
      const rows = unfiltered
        ? await db
            .selectFrom('listCount')
            .select((eb) => ['bucket as status', eb.fn.sum<number | string>('n').as('n')])
            .where('list', '=', 'application')
            .groupBy('bucket')
            .execute()
        : await applications
            .filtered(asList(f))
            .select((eb) => ['application.status as status', eb.fn.countAll<number | string>().as('n')])
            .groupBy('application.status')
            .execute();
      return rows
        .map((r) => ({ status: String(r.status), count: Number(r.n) }))
        .filter((r) => r.count > 0)
        .sort((a, b) => a.status.localeCompare(b.status));
    },

    // One page of a column: newest application date first, after the cursor's (applicationDate, id) by seek, read
    // along the (status, deleted_at, application_date, id) index however deep the column is scrolled.
    column(f: BoardFilter, status: string, limit: number, after: { applicationDate: string; id: number } | null) {
      let q = applications.filtered(asList(f, status));
      if (after) {
        q = q.where((eb) =>
          eb(
            eb.refTuple('application.applicationDate', 'application.id'),
            '<',
            eb.tuple(after.applicationDate, after.id),
          ),
        );
      }
      return q
        .select([
          'application.id',
          'application.version',
          'application.name',
          'application.engLastName',
          'application.engFirstName',
          'application.status',
          'application.applicationDate',
        ])
        .orderBy('application.applicationDate', 'desc')
        .orderBy('application.id', 'desc')
        .limit(limit)
        .execute();
    },

    // The target schools of the cards shown, in the form's order, with what the deadline reads.
    choicesOf(ids: readonly number[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .selectFrom('applicationTargetSchool')
        .select(['applicationId', 'school', 'decision', 'reply', 'cycleId', 'deadlineKey', 'applicationDate'])
        .where('applicationId', 'in', [...ids])
        .orderBy('applicationId')
        .orderBy('sort')
        .execute();
    },
  };
}
export type BoardRepository = ReturnType<typeof createBoardRepository>;
