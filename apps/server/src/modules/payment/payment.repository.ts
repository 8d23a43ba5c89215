import { searchText, type PersonRef } from '@study-crm/shared';
import { sql, type ExpressionBuilder, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { PaymentFilter, TrackListInput } from '@study-crm/shared';
import { isPostgres, type Db } from '../../db/database.js';
import type { Database, PaymentRecordTable, Row } from '../../db/schema.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { PageWindow, SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues, whereEqual } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';
import { countAll, prefixEnd, referencedNames } from '../../db/sql-helpers.js';
import { namePerson, personPartsJson, type PersonParts } from '../people/index.js';

const PAYMENT_COLUMNS = [
  'id',
  'applicationId',
  'studentId',
  'studentName',
  'title',
  'type',
  'status',
  'transactionDate',
  'amountMinor',
  'currency',
  'transferMethod',
  'description',
  'signingTeacherId',
  'createdBy',
  'confirmedBy',
  'confirmedAt',
  'voidReason',
  'voidedBy',
  'voidedAt',
  'version',
  'createdAt',
  'updatedAt',
] as const;
const FILE_COLUMNS = [
  'id',
  'paymentId',
  'kind',
  'storedName',
  'originalName',
  'extension',
  'mime',
  'size',
  'uploadedBy',
  'createdAt',
] as const;
const TRACK_COLUMNS = ['id', 'paymentId', 'operatorId', 'operation', 'changes', 'createdAt'] as const;

export type PaymentRow = Omit<Row<'paymentRecord'>, 'searchName' | 'searchText'>;
export type PaymentFileRow = Row<'paymentFile'>;
export type TrackRow = Row<'paymentTrack'>;
export type PaymentValues = Pick<
  PaymentRow,
  | 'title'
  | 'type'
  | 'transactionDate'
  | 'amountMinor'
  | 'currency'
  | 'transferMethod'
  | 'description'
  | 'signingTeacherId'
>;
export type NewPayment = PaymentValues & Pick<PaymentRow, 'applicationId' | 'studentId' | 'studentName' | 'createdBy'>;
export type NewFile = Omit<PaymentFileRow, 'id' | 'paymentId' | 'createdAt'>;
export type NewTrack = Omit<TrackRow, 'id'>;
// The track list's filters as the contract reads them, with the date range as epoch milliseconds.
export type TrackFilter = Pick<TrackListInput, 'paymentId' | 'operatorId' | 'operation'> & {
  from: number | null;
  to: number | null;
};

export const SORT_COLUMNS = {
  transactionDate: 'transactionDate',
  createdAt: 'createdAt',
  amount: 'amountMinor',
} as const;

export const searchKey = (v: string) => v.trim().replace(/\s+/g, ' ').toLowerCase();

type PaymentQuery = SelectQueryBuilder<Database, 'paymentRecord', object>;
// The filter's values as the queries compare them: the given ones only (givenValues), the keyword as the range of
// folded names it starts (`kFrom` up to `kTo`).
const filterValues = (f: PaymentFilter) => {
  const k = f.keyword ? searchKey(f.keyword) : null;
  return givenValues({
    applicationId: f.applicationId,
    type: f.type,
    status: f.status,
    currency: f.currency,
    dateFrom: f.dateFrom,
    dateTo: f.dateTo,
    teacherId: f.teacherId,
    kFrom: k,
    kTo: k === null ? null : prefixEnd(k),
  });
};
// The filter on the records, from the slots of a compiled query or from filterValues' values themselves.
function applyFilter(q: PaymentQuery, v: Slots<string>): PaymentQuery {
  q = whereEqual(q, v, 'applicationId', 'type', 'status', 'currency');
  if (v.dateFrom) q = q.where('transactionDate', '>=', v.dateFrom);
  if (v.dateTo) q = q.where('transactionDate', '<=', v.dateTo);
  if (v.teacherId) q = q.where('signingTeacherId', '=', v.teacherId);
  if (v.kFrom) q = q.where('searchName', '>=', v.kFrom).where('searchName', '<', v.kTo!);
  return q;
}
// filterValues' values where a filter function takes slots (a query built per call): the same names, the values
// compared as given.
const givenSlots = (f: PaymentFilter) => filterValues(f).values as Slots<string>;

// Filters the summary table answers exactly (it is kept per currency, type and status); any other needs the records.
export const summaryServes = (f: PaymentFilter): boolean =>
  !f.applicationId && !f.dateFrom && !f.dateTo && !f.teacherId && !f.keyword;
// Filters with a date range that the per-day totals (payment_day_total, kept per transaction day, currency, type and
// status) answer exactly: a few rows a day however many records the range holds.
export const dayTotalsServe = (f: PaymentFilter): boolean =>
  !f.applicationId && !f.teacherId && !f.keyword && Boolean(f.dateFrom || f.dateTo);

// The per-day totals summed per currency, type and status (select with groupBy(['currency', 'type', 'status'])):
// the list's totals over a date range and the dashboard's figures.
export const dayTotalSums = (eb: ExpressionBuilder<Database, 'paymentDayTotal'>) =>
  [
    'currency',
    'type',
    'status',
    eb.fn.sum<number | string>('amountMinor').as('sum'),
    eb.fn.sum<number | string>('n').as('n'),
  ] as const;

// The payment_summary rows in key order. Read so, through the key's index, they cost what their few live rows cost:
// every payment write updates one, and on PostgreSQL a whole-table scan would read every page the dead row versions
// ever took (after 200,000 bench payments and a VACUUM: 1,474 pages for 30 rows, 9 ms instead of 0.2 ms).
export const summaryInKeyOrder = (db: Db) =>
  db.selectFrom('paymentSummary').orderBy('currency').orderBy('type').orderBy('status');

// The filter on a maintained total by the keys both tables are kept by (type, status, currency), from the slots.
function byKind<T extends 'paymentSummary' | 'paymentDayTotal', O>(
  q: SelectQueryBuilder<Database, T, O>,
  v: Slots<string>,
): SelectQueryBuilder<Database, T, O> {
  if (v.type) q = q.where('type', '=', v.type);
  if (v.status) q = q.where('status', '=', v.status);
  if (v.currency) q = q.where('currency', '=', v.currency);
  return q;
}

// The sum of the per-day totals' `n` column as `n` (0 when no row matches).
const sumOfN = (eb: ExpressionBuilder<Database, 'paymentDayTotal'>) =>
  eb.fn.coalesce(eb.fn.sum<number | string>('n'), eb.lit(0)).as('n');

// Where a page's total comes from: the maintained summary, the per-day totals or the records counted.
type Total = 'summary' | 'days' | 'records';
// A shape of the list's page besides its filters: the sort, the order, where its total comes from.
type PageShape = { sort: keyof typeof SORT_COLUMNS; order: SortOrder; total: Total };

export function createPaymentRepository(db: Db) {
  // A status change that happens only from the status the record must have (its version moves on), and with
  // `version` only from that version: false when another call changed the record first.
  async function moveStatus(
    tx: Tx,
    id: number,
    from: readonly ['=' | '!=', PaymentRecordTable['status']],
    values: Updateable<PaymentRecordTable>,
    now: number,
    version: number | null = null,
  ): Promise<boolean> {
    const res = await tx
      .updateTable('paymentRecord')
      .set((eb) => ({ ...values, version: eb('version', '+', 1), updatedAt: now }))
      .where('id', '=', id)
      .where('status', from[0], from[1])
      .$if(version !== null, (q) => q.where('version', '=', version!))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  const summaryOf = (v: Slots<string>) => byKind(summaryInKeyOrder(db), v);
  const dayTotalsOf = (v: Slots<string>) => {
    let q = db.selectFrom('paymentDayTotal');
    if (v.dateFrom) q = q.where('day', '>=', v.dateFrom);
    if (v.dateTo) q = q.where('day', '<=', v.dateTo);
    return byKind(q, v);
  };
  // How many records match, as `n`: from a maintained summary when one answers the filter exactly, else counted.
  // (One statement whatever the source: `select (…) as n`.)
  const countOf = (total: Total, v: Slots<string>) =>
    db.selectNoFrom(
      sql<number | string>`(${
        total === 'summary'
          ? db
              .selectFrom(summaryOf(v).select('n').as('s'))
              .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('s.n'), eb.lit(0)).as('n'))
          : total === 'days'
            ? dayTotalsOf(v).select(sumOfN)
            : applyFilter(db.selectFrom('paymentRecord'), v).select(countAll)
      })`.as('n'),
    );
  // Each shape (the filters given, the sort and order) built and compiled once (issue 43). On PostgreSQL the page
  // also carries its total and the names of the people its rows name (the people module's subquery): one statement
  // where there were three (decisions 283, 288).
  const pg = isPostgres(db);
  const paymentPage = compiledPageRows(db, (shape: PageShape, s) => ({
    rows: applyFilter(db.selectFrom('paymentRecord'), s)
      .select(PAYMENT_COLUMNS)
      .$if(pg, (q) =>
        q.select([
          personPartsJson(sql.ref('payment_record.student_id')).as('student'),
          personPartsJson(sql.ref('payment_record.signing_teacher_id')).as('signingTeacher'),
          personPartsJson(sql.ref('payment_record.confirmed_by')).as('confirmer'),
        ]),
      )
      .orderBy(SORT_COLUMNS[shape.sort], shape.order)
      .orderBy('id', shape.order),
    count: countOf(shape.total, s),
  }));
  const trackPage = compiledPageRows(db, (order: SortOrder, s) => {
    let q = whereEqual(db.selectFrom('paymentTrack'), s, 'paymentId', 'operatorId', 'operation');
    if (s.from) q = q.where('createdAt', '>=', s.from);
    if (s.to) q = q.where('createdAt', '<', s.to);
    return { rows: q.select(TRACK_COLUMNS).orderBy('id', order), count: q.select(countAll) };
  });
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    find: (id: number, tx: Conn = db): Promise<PaymentRow | undefined> =>
      tx.selectFrom('paymentRecord').select(PAYMENT_COLUMNS).where('id', '=', id).executeTakeFirst(),

    // The record, its row held until the transaction ends on PostgreSQL (SQLite runs one writer at a time): what
    // is read is what the transaction's write changes, whatever call was about to change it.
    lock: (tx: Tx, id: number): Promise<PaymentRow | undefined> =>
      tx
        .selectFrom('paymentRecord')
        .select(PAYMENT_COLUMNS)
        .where('id', '=', id)
        .$if(pg, (q) => q.forUpdate())
        .executeTakeFirst(),

    // The rows of the window and the total (db/page-rows.ts compiledPageRows); on PostgreSQL also the names of the
    // students, signing teachers and confirmers the rows name (as the people module's `names` answers them).
    async page(
      f: PaymentFilter,
      sort: keyof typeof SORT_COLUMNS,
      w: PageWindow,
    ): Promise<{ rows: PaymentRow[]; total: number; names?: Map<number, PersonRef> }> {
      const { key, values } = filterValues(f);
      const total: Total = summaryServes(f) ? 'summary' : dayTotalsServe(f) ? 'days' : 'records';
      const page = await paymentPage(`${key}:${sort}:${w.order}`, { sort, order: w.order, total }, values, w);
      if (!pg) return page;
      const names = new Map<number, PersonRef>();
      for (const r of page.rows as Partial<Record<'student' | 'signingTeacher' | 'confirmer', PersonParts | null>>[])
        for (const p of [r.student, r.signingTeacher, r.confirmer]) namePerson(names, p);
      return Object.assign(page, { names });
    },

    // Sums per currency, type and status (voided excluded): a handful of rows whatever the table size. Without a
    // filter (or with currency/type/status only) read from the maintained summary; with a date range (and
    // currency/type/status) summed from the per-day totals; else summed from the covering indexes.
    totals: (f: PaymentFilter) => {
      const v = givenSlots(f);
      return summaryServes(f)
        ? summaryOf(v)
            .where('status', '!=', 'voided')
            .where('n', '>', 0)
            .select(['currency', 'type', 'status', 'amountMinor as sum', 'n'])
            .execute()
        : dayTotalsServe(f)
          ? dayTotalsOf(v)
              .where('status', '!=', 'voided')
              .select(dayTotalSums)
              .groupBy(['currency', 'type', 'status'])
              .having((eb) => eb.fn.sum('n'), '>', 0)
              .execute()
          : applyFilter(db.selectFrom('paymentRecord'), v)
              .where('status', '!=', 'voided')
              .select((eb) => [
                'currency',
                'type',
                'status',
                eb.fn.sum<number | string>('amountMinor').as('sum'),
                eb.fn.countAll<number | string>().as('n'),
              ])
              .groupBy(['currency', 'type', 'status'])
              .execute();
    },

    // The amount a currency's records of one type not voided add up to (minor units), from the summary. Read in the
    // transaction of a write that put a pending record in that row (decision 377): the write holds the pending row
    // until it ends, and every write that adds to the sum moves that row (a new or edited record is pending; a
    // confirmation moves pending to confirmed), so none is in between.
    typeSum: async (tx: Tx, currency: string, type: PaymentRow['type']): Promise<number> => {
      const row = await tx
        .selectFrom('paymentSummary')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountMinor'), eb.lit(0)).as('sum'))
        .where('currency', '=', currency)
        .where('type', '=', type)
        .where('status', '!=', 'voided')
        .executeTakeFirstOrThrow();
      return Number(row.sum);
    },

    insert: async (tx: Tx, v: NewPayment, now: number): Promise<number> => {
      const row = await tx
        .insertInto('paymentRecord')
        .values({
          ...v,
          searchName: searchKey(v.studentName),
          searchText: searchText([v.studentName, v.title]),
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    // Optimistic: only the version that was read is changed; 0 rows when someone changed it meanwhile.
    update: async (tx: Tx, id: number, version: number, v: Partial<PaymentValues>, now: number): Promise<boolean> => {
      const res = await tx
        .updateTable('paymentRecord')
        .set({ ...v, version: version + 1, updatedAt: now })
        .where('id', '=', id)
        .where('version', '=', version)
        .where('status', '!=', 'voided')
        .executeTakeFirst();
      const done = Number(res.numUpdatedRows) === 1;
      // The search box's text follows the names it is made of (decision 138).
      if (done && v.title !== undefined) {
        const r = await tx
          .selectFrom('paymentRecord')
          .select(['studentName', 'title'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('paymentRecord')
          .set({ searchText: searchText([r.studentName, r.title]) })
          .where('id', '=', id)
          .execute();
      }
      return done;
    },

    // Race-proof: only a pending record becomes confirmed; false when another call confirmed (or voided) it first,
    // or, with `version`, when it was changed since that version was read.
    confirm: (tx: Tx, id: number, version: number | null, by: number, now: number): Promise<boolean> =>
      moveStatus(tx, id, ['=', 'pending'], { status: 'confirmed', confirmedBy: by, confirmedAt: now }, now, version),

    voidRecord: (tx: Tx, id: number, by: number, reason: string, now: number): Promise<boolean> =>
      moveStatus(tx, id, ['!=', 'voided'], { status: 'voided', voidedBy: by, voidedAt: now, voidReason: reason }, now),

    files: (paymentId: number, tx: Conn = db): Promise<PaymentFileRow[]> =>
      tx.selectFrom('paymentFile').select(FILE_COLUMNS).where('paymentId', '=', paymentId).orderBy('id').execute(),

    findFile: (id: number): Promise<PaymentFileRow | undefined> =>
      db.selectFrom('paymentFile').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst(),

    insertFiles: async (tx: Tx, paymentId: number, files: NewFile[], now: number): Promise<void> => {
      if (files.length) {
        await tx
          .insertInto('paymentFile')
          .values(files.map((f) => Object.assign({}, f, { paymentId, createdAt: now })))
          .execute();
      }
    },

    removeFiles: async (tx: Tx, ids: number[]): Promise<void> => {
      if (ids.length) await tx.deleteFrom('paymentFile').where('id', 'in', ids).execute();
    },

    // Which of these stored names a payment keeps (for the orphan sweep and to refuse reusing another's file).
    referenced: (storedNames: readonly string[]): Promise<Set<string>> =>
      referencedNames(storedNames, (chunk) =>
        db.selectFrom('paymentFile').select('storedName as name').where('storedName', 'in', chunk).execute(),
      ),

    insertTracks: async (tx: Tx, tracks: NewTrack[]): Promise<void> => {
      if (tracks.length) await tx.insertInto('paymentTrack').values(tracks).execute();
    },

    async tracks(f: TrackFilter, w: PageWindow): Promise<{ rows: TrackRow[]; total: number }> {
      const { key, values } = givenValues({
        paymentId: f.paymentId,
        operatorId: f.operatorId,
        operation: f.operation,
        from: f.from,
        to: f.to,
      });
      return trackPage(`${key}:${w.order}`, w.order, values, w);
    },

    findTrack: (id: number): Promise<TrackRow | undefined> =>
      db.selectFrom('paymentTrack').select(TRACK_COLUMNS).where('id', '=', id).executeTakeFirst(),

    titles: async (ids: number[]): Promise<Map<number, string>> => {
      const uniq = [...new Set(ids)];
      if (!uniq.length) return new Map();
      const rows = await db.selectFrom('paymentRecord').select(['id', 'title']).where('id', 'in', uniq).execute();
      return new Map(rows.map((r) => [r.id, r.title]));
    },
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
