import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

// Issue 43 (decision 263): the daily reminders (issue 40) read the open applications whose passport expires in a
// window, and the language tests taken in one. Without an index each read scanned its whole table: 121 ms and 12 ms
// at 100,000 applications on SQLite, where a statement holds every other call until it ends. Both now read a range
// (the passport index is not partial: the query hides its live test from SQLite's planner, which without statistics
// would walk the live rows of the (deleted_at, …) index instead, and a partial index needs that test to be seen).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, 'application_passport_expiry_ix', 'application', ['passport_expiry_date']);
  await createIndex(db, 'application_language_score_test_date_ix', 'application_language_score', ['test_date']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('application_language_score_test_date_ix').execute();
  await db.schema.dropIndex('application_passport_expiry_ix').execute();
}
