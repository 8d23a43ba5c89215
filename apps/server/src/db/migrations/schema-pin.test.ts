import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { isPostgres } from '../database.js';

// Migrations are history: a deployed database ran them as they were. Their text may be tidied (shared helpers), but
// what they build may not change. This test pins the schema that all migrations build, on each engine, to a file
// (`schema-pin/<engine>.txt`): tables, columns, indexes, constraints, triggers, functions and (PostgreSQL) tables'
// storage parameters as the engine describes them. To record a new migration's schema:
// `PIN_SCHEMA=1 npx vitest run --project server schema-pin` on both engines, and read the difference before committing
// it.

const rows = async (db: Kysely<unknown>, query: ReturnType<typeof sql<Record<string, unknown>>>) =>
  (await query.execute(db)).rows.map((r) => Object.values(r).map(String).join(' | '));

async function sqliteSchema(db: Kysely<unknown>): Promise<string[]> {
  return rows(
    db,
    sql`select type, name, tbl_name, sql from sqlite_master
      where name not like 'sqlite_%' order by type, name`,
  );
}

async function postgresSchema(db: Kysely<unknown>): Promise<string[]> {
  const [{ schema }] = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows as [
    { schema: string },
  ];
  const lines = [
    ...(await rows(
      db,
      sql`select table_name, column_name, data_type, character_maximum_length, is_nullable, column_default
        from information_schema.columns where table_schema = current_schema()
        order by table_name, ordinal_position`,
    )),
    ...(await rows(
      db,
      sql`select tablename, indexname, indexdef from pg_indexes
        where schemaname = current_schema() order by tablename, indexname`,
    )),
    ...(await rows(
      db,
      sql`select c.relname, k.conname, pg_get_constraintdef(k.oid) from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() order by c.relname, k.conname`,
    )),
    ...(await rows(
      db,
      sql`select c.relname, t.tgname, pg_get_triggerdef(t.oid) from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and not t.tgisinternal order by c.relname, t.tgname`,
    )),
    ...(await rows(
      db,
      sql`select p.proname, pg_get_functiondef(p.oid) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = current_schema() order by p.proname`,
    )),
    // Tables' storage parameters (a fillfactor).
    ...(await rows(
      db,
      sql`select c.relname, array_to_string(c.reloptions, ',') from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and c.reloptions is not null order by c.relname`,
    )),
  ];
  // Each test run migrates its own schema: its name is not part of what the migrations build.
  return lines.map((line) => line.split(`${schema}.`).join('<schema>.'));
}

describe('the schema that the migrations build', () => {
  const t = useTestApp({ migrate: true });
  // What every other test app starts from: a copy of a database migrated once (test/template-db.ts).
  const copy = useTestApp();

  it('is the pinned one', async () => {
    const db = t.db.db.withoutPlugins() as Kysely<unknown>;
    const engine = isPostgres(db) ? 'postgres' : 'sqlite';
    const schema = `${(engine === 'postgres' ? await postgresSchema(db) : await sqliteSchema(db)).join('\n')}\n`;
    const file = new URL(`./schema-pin/${engine}.txt`, import.meta.url);
    if (process.env.PIN_SCHEMA === '1') writeFileSync(file, schema);
    expect(existsSync(file), `schema-pin/${engine}.txt is missing: see this file's comment`).toBe(true);
    expect(schema).toBe(readFileSync(file, 'utf8'));
    // db/statement-cache.ts writes SQLite's `like ?` as `like +?` (decision 323), as no index here could be sought
    // with a pattern: SQLite does that only on an index of the NOCASE collation. One such index undoes that reasoning.
    if (engine === 'sqlite') expect(schema, 'a NOCASE index: see likePatternsUnread').not.toMatch(/nocase/i);
  });

  it('is the one test apps start from, with as many rows', async () => {
    const [migrated, copied] = [t, copy].map((app) => app.db.db.withoutPlugins() as Kysely<unknown>) as [
      Kysely<unknown>,
      Kysely<unknown>,
    ];
    const postgres = isPostgres(migrated);
    // Both copies are byte for byte: SQLite's a serialized database, PostgreSQL's a database made from a template.
    const describeSchema = async (db: Kysely<unknown>) =>
      postgres ? await postgresSchema(db) : await sqliteSchema(db);
    expect(await describeSchema(copied)).toEqual(await describeSchema(migrated));
    // As many rows in every table (what migrations insert, then the seed's; their times and password salts differ),
    // and the migrator's records of the same migrations. `cluster_lease` is taken by a running app (the orphan
    // sweep), not built: whether the sweep has started yet is a matter of timing.
    const tables = postgres
      ? sql<Record<string, unknown>>`select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`
      : sql<
          Record<string, unknown>
        >`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by 1`;
    const counts = async (db: Kysely<unknown>) =>
      Promise.all(
        (await rows(db, tables))
          .filter((table) => table !== 'cluster_lease')
          .map(
            async (table) =>
              `${table} ${(await rows(db, sql<Record<string, unknown>>`select count(*) from ${sql.table(table)}`)).join()}`,
          ),
      );
    expect(await counts(copied)).toEqual(await counts(migrated));
    const migrations = sql<Record<string, unknown>>`select name from kysely_migration order by name`;
    expect(await rows(copied, migrations)).toEqual(await rows(migrated, migrations));
  });
});
