import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

// The query handles' types, apart from the files that open them (database.ts, transaction.ts), so that what both
// use (the audit plugin, looseView) imports no circle.
export type Db = Kysely<Database>;
// An open transaction. Services pass it along as an opaque token (into their own repository and into another
// module's service when that write must commit or roll back with theirs); only repositories run queries on it.
export type Tx = Transaction<Database>;
// Where a repository query runs: the shared handle or an open transaction.
export type Conn = Db | Tx;
