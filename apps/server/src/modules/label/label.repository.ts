import { sql, type Insertable, type Updateable } from 'kysely';
import type { LabelListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { runInTransaction } from '../../db/transaction.js';
import type { LabelTable, Row } from '../../db/schema.js';
import { containsPattern, likeLower } from '../../db/sql-helpers.js';
import { pageWindow } from '../../lib/paging.js';

const COLUMNS = [
  'label.id',
  'label.name',
  'label.color',
  'label.description',
  'label.sort',
  'label.status',
  'label.version',
  'label.createdAt',
  'label.updatedAt',
] as const;

export type LabelRow = Row<'label'> & { memberCount: number };

export function createLabelRepository(db: Db) {
  const withCount = () =>
    db
      .selectFrom('label')
      .select(COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('memberLabel')
          .select(eb.fn.countAll<number>().as('c'))
          .whereRef('memberLabel.labelId', '=', 'label.id')
          .as('memberCount'),
      );
  const norm = (r: Omit<LabelRow, 'memberCount'> & { memberCount: number | string | null }): LabelRow => ({
    ...r,
    memberCount: Number(r.memberCount ?? 0),
  });

  return {
    async list(q: LabelListQuery) {
      const { pageNum, pageSize, offset } = pageWindow(q);
      let base = db.selectFrom('label');
      if (q.status) base = base.where('label.status', '=', q.status);
      if (q.keyword) {
        const p = containsPattern(q.keyword);
        base = base.where((eb) => eb.or([likeLower('label.name', p), likeLower('label.description', p)]));
      }
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      let listQ = withCount();
      if (q.status) listQ = listQ.where('label.status', '=', q.status);
      if (q.keyword) {
        const p = containsPattern(q.keyword);
        listQ = listQ.where((eb) => eb.or([likeLower('label.name', p), likeLower('label.description', p)]));
      }
      const rows = await listQ.orderBy('label.sort').orderBy('label.id').limit(pageSize).offset(offset).execute();
      return { list: rows.map(norm), total: Number(total), pageNum, pageSize };
    },

    byId: async (id: number): Promise<LabelRow | undefined> => {
      const r = await withCount().where('label.id', '=', id).executeTakeFirst();
      return r ? norm(r) : undefined;
    },

    idOfName: async (name: string): Promise<number | undefined> =>
      (await db.selectFrom('label').select('id').where('name', '=', name).executeTakeFirst())?.id,

    insert: async (row: Insertable<LabelTable>): Promise<number> =>
      (await db.insertInto('label').values(row).returning('id').executeTakeFirstOrThrow()).id,

    // Optimistic lock: the version goes up by one; with `version` given, only from that version (false: stale).
    update: async (id: number, patch: Updateable<LabelTable>, version?: number | null): Promise<boolean> => {
      let q = db
        .updateTable('label')
        .set({ ...patch, version: sql<number>`version + 1` })
        .where('id', '=', id);
      if (version !== undefined && version !== null) q = q.where('version', '=', version);
      return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
    },

    remove: (id: number): Promise<boolean> =>
      runInTransaction(db, async (trx) => {
        await trx.deleteFrom('memberLabel').where('labelId', '=', id).execute();
        const r = await trx.deleteFrom('label').where('id', '=', id).executeTakeFirst();
        return Number(r.numDeletedRows) > 0;
      }),

    ofMember: (memberId: number) =>
      db
        .selectFrom('label')
        .innerJoin('memberLabel', 'memberLabel.labelId', 'label.id')
        .select(['label.id', 'label.name', 'label.color', 'label.status'])
        .where('memberLabel.memberId', '=', memberId)
        .orderBy('label.sort')
        .orderBy('label.id')
        .execute(),

    existingIds: async (ids: number[]): Promise<number[]> =>
      ids.length ? (await db.selectFrom('label').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [],

    // Replaces the member's labels in one transaction.
    setMemberLabels: (memberId: number, labelIds: number[], now: number): Promise<void> =>
      runInTransaction(db, async (trx) => {
        await trx.deleteFrom('memberLabel').where('memberId', '=', memberId).execute();
        if (labelIds.length) {
          await trx
            .insertInto('memberLabel')
            .values(labelIds.map((labelId) => ({ memberId, labelId, createdAt: now })))
            .execute();
        }
      }),
  };
}
export type LabelRepository = ReturnType<typeof createLabelRepository>;
