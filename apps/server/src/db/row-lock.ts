import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

// Serialises writers of one parent row for the rest of the current transaction. PostgreSQL: SELECT … FOR UPDATE
// (a concurrent transaction waits instead of failing on a unique index or re-inserting deleted rows). SQLite already
// runs one write transaction at a time, so nothing is needed there.
export async function lockRow(tx: Kysely<Database>, table: 'role' | 'member' | 'application', id: number) {
  if (!(tx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(tx);
}
