import type { Db, Tx } from './conn.js';
import { writeAuditBeforeCommit } from './audit.js';
import { currentAuditScope } from '../lib/audit-scope.js';

export type { Conn, Tx } from './conn.js';

// The one way a transaction is opened. Repositories expose it as `transaction(fn)`; services never see `db`.
// Inside an audited call that wrote, the call's audit entry is written last, before the commit (db/audit.ts); when
// the transaction rolls back, its writes are no longer the call's changes.
export function runInTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const scope = currentAuditScope();
  const dirty = scope?.dirty;
  return db
    .transaction()
    .execute(async (tx) => {
      const result = await fn(tx);
      await writeAuditBeforeCommit(tx);
      return result;
    })
    .catch((err: unknown) => {
      if (scope && dirty !== undefined) scope.dirty = dirty;
      throw err;
    });
}
