import pg from 'pg';
import { Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

// On PostgreSQL every migration run, and every drop of a schema (dropSchema), holds this advisory lock, so app servers
// starting at once migrate one after another. The migrator looks for its bookkeeping table by reading every schema
// of the database, and a schema dropped by another process during that read failed it ("schema … does not exist"):
// seen with test files running two at a time, each in its own schema.
const SCHEMA_LOCK = 20261122;

// `schema` (PostgreSQL) pins the migration bookkeeping tables to the app's schema: without it the migrator may
// find another schema's lock table in the same database and then fail to use it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator runs on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrate(db, schema);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SCHEMA_LOCK})`.execute(conn);
    try {
      return await migrate(conn, schema);
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_LOCK})`.execute(conn);
    }
  });
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
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replaceAll('"', '""')}" CASCADE`);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}
