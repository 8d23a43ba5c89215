import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';

// Issue 43 (decision 329): on PostgreSQL an update that changes no indexed column (an application's notes, teachers
// or address with its version and time; a session's last_seen_at) writes only the row's new version, on the same page
// and in none of the table's indexes (a heap-only tuple), when that page has room for it. Filled to 100 % (the
// default) it had none: such an update of an application wrote all 16 of its indexes (the trigram one included),
// 18 WAL records against 2, 0.9–1.1 ms against 0.14 under EXPLAIN ANALYZE. Pages of these two tables are filled to
// 90 % from now on; rows already written find room as their pages are pruned. (SQLite writes only the indexes
// holding a column the statement sets: nothing to do there.) Setting it takes no lock that stops reads or writes.
const TABLES = ['application', 'session'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) await sql`alter table ${sql.table(table)} set (fillfactor = 90)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) await sql`alter table ${sql.table(table)} reset (fillfactor)`.execute(db);
}
