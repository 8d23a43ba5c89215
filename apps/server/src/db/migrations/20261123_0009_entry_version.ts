import type { Kysely } from 'kysely';
import { addColumns, column } from './helpers.js';

const TABLES = ['sys_config', 'dict_entry', 'tag', 'label'] as const;

// Configs, dictionary entries, tags and labels get an optimistic version (as applications have): an update made
// from a stale copy of the row is refused instead of overwriting what someone saved in between.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await addColumns(db, table, { version: column.withDefault('integer', 1) });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('version').execute();
}
