import type { Selectable } from 'kysely';
import type { RecordStatus } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { DictEntryTable } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { pageWindow } from '../../lib/paging.js';
import { readPage } from '../../db/page-rows.js';
import { versionedRows } from '../../db/versioned-rows.js';

// Tables with the dictionary-entry shape (TagTable = DictEntryTable).
export type EntryTableName = 'dictEntry' | 'tag';

export const ENTRY_COLUMNS = [
  'id',
  'type',
  'value',
  'label',
  'label2',
  'description',
  'sort',
  'status',
  'color',
  'version',
  'createdAt',
  'updatedAt',
] as const;

export type EntryRow = Selectable<DictEntryTable>;

export type EntryListQuery = {
  pageNum?: number | null;
  pageSize?: number | null;
  type?: string | null;
  status?: RecordStatus | null;
  keyword?: string | null;
};

// List/read/write of one dictionary-shaped table; modules add their own queries on top.
export function createEntryRepository(db: Db, table: EntryTableName) {
  // Both tables have the same columns, so typing the queries against one of them is exact for both.
  const name = table as 'dictEntry';
  return {
    // insert, update (optimistic lock), remove.
    ...versionedRows(db, name),

    // Filtered by type, status and a substring of key or names; in type, sort, id order.
    async list(q: EntryListQuery) {
      const w = pageWindow(q);
      let base = db.selectFrom(name);
      if (q.type) base = base.where('type', '=', q.type);
      if (q.status) base = base.where('status', '=', q.status);
      if (q.keyword) {
        const p = containsPattern(q.keyword);
        base = base.where((eb) => eb.or([likeLower('value', p), likeLower('label', p), likeLower('label2', p)]));
      }
      const rows = base.select(ENTRY_COLUMNS).orderBy('type').orderBy('sort').orderBy('id');
      return readPage(db, rows, base.select(countAll), w);
    },

    byId: (id: number): Promise<EntryRow | undefined> =>
      db.selectFrom(name).select(ENTRY_COLUMNS).where('id', '=', id).executeTakeFirst(),

    // The row of this type whose key (or Chinese name) is `text`.
    idWith: async (type: string, column: 'value' | 'label', text: string): Promise<number | undefined> =>
      (await db.selectFrom(name).select('id').where('type', '=', type).where(column, '=', text).executeTakeFirst())?.id,
  };
}
export type EntryRepository = ReturnType<typeof createEntryRepository>;
