import type { Kysely } from 'kysely';
import { createIndex } from './helpers.js';

// Issue 14: sums over a date range read `payment_day_total` (migration 0024), whose primary key leads with the day
// and holds neither the amount nor the count. A filtered sum (a currency and a status over a year) walked every
// row of the range on the key and looked each match up in the table: 6× the trivial call at 1,000,000 payments on
// SQLite. These indexes hold every column the sums read, led by what the filters fix: a currency (with or without a
// status), a status alone, or the range alone. The table has a few rows a day, so writes keep three more small
// index entries each.
const TOTALS = ['type', 'amount_minor', 'n'];
const INDEXES: Record<string, string[]> = {
  payment_day_total_currency_ix: ['currency', 'status', 'day', ...TOTALS],
  payment_day_total_status_ix: ['status', 'day', 'currency', ...TOTALS],
  payment_day_total_day_ix: ['day', 'currency', 'status', ...TOTALS],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) await createIndex(db, name, 'payment_day_total', columns);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
}
