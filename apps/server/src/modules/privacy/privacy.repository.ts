import type { DataRequestListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { countAll, insertReturningId, referencedNames } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import { pageWindow, readPage } from '../../lib/paging.js';

export type RequestRow = Row<'privacyRequest'>;
export type ExportRow = Row<'privacyExport'>;

const REQUEST_COLUMNS = [
  'id',
  'subjectId',
  'kind',
  'receivedDate',
  'dueDate',
  'status',
  'openFlag',
  'assigneeId',
  'note',
  'completedAt',
  'completedBy',
  'createdBy',
  'createdAt',
  'updatedAt',
] as const;
const EXPORT_COLUMNS = [
  'id',
  'subjectId',
  'requestId',
  'requestedBy',
  'locale',
  'status',
  'progress',
  'storedName',
  'size',
  'expiresAt',
  'claimedUntil',
  'downloadedAt',
  'error',
  'createdAt',
  'updatedAt',
] as const;

// The SQL of the privacy module (issue 41): data requests, subject access exports and the due-date reminders.
export function createPrivacyRepository(db: Db) {
  const n = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) > 0;
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // Open requests first by due date (the soonest first), then the done ones.
    async list(q: DataRequestListQuery, subjectIds?: readonly number[]) {
      const w = pageWindow(q, { order: 'asc' });
      let base = db.selectFrom('privacyRequest');
      if (q.kind) base = base.where('kind', '=', q.kind);
      if (q.status) base = base.where('status', '=', q.status);
      if (q.subjectId) base = base.where('subjectId', '=', q.subjectId);
      if (subjectIds) base = base.where('subjectId', 'in', subjectIds.length ? [...subjectIds] : [0]);
      const field = q.sortField ?? 'dueDate';
      const rows = base.select(REQUEST_COLUMNS).orderBy(field, w.order).orderBy('id', w.order);
      return readPage<RequestRow>(rows, base.select(countAll), w);
    },

    requestById: (id: number, q: Conn = db): Promise<RequestRow | undefined> =>
      q.selectFrom('privacyRequest').select(REQUEST_COLUMNS).where('id', '=', id).executeTakeFirst(),

    openRequestOf: (subjectId: number, kind: 'access' | 'erasure', q: Conn = db) =>
      q
        .selectFrom('privacyRequest')
        .select(REQUEST_COLUMNS)
        .where('subjectId', '=', subjectId)
        .where('kind', '=', kind)
        .where('status', '=', 'open')
        .executeTakeFirst(),

    insertRequest: (
      r: Omit<RequestRow, 'id' | 'status' | 'openFlag' | 'completedAt' | 'completedBy' | 'createdAt' | 'updatedAt'>,
      now: number,
    ) =>
      insertReturningId(db, 'privacyRequest', {
        ...r,
        status: 'open',
        openFlag: 1,
        completedAt: null,
        completedBy: null,
        createdAt: now,
        updatedAt: now,
      }),

    // Done once: of two racing completions one changes the row.
    completeRequest: async (id: number, by: number, now: number) =>
      n(
        await db
          .updateTable('privacyRequest')
          .set({ status: 'done', openFlag: null, completedAt: now, completedBy: by, updatedAt: now })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .executeTakeFirst(),
      ),

    // The newest export of each request.
    async lastExports(requestIds: readonly number[]): Promise<Map<number, ExportRow>> {
      if (!requestIds.length) return new Map();
      const rows = await db
        .selectFrom('privacyExport')
        .select(EXPORT_COLUMNS)
        .where('requestId', 'in', [...requestIds])
        .orderBy('id')
        .execute();
      return new Map(rows.map((r) => [r.requestId!, r]));
    },

    exportById: (id: number): Promise<ExportRow | undefined> =>
      db.selectFrom('privacyExport').select(EXPORT_COLUMNS).where('id', '=', id).executeTakeFirst(),

    insertExport: (
      e: { subjectId: number; requestId: number | null; requestedBy: number; locale: string },
      now: number,
    ) =>
      insertReturningId(db, 'privacyExport', {
        ...e,
        status: 'queued',
        progress: 0,
        storedName: null,
        size: null,
        expiresAt: null,
        claimedUntil: null,
        downloadedAt: null,
        error: null,
        createdAt: now,
        updatedAt: now,
      }),

    // Exports waiting for a worker, or whose worker's claim ran out (a server that stopped mid-build).
    claimable: async (now: number, limit: number) =>
      (
        await db
          .selectFrom('privacyExport')
          .select('id')
          .where((eb) =>
            eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimedUntil', '<', now)])]),
          )
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((r) => r.id),

    // Takes the export for this worker until `until`: one statement, so of several servers one wins.
    claim: async (id: number, now: number, until: number) =>
      n(
        await db
          .updateTable('privacyExport')
          .set({ status: 'running', claimedUntil: until, updatedAt: now })
          .where('id', '=', id)
          .where((eb) =>
            eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimedUntil', '<', now)])]),
          )
          .executeTakeFirst(),
      ),

    progress: (id: number, progress: number, until: number, now: number) =>
      db
        .updateTable('privacyExport')
        .set({ progress, claimedUntil: until, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute(),

    finish: async (q: Conn, id: number, r: { storedName: string; size: number; expiresAt: number }, now: number) =>
      n(
        await q
          .updateTable('privacyExport')
          .set({ ...r, status: 'done', progress: 100, claimedUntil: null, updatedAt: now })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .executeTakeFirst(),
      ),

    fail: (id: number, error: string, now: number) =>
      db
        .updateTable('privacyExport')
        .set({ status: 'failed', error: error.slice(0, 200), claimedUntil: null, updatedAt: now })
        .where('id', '=', id)
        .execute(),

    markDownloaded: (id: number, now: number) =>
      db.updateTable('privacyExport').set({ downloadedAt: now, updatedAt: now }).where('id', '=', id).execute(),

    // The archives kept in storage (the orphan sweep keeps them).
    referenced: (names: readonly string[]) =>
      referencedNames(names, (chunk) =>
        db.selectFrom('privacyExport').select('storedName as name').where('storedName', 'in', chunk).execute(),
      ),

    // Open requests due from `from` to `to` (inclusive) with someone to remind.
    openDue: (from: string, to: string) =>
      db
        .selectFrom('privacyRequest')
        .select(REQUEST_COLUMNS)
        .where('status', '=', 'open')
        .where('assigneeId', 'is not', null)
        .where('dueDate', '>=', from)
        .where('dueDate', '<=', to)
        .orderBy('id')
        .execute(),

    // The reminder of this request on this day, unless a worker created it already: its id, or undefined.
    insertReminderOnce: async (
      tx: Tx,
      r: { requestId: number; remindDate: string; daysBefore: number; assigneeId: number | null },
      now: number,
    ) =>
      (
        await tx
          .insertInto('privacyReminder')
          .values({ ...r, createdAt: now, updatedAt: now })
          .onConflict((oc) => oc.columns(['requestId', 'remindDate']).doNothing())
          .returning('id')
          .executeTakeFirst()
      )?.id,

    remindersOf: (requestId: number) =>
      db
        .selectFrom('privacyReminder')
        .select(['id', 'requestId', 'remindDate', 'daysBefore', 'assigneeId'])
        .where('requestId', '=', requestId)
        .orderBy('id')
        .execute(),
  };
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
