import { sql } from 'kysely';
import { schedulePeriodic, type PeriodicHost } from '../lib/periodic.js';
import type { Db } from './conn.js';
import type { Dialect } from './database.js';

// SQLite's planner reads table and index statistics only when something has run ANALYZE; a SQLite file the app made
// never had them, so its planner guessed (decision 270: "this week" on the home screen read every live application,
// 190 ms at 20,000 of them, 3 ms with statistics). `pragma optimize` with 0x10002 analyzes each table that has never
// been analyzed or has grown or shrunk 25-fold since, under a limit SQLite sets so that it stays quick on any size;
// when nothing has changed it does nothing. PostgreSQL's autovacuum keeps its own statistics.
export const STATISTICS_EVERY_MS = 60 * 60 * 1000;

export async function refreshStatistics(db: Db): Promise<void> {
  await sql`pragma optimize = 0x10002`.execute(db);
}

// A minute after start-up (after the migrations and the first sign-ins), then hourly; SQLite only.
export function scheduleStatistics(app: PeriodicHost, db: Db, dialect: Dialect): void {
  if (dialect !== 'sqlite') return;
  schedulePeriodic(app, {
    run: () => refreshStatistics(db),
    everyMs: STATISTICS_EVERY_MS,
    firstAfterMs: 60_000,
    failed: 'SQLite statistics refresh failed',
  });
}
