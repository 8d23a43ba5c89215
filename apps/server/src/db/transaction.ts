import type { Db, Tx } from './conn.js';
import { writeAuditBeforeCommit } from './audit.js';
import { currentAuditScope } from '../lib/audit-scope.js';

export type { Conn, Tx } from './conn.js';

// The one way a transaction is opened. Repositories expose it as `transaction(fn)`; services never see `db`.
// Inside an audited call that wrote, the call's audit entry is written last, before the commit (db/audit.ts). When
// the transaction rolls back (its commit too), the call's scope is put back as it was: its writes and an entry it
// wrote are gone (the route helper writes the call's entry), and records first read in it are read again at the
// call's next write.
export function runInTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const scope = currentAuditScope();
  const kept = scope && {
    dirty: scope.dirty,
    written: scope.written,
    before: scope.before,
    beforeRead: scope.beforeRead,
  };
  return db
    .transaction()
    .execute(async (tx) => {
      const result = await fn(tx);
      await writeAuditBeforeCommit(tx);
      return result;
    })
    .catch((err: unknown) => {
      if (scope && kept) Object.assign(scope, kept);
      throw err;
    });
}
