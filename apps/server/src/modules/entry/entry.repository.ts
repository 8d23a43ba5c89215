import type { Selectable } from 'kysely';
import type { RecordStatus } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { DictEntryTable } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';
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
  // The list's filter from its slots (givenValues: a filter whose slot is given; `keyword` a contains-pattern).
  function filtered(s: Slots<string>) {
    let q = db.selectFrom(name);
    if (s.type) q = q.where('type', '=', s.type);
    if (s.status) q = q.where('status', '=', s.status);
    if (s.keyword)
      q = q.where((eb) =>
        eb.or([likeLower('value', s.keyword!), likeLower('label', s.keyword!), likeLower('label2', s.keyword!)]),
      );
    return q;
  }
  // Each shape (the filters given) built and compiled once (issue 43).
  const page = compiledPageRows(db, (_: null, s) => ({
    rows: filtered(s).select(ENTRY_COLUMNS).orderBy('type').orderBy('sort').orderBy('id'),
    count: filtered(s).select(countAll),
  }));
  return {
    // insert, update (optimistic lock), remove.
    ...versionedRows(db, name),

    // Filtered by type, status and a substring of key or names; in type, sort, id order.
    async list(q: EntryListQuery) {
      const w = pageWindow(q);
      const { key, values } = givenValues({
        type: q.type,
        status: q.status,
        keyword: q.keyword ? containsPattern(q.keyword) : null,
      });
      const { rows, total } = await page(key, null, values, w);
      return pageResult(rows as EntryRow[], total, w);
    },

    byId: (id: number): Promise<EntryRow | undefined> =>
      db.selectFrom(name).select(ENTRY_COLUMNS).where('id', '=', id).executeTakeFirst(),

    // The row of this type whose key (or Chinese name) is `text`.
    idWith: async (type: string, column: 'value' | 'label', text: string): Promise<number | undefined> =>
      (await db.selectFrom(name).select('id').where('type', '=', type).where(column, '=', text).executeTakeFirst())?.id,
  };
}
export type EntryRepository = ReturnType<typeof createEntryRepository>;
