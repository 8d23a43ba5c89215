import type { CycleListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { containsPattern, likeLower } from '../../db/sql-helpers.js';
import { versionedRows } from '../../db/versioned-rows.js';
import { sortedListPage, whereEqual } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';

const COLUMNS = [
  'id',
  'entryYear',
  'earlyDeadline',
  'equalDeadline',
  'finalDeadline',
  'deadlineTime',
  'remarks',
  'status',
  'version',
  'createdAt',
  'updatedAt',
] as const;

export type CycleRow = Row<'admissionsCycle'>;

export function createAdmissionsRepository(db: Db) {
  // The list's filter from its slots (givenValues; an entry year, or `keyword` a contains-pattern of the remarks);
  // each shape (the filters given, the order) built and compiled once (issue 43).
  function filtered(s: Slots<string>) {
    let q = whereEqual(db.selectFrom('admissionsCycle'), s, 'status', 'entryYear');
    if (s.keyword) q = q.where(likeLower('remarks', s.keyword));
    return q;
  }
  const cyclePage = sortedListPage(db, filtered, (q) => q.select(COLUMNS), 'entryYear');
  return {
    ...versionedRows(db, 'admissionsCycle'),

    // Newest entry year first by default (a handful of rows: one per year).
    list(q: CycleListQuery) {
      const k = q.keyword?.trim();
      const year = !!k && /^\d{4}$/.test(k);
      return cyclePage(q, {
        status: q.status,
        entryYear: year ? Number(k) : null,
        keyword: k && !year ? containsPattern(k) : null,
      });
    },

    all: (): Promise<CycleRow[]> => db.selectFrom('admissionsCycle').select(COLUMNS).orderBy('entryYear').execute(),

    byId: (id: number): Promise<CycleRow | undefined> =>
      db.selectFrom('admissionsCycle').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    byIds: (ids: readonly number[]): Promise<CycleRow[]> =>
      ids.length
        ? db
            .selectFrom('admissionsCycle')
            .select(COLUMNS)
            .where('id', 'in', [...ids])
            .execute()
        : Promise.resolve([]),

    idOfYear: async (entryYear: number): Promise<number | undefined> =>
      (await db.selectFrom('admissionsCycle').select('id').where('entryYear', '=', entryYear).executeTakeFirst())?.id,

    async remove(id: number): Promise<boolean> {
      const r = await db.deleteFrom('admissionsCycle').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type AdmissionsRepository = ReturnType<typeof createAdmissionsRepository>;
