import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { isPostgres } from '../db/database.js';

// Every text column of every table (the schema read from the database itself, both engines): where one of `values`
// occurs (case-insensitively). Returns "table.column: value" for each hit. SQLite's full-text tables and their
// shadow tables are included (a removed text left in an index would show there).
export async function scanTextColumns(db: Db, values: readonly string[]): Promise<string[]> {
  const raw = db.withoutPlugins();
  const columns: { table: string; column: string }[] = [];
  if (isPostgres(raw)) {
    const r = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(raw);
    for (const row of r.rows) columns.push({ table: row.table_name, column: row.column_name });
  } else {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(raw);
    for (const t of tables.rows) {
      const info = await sql<{
        name: string;
        type: string;
      }>`select name, type from pragma_table_info(${t.name})`.execute(raw);
      for (const c of info.rows) {
        if (/^(integer|bigint|int|real|numeric|boolean)$/i.test(c.type)) continue;
        columns.push({ table: t.name, column: c.name });
      }
    }
  }
  const hits: string[] = [];
  for (const { table, column } of columns) {
    for (const v of values) {
      const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
        where lower(cast(${sql.ref(column)} as text)) like ${`%${v.toLowerCase()}%`}`.execute(raw);
      if (Number(r.rows[0]!.n) > 0) hits.push(`${table}.${column}: ${v}`);
    }
  }
  return hits;
}
