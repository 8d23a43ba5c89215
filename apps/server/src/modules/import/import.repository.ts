import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ImportRowTable, ImportRunTable, Row } from '../../db/schema.js';
import { runInTransaction, type Tx } from '../../db/transaction.js';

export type ImportRunRow = Row<'importRun'>;
export type ImportRowRow = Row<'importRow'>;
const READ_CHUNK = 1000;

// Import runs and their rows (migration 0056), and the look-ups the dry run needs to tell "add" from "change":
// read-only questions about other modules' tables, asked by key.
export function createImportRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    async insertRun(tx: Tx, v: Insertable<ImportRunTable>): Promise<number> {
      const r = await tx.insertInto('importRun').values(v).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    async insertRows(tx: Tx, rows: Insertable<ImportRowTable>[]): Promise<void> {
      // 8 parameters a row: 500 rows a statement stays below both engines' limits.
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insertInto('importRow')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    },

    run: (id: number): Promise<ImportRunRow | undefined> =>
      db.selectFrom('importRun').selectAll().where('id', '=', id).executeTakeFirst(),

    // A checked run becomes running once: of two calls at the same time one claims it.
    async claim(id: number, mode: 'all' | 'valid', now: number): Promise<boolean> {
      const r = await db
        .updateTable('importRun')
        .set({ status: 'running', mode, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'checked')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    // Back to checked (an all-or-nothing run that found refused rows wrote nothing).
    async release(id: number, now: number): Promise<void> {
      await db
        .updateTable('importRun')
        .set({ status: 'checked', mode: null, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    async progress(
      id: number,
      v: Partial<Pick<ImportRunRow, 'processed' | 'added' | 'changed' | 'refused' | 'status'>>,
      now: number,
    ) {
      await db
        .updateTable('importRun')
        .set({ ...v, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    async setOutcomes(
      rows: { id: number; outcome: ImportRowRow['outcome']; reason?: string | null; targetId?: number | null }[],
    ) {
      if (!rows.length) return;
      await runInTransaction(db, async (tx) => {
        for (const r of rows) {
          await tx
            .updateTable('importRow')
            .set({
              outcome: r.outcome,
              ...(r.reason !== undefined ? { reason: r.reason } : {}),
              ...(r.targetId !== undefined ? { targetId: r.targetId } : {}),
            })
            .where('id', '=', r.id)
            .execute();
        }
      });
    },

    // The rows of a run given no outcome (a write that stopped before them): not written.
    async skipUnwritten(runId: number): Promise<void> {
      await db
        .updateTable('importRow')
        .set({ outcome: 'skipped' })
        .where('runId', '=', runId)
        .where('outcome', 'is', null)
        .execute();
    },

    // The rows of a run in file order, a chunk at a time; `action` limits them to one kind of row.
    async *rows(runId: number, action?: ImportRowRow['action']): AsyncGenerator<ImportRowRow[]> {
      let after = 0;
      for (;;) {
        let q = db.selectFrom('importRow').selectAll().where('runId', '=', runId).where('rowNo', '>', after);
        if (action) q = q.where('action', '=', action);
        const rows = await q.orderBy('rowNo').limit(READ_CHUNK).execute();
        if (rows.length) yield rows;
        if (rows.length < READ_CHUNK) return;
        after = rows[rows.length - 1]!.rowNo;
      }
    },

    preview: (runId: number, action: ImportRowRow['action'], limit: number) =>
      db
        .selectFrom('importRow')
        .selectAll()
        .where('runId', '=', runId)
        .where('action', '=', action)
        .orderBy('rowNo')
        .limit(limit)
        .execute(),

    // Checked runs never written (and checks a stopped server left half stored), older than `cutoff`, with their
    // rows (cascade).
    async deleteCheckedBefore(cutoff: number): Promise<number> {
      const r = await db
        .deleteFrom('importRun')
        .where('status', 'in', ['checking', 'checked'])
        .where('createdAt', '<', cutoff)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    // Runs whose write ended (or began: a worker that died mid-write leaves it running) before `cutoff`, with their
    // rows (cascade): the rows hold the people's data as imported, and make the result sheet.
    async deleteWrittenBefore(cutoff: number): Promise<number> {
      const r = await db
        .deleteFrom('importRun')
        .where('status', 'in', ['running', 'done', 'failed'])
        .where('updatedAt', '<', cutoff)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    // ----- application duplicates (decision 342) -----
    // Claims the keys for the caller; answers those another writer holds (the caller then rolls back, claiming none).
    // A claim older than `staleBefore` was left by a writer that stopped, and is taken over.
    async claimChoices(tx: Tx, keys: string[], now: number, staleBefore: number): Promise<string[]> {
      await tx.deleteFrom('importClaim').where('claimKey', 'in', keys).where('createdAt', '<', staleBefore).execute();
      const got = await tx
        .insertInto('importClaim')
        .values(keys.map((claimKey) => ({ claimKey, createdAt: now })))
        .onConflict((oc) => oc.column('claimKey').doNothing())
        .returning('claimKey')
        .execute();
      const mine = new Set(got.map((r) => r.claimKey));
      return keys.filter((k) => !mine.has(k));
    },

    // The caller's claims of `now`, once its row is written (or refused).
    async releaseChoices(keys: string[], now: number): Promise<void> {
      await db.deleteFrom('importClaim').where('claimKey', 'in', keys).where('createdAt', '=', now).execute();
    },

    // ----- look-ups for the dry run -----
    entryId: async (table: 'tag' | 'dictEntry', type: string, value: string) =>
      (await db.selectFrom(table).select('id').where('type', '=', type).where('value', '=', value).executeTakeFirst())
        ?.id,

    // An entry's fields as its update body holds them, and its version (what a change of the run overwrites).
    entry: (table: 'tag' | 'dictEntry', id: number) =>
      db
        .selectFrom(table)
        .select(['type', 'value', 'label', 'label2', 'description', 'sort', 'status', 'color', 'version'])
        .where('id', '=', id)
        .executeTakeFirst(),

    entryLabelId: async (table: 'tag' | 'dictEntry', type: string, label: string) =>
      (await db.selectFrom(table).select('id').where('type', '=', type).where('label', '=', label).executeTakeFirst())
        ?.id,

    enabledValues: async (type: string) =>
      (
        await db
          .selectFrom('dictEntry')
          .select('value')
          .where('type', '=', type)
          .where('status', '=', 'enabled')
          .orderBy('sort')
          .orderBy('id')
          .execute()
      ).map((r) => r.value),
  };
}
export type ImportRepository = ReturnType<typeof createImportRepository>;
