import { searchText } from '@study-crm/shared';
import { sql, type Insertable } from 'kysely';
import type { SmsListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row, SmsBatchTable, SmsRecipientTable } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import { pageWindow, type SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';

export type SmsBatchRow = Omit<Row<'smsBatch'>, 'searchText'>;
export type SmsRecipientRow = Row<'smsRecipient'>;

const BATCH = [
  'id',
  'kind',
  'status',
  'purpose',
  'terminal',
  'sender',
  'content',
  'fileName',
  'accepted',
  'rejected',
  'sendAt',
  'createdBy',
  'createdAt',
  'updatedAt',
] as const;
const RECIPIENT = [
  'id',
  'batchId',
  'rowNo',
  'phone',
  'mobileRaw',
  'regionRaw',
  'variables',
  'reason',
  'reasonRow',
] as const;
// Rows per INSERT: 9 parameters each stays far below both engines' limits.
const INSERT_CHUNK = 1000;
const READ_CHUNK = 1000;

export function createSmsRepository(db: Db) {
  // The list's pushed file batches filtered from its slots (givenValues; `keyword` a contains-pattern of the text,
  // sender or file name); each shape (the filters given, the order) built and compiled once (issue 43).
  const batchPage = compiledPageRows(db, (order: SortOrder, s) => {
    let q = db.selectFrom('smsBatch').where('kind', '=', sql.lit('batch')).where('status', '=', sql.lit('queued'));
    if (s.terminal) q = q.where('terminal', '=', s.terminal);
    if (s.keyword)
      q = q.where((eb) =>
        eb.or([likeLower('content', s.keyword!), likeLower('sender', s.keyword!), likeLower('fileName', s.keyword!)]),
      );
    return { rows: q.select(BATCH).orderBy('id', order), count: q.select(countAll) };
  });
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    async insertBatch(tx: Conn, v: Omit<Insertable<SmsBatchTable>, 'searchText'>): Promise<number> {
      const r = await tx
        .insertInto('smsBatch')
        .values({ ...v, searchText: searchText([v.fileName, v.content]) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    async insertRecipients(tx: Conn, rows: Insertable<SmsRecipientTable>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await tx
          .insertInto('smsRecipient')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
      }
    },

    // The last step of an upload: the batch written in chunks becomes a draft (seen by the screens).
    async markImported(
      tx: Tx,
      id: number,
      counts: { accepted: number; rejected: number },
      updatedAt: number,
    ): Promise<void> {
      await tx
        .updateTable('smsBatch')
        .set({ status: 'draft', ...counts, updatedAt })
        .where('id', '=', id)
        .where('status', '=', 'importing')
        .execute();
    },

    // An upload that failed part way: its batch and the rows written so far (cascade).
    async deleteBatch(id: number): Promise<void> {
      await db.deleteFrom('smsBatch').where('id', '=', id).where('status', '=', 'importing').execute();
    },

    batch: (id: number, tx: Conn = db): Promise<SmsBatchRow | undefined> =>
      tx.selectFrom('smsBatch').select(BATCH).where('id', '=', id).executeTakeFirst(),

    // The draft becomes a queued batch only once: of two pushes at the same time one updates the row, the other
    // finds it no longer a draft (and its transaction queues nothing).
    async markQueued(
      tx: Tx,
      id: number,
      v: Pick<SmsBatchRow, 'terminal' | 'sender' | 'content' | 'sendAt' | 'createdBy' | 'updatedAt'>,
    ): Promise<boolean> {
      const r = await tx
        .updateTable('smsBatch')
        .set({ ...v, status: 'queued' })
        .where('id', '=', id)
        .where('kind', '=', 'batch')
        .where('status', '=', 'draft')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      // The search box finds a batch by its file name and its text (decision 138).
      const row = await tx.selectFrom('smsBatch').select('fileName').where('id', '=', id).executeTakeFirstOrThrow();
      await tx
        .updateTable('smsBatch')
        .set({ searchText: searchText([row.fileName, v.content]) })
        .where('id', '=', id)
        .execute();
      return true;
    },

    // The accepted numbers of a batch, in file order.
    async acceptedPhones(tx: Conn, batchId: number): Promise<string[]> {
      const rows = await tx
        .selectFrom('smsRecipient')
        .select('phone')
        .where('batchId', '=', batchId)
        .where('phone', 'is not', null)
        .orderBy('rowNo')
        .execute();
      return rows.map((r) => r.phone!);
    },

    // What the channel needs to send one outbox row: the batch's text and sender, the recipient's variables.
    async forDelivery(batchId: number, phone: string) {
      return db
        .selectFrom('smsRecipient as r')
        .innerJoin('smsBatch as b', 'b.id', 'r.batchId')
        .select(['b.content', 'b.sender', 'b.status', 'r.variables'])
        .where('r.batchId', '=', batchId)
        .where('r.phone', '=', phone)
        .executeTakeFirst();
    },

    // Pushed file batches (not drafts, not single texts), newest first.
    async page(q: SmsListQuery) {
      const w = pageWindow(q);
      const { key, values } = givenValues({
        terminal: q.terminal,
        keyword: q.keyword ? containsPattern(q.keyword) : null,
      });
      return { ...(await batchPage(`${key}:${w.order}`, w.order, values, w)), window: w };
    },

    // Drafts (uploads never pushed) created before `cutoff`, with their rows (cascade), and uploads a stopped server
    // left 'importing'; returns how many.
    async deleteDraftsBefore(cutoff: number): Promise<number> {
      const r = await db
        .deleteFrom('smsBatch')
        .where('kind', '=', 'batch')
        .where('status', 'in', ['draft', 'importing'])
        .where('createdAt', '<', cutoff)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    // The rejected rows of a batch in file order, read in chunks (a file may hold tens of thousands).
    async *rejectedRows(batchId: number): AsyncGenerator<SmsRecipientRow[]> {
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('smsRecipient')
          .select(RECIPIENT)
          .where('batchId', '=', batchId)
          .where('phone', 'is', null)
          .where('rowNo', '>', after)
          .orderBy('rowNo')
          .limit(READ_CHUNK)
          .execute();
        if (rows.length) yield rows;
        if (rows.length < READ_CHUNK) return;
        after = rows[rows.length - 1]!.rowNo;
      }
    },
  };
}
export type SmsRepository = ReturnType<typeof createSmsRepository>;
