import type { Db } from '../../db/database.js';
import { containsPattern, likeLower } from '../../db/sql-helpers.js';
import { createEntryRepository, type EntryRow } from '../entry/index.js';

export type DictRow = EntryRow;

export function createDictRepository(db: Db) {
  const entries = createEntryRepository(db, 'dictEntry');
  return {
    ...entries,

    async types(keyword?: string | null) {
      let q = db
        .selectFrom('dictEntry')
        .select((eb) => [
          'type',
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'enabled').then(1).else(0).end()).as('enabledCount'),
        ])
        .groupBy('type')
        .orderBy('type');
      if (keyword) q = q.where(likeLower('type', containsPattern(keyword)));
      const rows = await q.execute();
      return rows.map((r) => ({ type: r.type, count: Number(r.count), enabledCount: Number(r.enabledCount ?? 0) }));
    },

    // Enabled entries of one type, smaller sort first (the options call).
    options: (type: string) =>
      db
        .selectFrom('dictEntry')
        .select(['value', 'label', 'label2', 'color'])
        .where('type', '=', type)
        .where('status', '=', 'enabled')
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    // Enabled values of several types in ONE query (validating a save), as type -> values.
    async enabledValues(types: readonly string[]): Promise<Map<string, Set<string>>> {
      const out = new Map<string, Set<string>>(types.map((t) => [t, new Set<string>()]));
      if (!types.length) return out;
      const rows = await db
        .selectFrom('dictEntry')
        .select(['type', 'value'])
        .where('type', 'in', [...types])
        .where('status', '=', 'enabled')
        .execute();
      for (const r of rows) out.get(r.type)?.add(r.value);
      return out;
    },

    idOf: (type: string, value: string): Promise<number | undefined> => entries.idWith(type, 'value', value),
  };
}
export type DictRepository = ReturnType<typeof createDictRepository>;
