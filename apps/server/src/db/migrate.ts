import { Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';
import { withPgClient } from './pg-client.js';

// On PostgreSQL every change of a schema's tables — a migration run, a migration taken back (tests), a drop of a
// throwaway schema (dropSchema) — holds this advisory lock, so app servers starting at once migrate one after
// another. The migrator looks for its bookkeeping table by reading every schema of the database, and a table dropped
// by another process during that read failed it ("relation … does not exist"): seen with test files running two at a
// time, each in its own schema (a schema dropped at the end of one, a migration taken back in another).
const SCHEMA_LOCK = 20261122;

// Runs `work` on one connection that holds the schema lock (PostgreSQL); SQLite runs it as it is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrations run on any schema
export async function withSchemaLock<T>(db: Kysely<any>, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work(db);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SCHEMA_LOCK})`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_LOCK})`.execute(conn);
    }
  });
}

// `schema` (PostgreSQL) pins the migration bookkeeping tables to the app's schema: without it the migrator may
// find another schema's lock table in the same database and then fail to use it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator runs on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  return withSchemaLock(db, (conn) => migrate(conn, schema));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function migrate(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// Drops a throwaway schema (tests), never while a migration is reading the database's schemas.
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  await withPgClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replaceAll('"', '""')}" CASCADE`);
    await client.query('COMMIT');
  });
}
