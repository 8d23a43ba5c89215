import type { Kysely } from 'kysely';
import { addColumns, column } from './helpers.js';

// Member notices get an optimistic version (as every other record edited on a form has): two administrators editing
// one notice overwrote each other without a word; an update made from a stale copy is now refused (409).
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'member_notice', { version: column.withDefault('integer', 1) });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_notice').dropColumn('version').execute();
}
