import type { Kysely } from 'kysely';
import { createKeyedTable, createLiveIndex } from './helpers.js';

// Decision 342: an application import claims each student's course choice (a hash of the student and the choice) for
// the moment it checks and writes the row. The primary key is the lock: of two servers importing the same file at
// once, one claims the choice and adds it, the other is refused the claim (or, later, finds the application). Claims
// are removed once the row is written; a claim older than a few minutes was left by a worker that stopped.
// The duplicate check finds a student's applications by passport, e-mail or mobile: the first two had an index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'import_claim', { claim_key: 'varchar(64)', created_at: 'bigint' }, ['claim_key']);
  await createLiveIndex(db, 'application_mobile_ix', 'application', ['mobile', 'area_code']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('application_mobile_ix').execute();
  await db.schema.dropTable('import_claim').execute();
}
