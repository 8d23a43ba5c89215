import type { VisaStageListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { containsPattern, likeLower } from '../../db/sql-helpers.js';
import { versionedRows } from '../../db/versioned-rows.js';
import { sortedListPage } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';

const COLUMNS = ['id', 'kind', 'name', 'sort', 'fileType', 'status', 'version', 'createdAt', 'updatedAt'] as const;
export type VisaStageRow = Row<'visaStage'>;

// The Student visa checklist's stages (issue 40): a short list in checklist order.
export function createVisaStageRepository(db: Db) {
  // The list's filter from its slots (givenValues; `keyword` a contains-pattern of the name); each shape (the
  // filters given, the order) built and compiled once (issue 43).
  function filtered(s: Slots<string>) {
    let q = db.selectFrom('visaStage');
    if (s.status) q = q.where('status', '=', s.status);
    if (s.keyword) q = q.where(likeLower('name', s.keyword));
    return q;
  }
  const stagePage = sortedListPage(db, filtered, (q) => q.select(COLUMNS), 'sort', { pageSize: 50, order: 'asc' });
  return {
    ...versionedRows(db, 'visaStage'),

    list(q: VisaStageListQuery) {
      const keyword = q.keyword?.trim();
      return stagePage(q, { status: q.status, keyword: keyword ? containsPattern(keyword) : null });
    },

    enabled: (): Promise<VisaStageRow[]> =>
      db
        .selectFrom('visaStage')
        .select(COLUMNS)
        .where('status', '=', 'enabled')
        .orderBy('sort')
        .orderBy('id')
        .limit(100)
        .execute(),

    byId: (id: number): Promise<VisaStageRow | undefined> =>
      db.selectFrom('visaStage').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    async remove(id: number): Promise<boolean> {
      const r = await db.deleteFrom('visaStage').where('id', '=', id).where('kind', 'is', null).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type VisaStageRepository = ReturnType<typeof createVisaStageRepository>;
