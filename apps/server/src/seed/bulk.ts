import { sql } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';

// A bulk load (the bench's million rows, decision 219): the plain secondary indexes of `tables` are dropped while
// `load` runs and built again after it from their own definitions, one sort each instead of a million index
// insertions. Primary keys, unique indexes (constraints the load must meet) and every trigger stay, so counters,
// FTS tables and gram tables are written row by row exactly as the app writes them. On SQLite the page cache is
// raised to 256 MiB for the load. Not for a database in use: queries between the drop and the rebuild miss the
// indexes.
export async function withIndexesDeferred<T>(db: Db, tables: readonly string[], load: () => Promise<T>): Promise<T> {
  const pg = isPostgres(db);
  const { rows } = pg
    ? await sql<{ name: string; def: string }>`select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
          and i.indexdef not like 'CREATE UNIQUE%'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db)
    : await sql<{ name: string; def: string }>`select name, sql as def from sqlite_master
        where type = 'index' and tbl_name in (${sql.join(tables)}) and sql is not null
          and sql not like 'CREATE UNIQUE%'`.execute(db);
  for (const r of rows) await sql`drop index ${sql.id(r.name)}`.execute(db);
  if (!pg) await sql`pragma cache_size = -262144`.execute(db);
  try {
    return await load();
  } finally {
    if (!pg) await sql`pragma cache_size = -2000`.execute(db);
    for (const r of rows) await sql.raw(r.def).execute(db);
  }
}
