import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { AuditWritePlugin } from './audit.js';
import { auditedDialect } from './audit-driver.js';
import { CamelCaseRows } from './camel-case.js';
import { cachedPgPool, cachedSqlite } from './statement-cache.js';
import { withPgClient } from './pg-client.js';
import { registerUnicodeLower } from './sqlite-lower.js';
import type { Db } from './conn.js';

export type Dialect = 'sqlite' | 'postgres';
export type { Db } from './conn.js';

export type DbHandle = {
  db: Db;
  dialect: Dialect;
  // PostgreSQL: the schema everything lives in (undefined = the connection's default).
  schema?: string | undefined;
  // Runs `select 1` on the database (the health check): rejects when it does not answer.
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type DbOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  // PostgreSQL only: run everything inside this schema (tests use one schema per app instance).
  pgSchema?: string | undefined;
  // SQLite only: a file path, or ':memory:'.
  sqliteFile?: string | undefined;
  // SQLite only: an in-memory database made from this serialized one (tests: a copy of a migrated template).
  sqliteImage?: Buffer | undefined;
  // PostgreSQL only: connections in the pool (default 10).
  poolMax?: number | undefined;
};

// int8 (bigint) and numeric come back from pg as strings; our bigints are epoch ms and minor units,
// well inside Number's safe range, so read them as numbers like SQLite does.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

// The health check's statement.
const PROBE = CompiledQuery.raw('select 1');

// The settings each PostgreSQL connection of the app starts with (decision 261).
const PG_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0 -c jit=off';
// And the connections for statements marked GENERIC_PLAN (decision 324).
const GENERIC_SESSION_OPTION = '-c plan_cache_mode=force_generic_plan';

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    if (opts.pgSchema) {
      const schema = opts.pgSchema;
      await withPgClient(opts.databaseUrl, (admin) => admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`));
    }
    // Every connection plans for many short statements at once (decision 261): no parallel workers (starting two
    // took 50-70 ms of a 2 ms page walk, and each worker is a process the other clients wait on) and no JIT
    // compilation (tens of ms on a plan the planner costs high, paid again on every connection). PGOPTIONS (libpq's
    // settings for each connection, which pg reads only when no options are given) comes after them, and may
    // change them, beside the schema's search path: CI's PostgreSQL pass commits without waiting for the disk with
    // it (.ci/run).
    const options = [
      PG_SESSION_OPTIONS,
      process.env.PGOPTIONS,
      opts.pgSchema && `-c search_path="${opts.pgSchema}"`,
    ].filter(Boolean);
    const poolOf = (settings: readonly unknown[]) =>
      new pg.Pool({
        connectionString: opts.databaseUrl,
        max: opts.poolMax ?? 10,
        types: pgTypes,
        ...(settings.length ? { options: settings.join(' ') } : {}),
      });
    // Statements marked to be planned once for any values (GENERIC_PLAN, decision 324) run outside transactions on
    // connections of their own, which plan every statement so.
    const pool = poolOf(options);
    const generic = poolOf([...options, GENERIC_SESSION_OPTION]);
    const db = new Kysely<Database>({
      dialect: auditedDialect(new PostgresDialect({ pool: cachedPgPool(pool, undefined, generic) }), {
        lockRows: true,
      }),
      plugins: [new CamelCaseRows(), new AuditWritePlugin()],
    });
    const ping = async () => {
      await db.executeQuery(PROBE);
    };
    return { db, dialect: 'postgres', schema: opts.pgSchema, ping, close: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'study-crm.sqlite');
  if (!opts.sqliteImage && file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(opts.sqliteImage ?? file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // unicode_lower(x), PostgreSQL's lower() for the personal-data matching (sqlite-lower.ts); lower() stays SQLite's.
  registerUnicodeLower(sqlite);
  const db = new Kysely<Database>({
    dialect: auditedDialect(new SqliteDialect({ database: cachedSqlite(sqlite) }), { lockRows: false }),
    plugins: [new CamelCaseRows(), new AuditWritePlugin()],
  });
  // On SQLite the probe is run on the connection itself, kept prepared: through Kysely it took a promise chain, the
  // connection's lock and the plugins for one row (issue 43, decision 316). A closed connection throws: the
  // promise rejects.
  const probe = sqlite.prepare(PROBE.sql);
  const ping = async () => {
    probe.get();
  };
  return { db, dialect: 'sqlite', ping, close: () => db.destroy() };
}

// Lets a migration pick the one column type that differs between the engines.
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
