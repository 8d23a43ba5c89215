import type { Kysely } from 'kysely';
import { addColumns, column } from './helpers.js';

// Roles get an optional English name, shown in the English interface instead of the Chinese one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'role', { en_name: column.optional('varchar(64)') });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('role').dropColumn('en_name').execute();
}
