import { sql } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase, type DbHandle } from '../db/database.js';

// Another app server's connection pool on the test app's PostgreSQL schema (several servers on one database), open
// for `fn` and closed after it.
export async function withSecondPool<T>(
  t: { db: DbHandle; config: Config },
  fn: (other: DbHandle) => Promise<T>,
): Promise<T> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db.db);
  const other = await openDatabase({
    databaseUrl: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    pgSchema: rows[0]!.schema,
  });
  try {
    return await fn(other);
  } finally {
    await other.close();
  }
}
