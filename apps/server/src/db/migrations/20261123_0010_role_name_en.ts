import type { Kysely } from 'kysely';

// Roles get an optional English name, shown in the English interface instead of the Chinese one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('role').addColumn('en_name', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('role').dropColumn('en_name').execute();
}
