import type { DataRequestListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { countAll, insertReturningId } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import { pageResult, pageWindow, type SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';
import { idList, idsValue, type Slots } from '../../db/compiled.js';

export type RequestRow = Row<'privacyRequest'>;

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
  'exportJobId',
  'createdAt',
  'updatedAt',
] as const;

// The SQL of the privacy module (issue 41): data requests (with their newest export's job) and the due-date
// reminders.
export function createPrivacyRepository(db: Db) {
  const n = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) > 0;
  // The list's filter from its slots (givenValues; `subjects` the ids of the people a keyword found, one parameter);
  // each shape (the filters given, the order) built and compiled once (issue 43).
  function filtered(s: Slots<string>) {
    let q = db.selectFrom('privacyRequest');
    if (s.kind) q = q.where('kind', '=', s.kind);
    if (s.status) q = q.where('status', '=', s.status);
    if (s.subjectId) q = q.where('subjectId', '=', s.subjectId);
    if (s.subjects) q = q.where('subjectId', 'in', idList(db, s.subjects));
    return q;
  }
  type Shape = { field: NonNullable<DataRequestListQuery['sortField']>; order: SortOrder };
  const requestPage = compiledPageRows(db, ({ field, order }: Shape, s) => ({
    rows: filtered(s).select(REQUEST_COLUMNS).orderBy(field, order).orderBy('id', order),
    count: filtered(s).select(countAll),
  }));
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // Open requests first by due date (the soonest first), then the done ones.
    async list(q: DataRequestListQuery, subjectIds?: readonly number[]) {
      const w = pageWindow(q, { order: 'asc' });
      const { key, values } = givenValues({
        kind: q.kind,
        status: q.status,
        subjectId: q.subjectId,
        subjects: subjectIds && idsValue(db, subjectIds),
      });
      const shape: Shape = { field: q.sortField ?? 'dueDate', order: w.order };
      const { rows, total } = await requestPage(`${key}:${shape.field}:${w.order}`, shape, values, w);
      return pageResult(rows as RequestRow[], total, w);
    },

    requestById: (id: number, tx: Conn = db): Promise<RequestRow | undefined> =>
      tx.selectFrom('privacyRequest').select(REQUEST_COLUMNS).where('id', '=', id).executeTakeFirst(),

    openRequestOf: (subjectId: number, kind: 'access' | 'erasure', tx: Conn = db) =>
      tx
        .selectFrom('privacyRequest')
        .select(REQUEST_COLUMNS)
        .where('subjectId', '=', subjectId)
        .where('kind', '=', kind)
        .where('status', '=', 'open')
        .executeTakeFirst(),

    insertRequest: (
      r: Omit<
        RequestRow,
        'id' | 'status' | 'openFlag' | 'completedAt' | 'completedBy' | 'exportJobId' | 'createdAt' | 'updatedAt'
      >,
      now: number,
    ) =>
      insertReturningId(db, 'privacyRequest', {
        ...r,
        status: 'open',
        openFlag: 1,
        completedAt: null,
        completedBy: null,
        exportJobId: null,
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

    // The request's newest export: its job (the jobs module's).
    setExportJob: (id: number, jobId: number, now: number) =>
      db.updateTable('privacyRequest').set({ exportJobId: jobId, updatedAt: now }).where('id', '=', id).execute(),

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

    // The ids of a person's requests (on the caller's connection).
    requestIdsOf: async (subjectId: number, tx: Conn = db): Promise<number[]> =>
      (await tx.selectFrom('privacyRequest').select('id').where('subjectId', '=', subjectId).execute()).map(
        (r) => r.id,
      ),
    // How many of a person's requests carry a note.
    notesOf: async (subjectId: number, tx: Conn = db): Promise<number> =>
      Number(
        (
          await tx
            .selectFrom('privacyRequest')
            .select(countAll)
            .where('subjectId', '=', subjectId)
            .where('note', 'is not', null)
            .where('note', '!=', '')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    // The notes of a person's requests emptied (free text that may name them); the requests, dates and status stay.
    blankNotes: async (tx: Tx, subjectId: number, now: number): Promise<number> =>
      Number(
        (
          await tx
            .updateTable('privacyRequest')
            .set({ note: null, updatedAt: now })
            .where('subjectId', '=', subjectId)
            .where('note', 'is not', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),

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
