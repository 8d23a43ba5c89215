import { sql, type Generated, type Insertable, type Updateable } from 'kysely';
import { looseView } from './loose-view.js';
import type { Database } from './schema.js';
import { currentAuditScope } from '../lib/audit-scope.js';
import type { Db } from './database.js';
import { runInTransaction, type Conn } from './transaction.js';

// A statement of an audited call outside a transaction runs in one of its own, so the call's audit entry commits
// with it (db/audit.ts).
const withAudit = <T>(conn: Conn, write: (c: Conn) => Promise<T>): Promise<T> =>
  currentAuditScope() && !conn.isTransaction ? runInTransaction(conn as Db, write) : write(conn);

// Tables whose rows have a numeric id and an optimistic version (+1 on every update).
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; version: unknown } ? T : never;
}[keyof Database];

// The row shape the statements below need of the loose view (db/loose-view.ts).
type LooseRow = { id: Generated<number>; version: number; deletedAt: number | null; [column: string]: unknown };

// The one way a versioned row is inserted, updated under its optimistic lock and deleted by id. With
// `softDeleted`, a row whose deletedAt is set counts as gone (update finds nothing).
export function versionedRows<T extends VersionedTable>(db: Conn, table: T, opts: { softDeleted?: boolean } = {}) {
  const loose = (conn: Conn) => looseView<LooseRow>(conn);
  const name: string = table;
  return {
    // The new row's id.
    async insert(row: Insertable<Database[T]>, conn: Conn = db): Promise<number> {
      const r = await withAudit(conn, (c) =>
        loose(c).insertInto(name).values(row).returning('id').executeTakeFirstOrThrow(),
      );
      return r.id;
    },

    // The version goes up by one; with `version` given, only from that version (false: stale or gone). `conn`: a
    // transaction the update belongs to.
    async update(
      id: number,
      patch: Updateable<Database[T]>,
      version?: number | null,
      conn: Conn = db,
    ): Promise<boolean> {
      return withAudit(conn, async (c) => {
        let q = loose(c)
          .updateTable(name)
          .set({ ...patch, version: sql<number>`version + 1` })
          .where('id', '=', id);
        if (opts.softDeleted) q = q.where('deletedAt', 'is', null);
        if (version !== undefined && version !== null) q = q.where('version', '=', version);
        return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
      });
    },

    // Sets deletedAt (tables with `softDeleted`); false when the row was gone already.
    async softDelete(id: number, now: number): Promise<boolean> {
      const r = await withAudit(db, (c) =>
        loose(c)
          .updateTable(name)
          .set({ deletedAt: now, updatedAt: now })
          .where('id', '=', id)
          .where('deletedAt', 'is', null)
          .executeTakeFirst(),
      );
      return Number(r.numUpdatedRows) > 0;
    },

    // False when there was no such row.
    async remove(id: number, conn: Conn = db): Promise<boolean> {
      const r = await withAudit(conn, (c) => loose(c).deleteFrom(name).where('id', '=', id).executeTakeFirst());
      return Number(r.numDeletedRows) > 0;
    },
  };
}
