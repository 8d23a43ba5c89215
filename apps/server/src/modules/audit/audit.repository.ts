import type { AuditListInput, PersonRef } from '@study-crm/shared';
import { sql } from 'kysely';
import { isPostgres, type Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { countAll } from '../../db/sql-helpers.js';
import { changesOf } from './audit-changes.js';
import { timelinePage } from '../../db/keyset.js';
import type { PageWindow, SortOrder } from '../../lib/paging.js';
import { compileShapes, type Slots } from '../../db/compiled.js';
import { givenValues, whereEqual } from '../../db/page-rows.js';
import { timelineItem, type TimelineSource } from '../../lib/timeline.js';
import { namePerson, personPartsJson, type PersonParts } from '../people/index.js';

export type AuditRow = Row<'auditLog'>;
// The list's filters as the contract reads them, with the date range as epoch milliseconds.
export type AuditFilter = Omit<
  AuditListInput,
  'dateFrom' | 'dateTo' | 'pageNum' | 'pageSize' | 'order' | 'sortField'
> & {
  from: number | null;
  to: number | null;
};

// A shape of the list's page: its order, and whether it starts after a cursor (else after an offset).
type PageShape = { order: SortOrder; after: boolean };

// The audit log's reads. Its rows are written only by db/audit.ts, inside the calls they record.
export function createAuditRepository(db: Db) {
  // The list's filter from its slots (givenValues: a filter whose slot is given).
  function filtered(s: Slots<string>) {
    let q = db.selectFrom('auditLog');
    q = whereEqual(q, s, 'memberId', 'module', 'action', 'recordType', 'recordId', 'outcome');
    if (s.from) q = q.where('createdAt', '>=', s.from);
    if (s.to) q = q.where('createdAt', '<', s.to);
    return q;
  }
  // The filter's entries counted up to the slot `cap`.
  const capped = (s: Slots<string>) =>
    db
      .selectFrom(
        filtered(s)
          .select(sql<number>`1`.as('one'))
          .limit(s.cap!)
          .as('c'),
      )
      .select(countAll);
  const cappedCount = compileShapes(db, (_: null, s) => capped(s));
  // Each shape (the filters given, the order, after a cursor or not) built and compiled once (issue 43). On
  // PostgreSQL the page carries its capped count (`counted`) and each entry's actor's name parts (`actor`, the
  // people module's subquery): one statement where there were three (decisions 283, 288).
  const pg = isPostgres(db);
  const auditPage = compileShapes(db, ({ order, after }: PageShape, s) => {
    const page = filtered(s)
      .selectAll()
      .$if(pg, (q) =>
        q.select([
          sql<number | string>`${capped(s)}`.as('counted'),
          personPartsJson(sql.ref('audit_log.member_id')).as('actor'),
        ]),
      )
      .orderBy('createdAt', order)
      .orderBy('id', order)
      .limit(s.limit!);
    if (!after) return page.offset(s.offset!);
    const [cmp, bound] = order === 'desc' ? (['<', '<='] as const) : (['>', '>='] as const);
    // The plain bound lets the index range start at the cursor; the pair picks the entries after it.
    return page
      .where('createdAt', bound, s.at!)
      .where((eb) =>
        eb.or([eb('createdAt', cmp, s.at!), eb.and([eb('createdAt', '=', s.at!), eb('id', cmp, s.afterId!)])]),
      );
  });

  return {
    // Newest first (or oldest with order asc): every filter has an index ending in (created_at, id), so a page
    // reads at most pageSize + 1 entries of it (the one more says whether a next page exists), after the cursor's
    // entry when there is one (a seek) or after `offset` of them. The total is counted up to `cap` + 1 entries of the
    // same range (decision 249): a filter matching most of a million entries costs the cap, not the million.
    async list(
      f: AuditFilter,
      w: PageWindow,
      cap: number,
      after: { at: number; id: number } | null,
    ): Promise<{ rows: AuditRow[]; more: boolean; counted: number; names?: Map<number, PersonRef> }> {
      // (A record id or an action counts only with its type or module, as the screen asks.)
      const { key, values } = givenValues({
        memberId: f.actorId,
        module: f.module,
        action: f.module ? f.action : null,
        recordType: f.recordType,
        recordId: f.recordType ? f.recordId : null,
        outcome: f.outcome,
        from: f.from,
        to: f.to,
      });
      const shape: PageShape = { order: w.order, after: !!after };
      const counting = Object.assign({ cap: cap + 1 }, values);
      const page = auditPage(
        `${key}:${w.order}:${after ? 'after' : 'offset'}`,
        shape,
        Object.assign(after ? { at: after.at, afterId: after.id } : { offset: w.offset }, counting, {
          limit: w.limit + 1,
        }),
      );
      const countAlone = async () => Number((await cappedCount(key, null, counting)).rows[0]?.n ?? 0);
      // (On PostgreSQL a page's rows carry the count; an empty page is counted alone. The column is left on the
      // rows, decision 297.)
      const [rows, alone] = await Promise.all([page, pg ? null : countAlone()]);
      const list = rows.rows as (AuditRow & { counted?: number | string; actor?: PersonParts | null })[];
      const counted = alone ?? (list.length ? Number(list[0]!.counted) : await countAlone());
      const result = { rows: list.slice(0, w.limit), more: list.length > w.limit, counted };
      if (!pg) return result;
      // The actors' names as the people module's `names` answers them (removed members too).
      const names = new Map<number, PersonRef>();
      for (const r of result.rows) namePerson(names, r.actor);
      return Object.assign(result, { names });
    },

    // A record's changes for its timeline (decision 180): the entries that succeeded, newest first through
    // audit_log (record_type, record_id, created_at, id).
    changes:
      (recordType: string, recordId: number): TimelineSource =>
      async (cursor, limit) => {
        const rows = await db
          .selectFrom('auditLog')
          .selectAll()
          .where('recordType', '=', recordType)
          .where('recordId', '=', recordId)
          .where('outcome', '=', 'ok')
          .$call(timelinePage('change', cursor, limit))
          .execute();
        return rows.map((r) =>
          timelineItem('change', r, {
            actorId: r.memberId,
            title: `${r.module}.${r.action}`,
            detail: null,
            outcome: r.outcome,
            changes: changesOf(r),
          }),
        );
      },

    byId: (id: number): Promise<AuditRow | undefined> =>
      db.selectFrom('auditLog').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
