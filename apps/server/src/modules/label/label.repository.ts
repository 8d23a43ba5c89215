import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { LabelListQuery, MemberLabel } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { compileOnce, idList, idsValue, type Slots } from '../../db/compiled.js';
import { replaceLinks } from '../../db/link-rows.js';
import { lockRow } from '../../db/row-lock.js';
import { runInTransaction } from '../../db/transaction.js';
import type { Database, Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { groupBy } from '../../lib/group.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';
import { versionedRows } from '../../db/versioned-rows.js';

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

// A member's labels, in the labels' order, as one JSON array (null for none), read inside the member list's page
// statement on PostgreSQL (one statement fewer a page: issue 43, decision 291); `labelsOf` reads the same for ids.
export const memberLabelsJson = (memberId: Expression<number>) =>
  sql<MemberLabel[] | null>`(select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color,
    'status', l.status) order by l.sort, l.id) from member_label ml join label l on l.id = ml.label_id
    where ml.member_id = ${memberId})`;

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
  // The list's filter from its slots (givenValues; `keyword` a contains-pattern of the name or description), the same
  // for the page and its total; each shape built and compiled once (issue 43).
  const matches = (s: Slots<string>) => (eb: ExpressionBuilder<Database, 'label'>) => {
    const all: Expression<SqlBool>[] = [];
    if (s.status) all.push(eb('label.status', '=', s.status));
    if (s.keyword) all.push(eb.or([likeLower('label.name', s.keyword), likeLower('label.description', s.keyword)]));
    return eb.and(all);
  };
  const labelPage = compiledPageRows(db, (_: null, s) => ({
    rows: withCount().where(matches(s)).orderBy('label.sort').orderBy('label.id'),
    count: db.selectFrom('label').where(matches(s)).select(countAll),
  }));
  const norm = (r: Omit<LabelRow, 'memberCount'> & { memberCount: number | string | null }): LabelRow =>
    Object.assign(r, { memberCount: Number(r.memberCount ?? 0) });

  // The labels of a page of members in one query, by member, each in the labels' order (the member list's).
  // (Compiled once: the ids are one parameter, issue 43.)
  const labelsOfIds = compileOnce(db, ['ids'], (s) =>
    db
      .selectFrom('memberLabel')
      .innerJoin('label', 'label.id', 'memberLabel.labelId')
      .select(['memberLabel.memberId', 'label.id', 'label.name', 'label.color', 'label.status'])
      .where('memberLabel.memberId', 'in', idList(db, s.ids))
      .orderBy('label.sort')
      .orderBy('label.id'),
  );
  async function labelsOf(memberIds: readonly number[]): Promise<Map<number, MemberLabel[]>> {
    if (!memberIds.length) return new Map();
    const { rows } = await labelsOfIds({ ids: idsValue(db, memberIds) });
    return groupBy(
      rows,
      (r) => r.memberId,
      ({ memberId: _memberId, ...label }) => label,
    );
  }

  return {
    // insert, update (optimistic lock); remove below also takes the label off its members.
    ...versionedRows(db, 'label'),

    labelsOf,

    async list(q: LabelListQuery) {
      const w = pageWindow(q);
      const { key, values } = givenValues({
        status: q.status,
        keyword: q.keyword ? containsPattern(q.keyword) : null,
      });
      const page = await labelPage(key, null, values, w);
      return pageResult(page.rows.map(norm), page.total, w);
    },

    byId: async (id: number): Promise<LabelRow | undefined> => {
      const r = await withCount().where('label.id', '=', id).executeTakeFirst();
      return r ? norm(r) : undefined;
    },

    idOfName: async (name: string): Promise<number | undefined> =>
      (await db.selectFrom('label').select('id').where('name', '=', name).executeTakeFirst())?.id,

    remove: (id: number): Promise<boolean> =>
      runInTransaction(db, async (tx) => {
        await tx.deleteFrom('memberLabel').where('labelId', '=', id).execute();
        const r = await tx.deleteFrom('label').where('id', '=', id).executeTakeFirst();
        return Number(r.numDeletedRows) > 0;
      }),

    // One member's labels, in the labels' order.
    ofMember: async (memberId: number): Promise<MemberLabel[]> => (await labelsOf([memberId])).get(memberId) ?? [],

    existingIds: async (ids: number[]): Promise<number[]> =>
      ids.length ? (await db.selectFrom('label').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [],

    // Replaces the member's labels in one transaction, the member's row held first (PostgreSQL): two calls setting
    // one member's labels take turns instead of inserting the same rows at once (decision 367).
    setMemberLabels: (memberId: number, labelIds: number[], now: number): Promise<void> =>
      runInTransaction(db, async (tx) => {
        await lockRow(tx, 'member', memberId);
        await replaceLinks(tx, 'memberLabel', 'memberId', memberId, 'labelId', labelIds, { createdAt: now });
      }),
  };
}
export type LabelRepository = ReturnType<typeof createLabelRepository>;
