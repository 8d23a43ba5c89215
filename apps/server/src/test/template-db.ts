import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { openDatabase } from '../db/database.js';
import { registerUnicodeLower } from '../db/sqlite-lower.js';
import { migrateToLatest } from '../db/migrate.js';
import { withPgClient } from '../db/pg-client.js';
import type { Database } from '../db/schema.js';
import { seedCatalog } from '../seed/seed.js';

// A test app starts from a copy of a database migrated once per worker process (the server and e2e projects run
// their files one after another in a worker without isolation), not from the migrations run again for each app:
// they were most of an app's start. The template holds the seed's catalog too (menu tree, dictionaries, the built-in
// role: seed/seed.ts), which on PostgreSQL was a few hundred statements per app. buildApp's own migration and seed
// runs then find nothing to do but the administrator. The copy is checked against the pinned schema and against a
// migrated and seeded database, table by table (db/migrations/schema-pin.test.ts).
// PostgreSQL: the app's own database (its URL and the schema its tables are in), made from the worker's template
// database, or one a closed app gave back (releaseDatabase) with its rows reset to the template's.
export type FreshDatabase = { sqliteImage: Buffer } | { databaseUrl: string; pgSchema: string };

// What buildApp is given for a fresh database (the URL goes into the app's configuration).
export const buildOptionsOf = (fresh: FreshDatabase): { sqliteImage: Buffer } | { pgSchema: string } =>
  'sqliteImage' in fresh ? { sqliteImage: fresh.sqliteImage } : { pgSchema: fresh.pgSchema };

let sqliteTemplate: Promise<Buffer> | undefined;
// A worker's template database: its name, and the script that resets a copy of it to its rows.
type PgTemplate = { name: string; reset: string };
// Per server URL: this worker's template database, and the databases closed apps gave back.
const pgTemplates = new Map<string, Promise<PgTemplate>>();
const released = new Map<string, string[]>();
// The databases the tests make are named for the process that made them (crm_tpl_<pid>_…, crm_t_<pid>_…), which
// is the only one to use them: those of ended processes are dropped (dropEndedDatabases).
const DATABASE_PREFIX = 'crm_';
const TEMPLATE_PREFIX = `${DATABASE_PREFIX}tpl_`;
// The template's rows, copied into a schema of its own (so each copy holds them too) for the reset.
const ROWS_SCHEMA = 'template_rows';
// The app's tables live in a schema of their own, pg_trgm in public, as in the migration tests' schemas (and the
// schema-pin test's comparison of the two).
const APP_SCHEMA = 'app';

// SQLite: a migrated and seeded in-memory database, serialized; each app opens its own in-memory copy of it.
async function migratedSqlite(): Promise<Buffer> {
  const sqlite = new SQLite(':memory:');
  sqlite.pragma('foreign_keys = ON');
  // unicode_lower(x), as the app's connections have it (db/database.ts).
  registerUnicodeLower(sqlite);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    await migrateToLatest(db);
    await db.transaction().execute((tx) => seedCatalog(tx, Date.now()));
    return sqlite.serialize();
  } finally {
    await db.destroy();
  }
}

// The URL of another database on the same server.
const databaseAt = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

// One statement on the server's own database (CREATE and DROP DATABASE run outside a transaction).
const onServer = (serverUrl: string, statement: string): Promise<pg.QueryResult> =>
  withPgClient(serverUrl, (client) => client.query(statement));

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

