import { sql, type Kysely } from 'kysely';
import { dropRowTriggers } from './helpers.js';
import { up as dayCounters } from './20261123_0023_application_paging.js';

// The deep pages of the applications list find their starting date from application_day_count (migration 0032,
// per date and status, which also serves a deep page of one status), so list_count's per-date counters
// ('application_day', migration 0023) go, and with them one counter write per application written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'list_count_application_day', ['ai', 'ad', 'au']);
  await sql`delete from list_count where list = 'application_day'`.execute(db);
}

// Back: migration 0023's triggers and counters, filled again.
export async function down(db: Kysely<unknown>): Promise<void> {
  await dayCounters(db);
}
