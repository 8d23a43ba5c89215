import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { seedCatalog } from '../seed/seed.js';

// A test app starts from a copy of a database migrated once per worker process (the server and e2e projects run
// their files one after another in a worker without isolation), not from the migrations run again for each app:
// they were most of an app's start. The template holds the seed's catalog too (menu tree, dictionaries, the built-in
// role: seed/seed.ts), which on PostgreSQL was a few hundred statements per app. buildApp's own migration and seed
// runs then find nothing to do but the administrator. The copy is checked against the pinned schema and against a
// migrated and seeded database, table by table (db/migrations/schema-pin.test.ts).
// PostgreSQL: the app's own database (its URL and the schema its tables are in), made from the worker's template
// database and dropped by dropFreshDatabase.
export type FreshDatabase = { sqliteImage: Buffer } | { databaseUrl: string; pgSchema: string };

let sqliteTemplate: Promise<Buffer> | undefined;
// Per server URL: the name of this worker's template database.
const pgTemplates = new Map<string, Promise<string>>();
// Template databases are named for the process that made them, which is the only one to use them.
const TEMPLATE_PREFIX = 'crm_tpl_';
// The app's tables live in a schema of their own, pg_trgm in public, as in the migration tests' schemas (and the
// schema-pin test's comparison of the two).
const APP_SCHEMA = 'app';

// SQLite: a migrated and seeded in-memory database, serialized; each app opens its own in-memory copy of it.
async function migratedSqlite(): Promise<Buffer> {
  const sqlite = new SQLite(':memory:');
  sqlite.pragma('foreign_keys = ON');
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
async function onServer(serverUrl: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

// PostgreSQL: a database migrated and seeded once per worker, then never connected to again, so that each app's
// database is made from it by `CREATE DATABASE … TEMPLATE`, a copy of its files (≈ 0.15 s on the 2-core machine,
// against ≈ 0.5 s for a schema built from a dump of 89 tables, 154 indexes and 239 constraints; decision 276).
// Templates left by workers that have ended (a process has no hook to drop them as it exits) are dropped here.
async function migratedPostgres(serverUrl: string): Promise<string> {
  const { rows } = await onServer(
    serverUrl,
    `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`,
  );
  for (const { datname } of rows as { datname: string }[]) {
    const pid = Number(/^crm_tpl_(\d+)_/.exec(datname)?.[1]);
    if (pid && !isAlive(pid))
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`).catch(() => undefined);
  }
  const name = `${TEMPLATE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${quoted(name)}`);
  const handle = await openDatabase({ databaseUrl: databaseAt(serverUrl, name), dataDir: '', pgSchema: APP_SCHEMA });
  try {
    await migrateToLatest(handle.db, APP_SCHEMA);
    await handle.db.transaction().execute((tx) => seedCatalog(tx, Date.now()));
  } finally {
    await handle.close();
  }
  return name;
}

// A new database for one app: `prefix` starts the PostgreSQL database's name.
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
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(await template)}`);
  return { databaseUrl: databaseAt(serverUrl, name), pgSchema: APP_SCHEMA };
}

// Drops an app's PostgreSQL database once its app has closed. PostgreSQL waits (up to 5 s) for the app's
// connections, whose pool has just ended them, to go; they are not ended from the server's side (WITH (FORCE)),
// which a client still ending reports as an error.
export async function dropFreshDatabase(serverUrl: string, fresh: FreshDatabase): Promise<void> {
  if (!('databaseUrl' in fresh)) return;
  const name = decodeURIComponent(new URL(fresh.databaseUrl).pathname.slice(1));
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${quoted(name)}`);
}
