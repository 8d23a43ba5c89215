import type { Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';
import { writeAuditBeforeCommit } from './audit.js';

// An open transaction. Services pass it along as an opaque token (into their own repository and into another
// module's service when that write must commit or roll back with theirs); only repositories run queries on it.
export type Tx = Transaction<Database>;
// Where a repository query runs: the shared handle or an open transaction.
export type Conn = Db | Tx;

// The one way a transaction is opened. Repositories expose it as `transaction(fn)`; services never see `db`.
// Inside an audited call that wrote, the call's audit entry is written last, before the commit (db/audit.ts).
export function runInTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const result = await fn(tx);
    await writeAuditBeforeCommit(tx);
    return result;
  });
}
