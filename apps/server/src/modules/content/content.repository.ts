import { sql, type Updateable } from 'kysely';
import type { ContentListInput } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { MerchantTable, Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower, referencedNames } from '../../db/sql-helpers.js';
import type { PageWindow, SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';
import { versionedRows } from '../../db/versioned-rows.js';

export type ContentRow = Row<'contentItem'>;
export type MerchantRow = Row<'merchant'>;
export const MERCHANT_CODE = 'COM';

// Content items and the merchant record (migration 0027).
export function createContentRepository(db: Db) {
  // The list's filter from its slots (givenValues; `keyword` a contains-pattern of the title); each shape (the
  // filters given, the order) built and compiled once (issue 43).
  const filtered = (s: Slots<string>) => {
    let b = db.selectFrom('contentItem');
    if (s.status) b = b.where('status', '=', s.status);
    if (s.keyword) b = b.where(likeLower('content_item.title', s.keyword));
    return b;
  };
  const contentPage = compiledPageRows(db, (order: SortOrder, s) => ({
    rows: filtered(s).selectAll().orderBy('createdAt', order).orderBy('id', order),
    count: filtered(s).select(countAll),
  }));
  return {
    ...versionedRows(db, 'contentItem'),

    async page(q: ContentListInput, w: PageWindow) {
      const keyword = q.keyword?.trim();
      const { key, values } = givenValues({ status: q.status, keyword: keyword ? containsPattern(keyword) : null });
      const { rows, total } = await contentPage(`${key}:${w.order}`, w.order, values, w);
      return { rows: rows as ContentRow[], total };
    },

    // Published, inside their window, in the reader's language or for all; pinned first, newest first.
    published: (now: number, locale: ContentRow['locale'] | null | undefined, limit: number): Promise<ContentRow[]> =>
      db
        .selectFrom('contentItem')
        .selectAll()
        .where('status', '=', 'published')
        .where((eb) => eb.or([eb('publishFrom', 'is', null), eb('publishFrom', '<=', now)]))
        .where((eb) => eb.or([eb('publishTo', 'is', null), eb('publishTo', '>', now)]))
        .where('locale', 'in', locale ? ['all' as const, locale] : ['all' as const])
        .orderBy('pinned', 'desc')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    byId: (id: number): Promise<ContentRow | undefined> =>
      db.selectFrom('contentItem').selectAll().where('id', '=', id).executeTakeFirst(),

    merchant: (): Promise<MerchantRow | undefined> =>
      db.selectFrom('merchant').selectAll().where('code', '=', MERCHANT_CODE).executeTakeFirst(),

    async updateMerchant(patch: Updateable<MerchantTable>, version?: number | null): Promise<boolean> {
      let q = db
        .updateTable('merchant')
        .set({ ...patch, version: sql<number>`version + 1` })
        .where('code', '=', MERCHANT_CODE);
      if (version !== undefined && version !== null) q = q.where('version', '=', version);
      return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
    },

    referencedLogos: (names: readonly string[]): Promise<Set<string>> =>
      referencedNames(names, (chunk) =>
        db.selectFrom('merchant').select('logoFile as name').where('logoFile', 'in', chunk).execute(),
      ),
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
