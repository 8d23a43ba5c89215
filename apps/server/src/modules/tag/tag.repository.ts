import type { Db } from '../../db/database.js';
import { containsPattern, likeLower, startsWithLower } from '../../db/sql-helpers.js';
import { createEntryRepository, type EntryRow } from '../entry/index.js';

export type TagRow = EntryRow;

export function createTagRepository(db: Db) {
  return {
    ...createEntryRepository(db, 'tag'),

    // Enabled tags whose key or names start with q (index range scans), then, to fill the limit, those that
    // merely contain it; each group in sort order.
    async search(q: string | null | undefined, type: string | null | undefined, limit: number) {
      const base = () => {
        let query = db
          .selectFrom('tag')
          .select(['id', 'type', 'value', 'label', 'label2', 'color'])
          .where('status', '=', 'enabled');
        if (type) query = query.where('type', '=', type);
        return query.orderBy('sort').orderBy('id');
      };
      if (!q) return base().limit(limit).execute();
      const prefix = await base()
        .where((eb) => eb.or([startsWithLower('label', q), startsWithLower('label2', q), startsWithLower('value', q)]))
        .limit(limit)
        .execute();
      if (prefix.length >= limit) return prefix;
      const p = containsPattern(q);
      let rest = base().where((eb) => eb.or([likeLower('value', p), likeLower('label', p), likeLower('label2', p)]));
      if (prefix.length)
        rest = rest.where(
          'id',
          'not in',
          prefix.map((r) => r.id),
        );
      return [...prefix, ...(await rest.limit(limit - prefix.length).execute())];
    },
  };
}
export type TagRepository = ReturnType<typeof createTagRepository>;
