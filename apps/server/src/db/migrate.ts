import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

// `schema` (PostgreSQL) pins the migration bookkeeping tables to the app's schema: without it the migrator may
// find another schema's lock table in the same database and then fail to use it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator runs on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