// Drops the test databases of processes that have ended: at a worker's first template (those of an earlier run that
// stopped short) and when a run ends (vitest's global teardown, test/global-setup.ts, once its workers have exited).
export async function dropEndedDatabases(serverUrl: string): Promise<void> {
  const { rows } = await onServer(
    serverUrl,
    `select datname from pg_database where datname like '${DATABASE_PREFIX}%'`,
  );
  for (const { datname } of rows as { datname: string }[]) {
    const pid = Number(/^crm_[a-z0-9]+_(\d+)_[0-9a-f]+$/.exec(datname)?.[1]);
    if (pid && !isAlive(pid))
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`).catch(() => undefined);
  }
}

// PostgreSQL: a database migrated and seeded once per worker, then never connected to again, so that each app's
// database is made from it by `CREATE DATABASE … TEMPLATE`, a copy of its files (decision 276). Databases left by
// workers that have ended (a process has no hook to drop them as it exits) are dropped first.
async function migratedPostgres(serverUrl: string): Promise<PgTemplate> {
  await dropEndedDatabases(serverUrl);
  const name = `${TEMPLATE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${quoted(name)}`);
  const handle = await openDatabase({ databaseUrl: databaseAt(serverUrl, name), dataDir: '', pgSchema: APP_SCHEMA });
  try {
    await migrateToLatest(handle.db, APP_SCHEMA);
    await handle.db.transaction().execute((tx) => seedCatalog(tx, Date.now()));
  } finally {
    await handle.close();
  }
  return { name, reset: await resetScript(databaseAt(serverUrl, name)) };
}

// Copies the template's rows into ROWS_SCHEMA and answers the script that puts a copy's tables back to them: every
// row deleted (foreign keys and triggers not run: session_replication_role), the template's rows inserted again and
// each sequence set where the template's stands. One simple query, so one transaction.
function resetScript(templateUrl: string): Promise<string> {
  return withPgClient(templateUrl, async (client) => {
    const schema = quoted(APP_SCHEMA);
    const tables = (
      await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = $1 and table_type = 'BASE TABLE' order by 1`,
        [APP_SCHEMA],
      )
    ).rows.map((t) => t.name);
    const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
    const filled = (
      await client.query<{ name: string }>(
        tables
          .map((t) => `select ${literal(t)} as name where exists (select from ${schema}.${quoted(t)})`)
          .join(' union all '),
      )
    ).rows.map((t) => quoted(t.name));
    const sequences = (
      await client.query<{ name: string; last: string | null }>(
        'select sequencename as name, last_value::text as last from pg_sequences where schemaname = $1 order by 1',
        [APP_SCHEMA],
      )
    ).rows;
    await client.query(
      [
        `create schema ${quoted(ROWS_SCHEMA)}`,
        ...filled.map((t) => `create table ${quoted(ROWS_SCHEMA)}.${t} as table ${schema}.${t}`),
      ].join(';'),
    );
    const setval = (s: { name: string; last: string | null }) =>
      `setval(${literal(`${schema}.${quoted(s.name)}`)}, ${s.last ?? 1}, ${s.last !== null})`;
    return [
      'set session_replication_role = replica',
      ...tables.map((t) => `delete from ${schema}.${quoted(t)}`),
      ...filled.map((t) => `insert into ${schema}.${t} select * from ${quoted(ROWS_SCHEMA)}.${t}`),
      ...(sequences.length ? [`select ${sequences.map(setval).join(', ')}`] : []),
    ].join(';\n');
  });
}

// Resets a database a closed app gave back to the template's rows, once no connection to it is left (its app's pool
// has ended them; they may take a moment to go). False when some stay: the database is then left to the sweep.
function resetDatabase(url: string, reset: string): Promise<boolean> {
  return withPgClient(url, async (client) => {
    for (let wait = 0; ; wait++) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      if (rows[0]!.n === 0) break;
      if (wait === 100) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(reset);
    return true;
  });
}

// A new database for one app: `prefix` names the kind of test (t_, e2e_) in the PostgreSQL database's name.
export async function freshDatabase(serverUrl: string | undefined, prefix: string): Promise<FreshDatabase> {
  if (!serverUrl) {
    sqliteTemplate ??= migratedSqlite();
    return { sqliteImage: await sqliteTemplate };
  }
  let template = pgTemplates.get(serverUrl);
  if (!template) {
    template = migratedPostgres(serverUrl);
    pgTemplates.set(serverUrl, template);
  }
  const { name: templateName, reset } = await template;
  // A database a closed app gave back, reset (a few deletes and inserts, against a copy's 0.5–0.9 s of PostgreSQL's
  // CPU for its 12 MB, most of them the system catalogs).
  const given = released.get(serverUrl) ?? [];
  for (let url = given.pop(); url; url = given.pop()) {
    if (await resetDatabase(url, reset)) return { databaseUrl: url, pgSchema: APP_SCHEMA };
  }
  const name = `${DATABASE_PREFIX}${prefix}${process.pid}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(templateName)}`);
  return { databaseUrl: databaseAt(serverUrl, name), pgSchema: APP_SCHEMA };
}

// Gives an app's PostgreSQL database back once its app has closed, for the next app of this worker to start from.
export function releaseDatabase(serverUrl: string, fresh: FreshDatabase): void {
  if (!('databaseUrl' in fresh)) return;
  const given = released.get(serverUrl) ?? [];
  given.push(fresh.databaseUrl);
  released.set(serverUrl, given);
}
