import type { VisaStageListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { versionedRows } from '../../db/versioned-rows.js';
import { pageWindow } from '../../lib/paging.js';
import { readPage } from '../../db/page-rows.js';

const COLUMNS = ['id', 'kind', 'name', 'sort', 'fileType', 'status', 'version', 'createdAt', 'updatedAt'] as const;
export type VisaStageRow = Row<'visaStage'>;

// The Student visa checklist's stages (issue 40): a short list in checklist order.
export function createVisaStageRepository(db: Db) {
  return {
    ...versionedRows(db, 'visaStage'),

    async list(q: VisaStageListQuery) {
      const w = pageWindow(q, { pageSize: 50, order: 'asc' });
      let base = db.selectFrom('visaStage');
      if (q.status) base = base.where('status', '=', q.status);
      if (q.keyword?.trim()) base = base.where(likeLower('name', containsPattern(q.keyword.trim())));
      const rows = base.select(COLUMNS).orderBy('sort', w.order).orderBy('id', w.order);
      return readPage(db, rows, base.select(countAll), w);
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
