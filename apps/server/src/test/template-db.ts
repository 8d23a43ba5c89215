import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { dropSchema, migrateToLatest, withSchemaLock } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { seedCatalog } from '../seed/seed.js';

// A test app starts from a copy of a database migrated once per worker process (the server and e2e projects run
// their files one after another in a worker without isolation), not from the migrations run again for each app:
// they were most of an app's start. The template holds the seed's catalog too (menu tree, dictionaries, the built-in
// role: seed/seed.ts), which on PostgreSQL was a few hundred statements per app. buildApp's own migration and seed
// runs then find nothing to do but the administrator. The copy is checked against the pinned schema and against a
// migrated and seeded database, table by table (db/migrations/schema-pin.test.ts).
export type FreshDatabase = { sqliteImage: Buffer } | { pgSchema: string };

let sqliteTemplate: Promise<Buffer> | undefined;
// Per database URL: the migrated template schema as SQL, its name written as TEMPLATE_NAME.
const pgTemplates = new Map<string, Promise<string>>();
const TEMPLATE_NAME = '__template_schema__';

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

// PostgreSQL: a schema migrated and seeded once, dumped by pg_dump as SQL (rows as INSERTs: the migrations' own, the
// catalog's and the migrator's bookkeeping), then dropped. Names in the dump are schema-qualified, so the text with another schema
// name builds that schema.
async function migratedPostgres(databaseUrl: string): Promise<string> {
  const schema = `tpl_${randomBytes(6).toString('hex')}`;
  const handle = await openDatabase({ databaseUrl, dataDir: '', pgSchema: schema });
  try {
    await migrateToLatest(handle.db, schema);
    await handle.db.transaction().execute((tx) => seedCatalog(tx, Date.now()));
    // (Under the schema lock, as migrations and schema drops in other workers are.)
    const { stdout } = await withSchemaLock(handle.db, () =>
      promisify(execFile)(
        'pg_dump',
        ['--schema', schema, '--no-owner', '--no-privileges', '--inserts', '--dbname', databaseUrl],
        { maxBuffer: 64 * 1024 * 1024 },
      ),
    );
    // Without psql's meta-commands (`\restrict`…): the text is sent as plain SQL.
    return stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n')
      .replaceAll(schema, TEMPLATE_NAME);
  } finally {
    await handle.close();
    await dropSchema(databaseUrl, schema);
  }
}

// A new database for one app: `prefix` starts the PostgreSQL schema's name.
export async function freshDatabase(databaseUrl: string | undefined, prefix: string): Promise<FreshDatabase> {
  if (!databaseUrl) {
    sqliteTemplate ??= migratedSqlite();
    return { sqliteImage: await sqliteTemplate };
  }
  let template = pgTemplates.get(databaseUrl);
  if (!template) {
    template = migratedPostgres(databaseUrl);
    pgTemplates.set(databaseUrl, template);
  }
  const pgSchema = `${prefix}${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One statement list, one round trip; its SET commands end with this connection.
    await client.query((await template).replaceAll(TEMPLATE_NAME, pgSchema));
  } finally {
    await client.end();
  }
  return { pgSchema };
}
