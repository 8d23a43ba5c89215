import type { AuditListInput } from '@study-crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { countAll } from '../../db/sql-helpers.js';
import { changesOf } from './audit-changes.js';
import { timelinePage } from '../../db/keyset.js';
import type { PageWindow } from '../../lib/paging.js';
import { timelineItem, type TimelineSource } from '../../lib/timeline.js';

export type AuditRow = Row<'auditLog'>;
// The list's filters as the contract reads them, with the date range as epoch milliseconds.
export type AuditFilter = Omit<
  AuditListInput,
  'dateFrom' | 'dateTo' | 'pageNum' | 'pageSize' | 'order' | 'sortField'
> & {
  from: number | null;
  to: number | null;
};

// The audit log's reads. Its rows are written only by db/audit.ts, inside the calls they record.
export function createAuditRepository(db: Db) {
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
    ): Promise<{ rows: AuditRow[]; more: boolean; counted: number }> {
      let q = db.selectFrom('auditLog');
      if (f.actorId) q = q.where('memberId', '=', f.actorId);
      if (f.module) q = q.where('module', '=', f.module);
      if (f.module && f.action) q = q.where('action', '=', f.action);
      if (f.recordType) q = q.where('recordType', '=', f.recordType);
      if (f.recordType && f.recordId) q = q.where('recordId', '=', f.recordId);
      if (f.outcome) q = q.where('outcome', '=', f.outcome);
      if (f.from !== null) q = q.where('createdAt', '>=', f.from);
      if (f.to !== null) q = q.where('createdAt', '<', f.to);
      let page = q
        .selectAll()
        .orderBy('createdAt', w.order)
        .orderBy('id', w.order)
        .limit(w.limit + 1);
      if (after) {
        const [cmp, bound] = w.order === 'desc' ? (['<', '<='] as const) : (['>', '>='] as const);
        // The plain bound lets the index range start at the cursor; the pair picks the entries after it.
        page = page
          .where('createdAt', bound, after.at)
          .where((eb) =>
            eb.or([eb('createdAt', cmp, after.at), eb.and([eb('createdAt', '=', after.at), eb('id', cmp, after.id)])]),
          );
      } else page = page.offset(w.offset);
      const capped = q.select(sql<number>`1`.as('one')).limit(cap + 1);
      const [rows, c] = await Promise.all([
        page.execute(),
        db.selectFrom(capped.as('c')).select(countAll).executeTakeFirst(),
      ]);
      return { rows: rows.slice(0, w.limit), more: rows.length > w.limit, counted: Number(c?.n ?? 0) };
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
