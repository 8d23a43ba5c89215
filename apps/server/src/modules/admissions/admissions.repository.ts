import type { CycleListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { versionedRows } from '../../db/versioned-rows.js';
import { pageWindow } from '../../lib/paging.js';
import { readPage } from '../../db/page-rows.js';

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
  return {
    ...versionedRows(db, 'admissionsCycle'),

    // Newest entry year first by default (a handful of rows: one per year).
    async list(q: CycleListQuery) {
      const w = pageWindow(q);
      let base = db.selectFrom('admissionsCycle');
      if (q.status) base = base.where('status', '=', q.status);
      const k = q.keyword?.trim();
      if (k && /^\d{4}$/.test(k)) base = base.where('entryYear', '=', Number(k));
      else if (k) base = base.where(likeLower('remarks', containsPattern(k)));
      const rows = base.select(COLUMNS).orderBy('entryYear', w.order).orderBy('id', w.order);
      return readPage(db, rows, base.select(countAll), w);
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
