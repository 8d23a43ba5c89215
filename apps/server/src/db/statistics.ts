import { sql } from 'kysely';
import { schedulePeriodic, type PeriodicHost } from '../lib/periodic.js';
import type { Db } from './conn.js';
import { isPostgres, type Dialect } from './database.js';

// SQLite's planner reads table and index statistics only when something has run ANALYZE; a SQLite file the app made
// never had them, so its planner guessed (decision 270: "this week" on the home screen read every live application,
// 190 ms at 20,000 of them, 3 ms with statistics). `pragma optimize` with 0x10002 analyzes each table that has never
// been analyzed or has grown or shrunk 25-fold since, under a limit SQLite sets so that it stays quick on any size;
// when nothing has changed it does nothing. PostgreSQL's autovacuum keeps its own statistics.
export const STATISTICS_EVERY_MS = 60 * 60 * 1000;

export async function refreshStatistics(db: Db): Promise<void> {
  await sql`pragma optimize = 0x10002`.execute(db);
  await dropValueSamples(db);
}

// Every table analyzed now, whatever has changed (the demo seed and the bench, after a bulk load), on either engine.
export async function analyzeAll(db: Db): Promise<void> {
  await sql`analyze`.execute(db);
  if (!isPostgres(db)) await dropValueSamples(db);
}

// This build of SQLite (ENABLE_STAT4) also keeps samples of each index's values (sqlite_stat4). A prepared statement
// whose plan read the samples for a bound value is compiled again whenever a value is bound to it, that is on every
// call, which undid the statements kept prepared (issue 43): the session check of every signed call took 140 µs
// instead of 32. The samples go after each analysis and the per-index counts (sqlite_stat1) stay, so a plan is
// chosen by the counts and never by the values of one call, as PostgreSQL's generic plans are (decision 281).
async function dropValueSamples(db: Db): Promise<void> {
  const kept = await sql`select 1 from sqlite_master where name = 'sqlite_stat4'`.execute(db);
  if (!kept.rows.length) return;
  const dropped = await sql`delete from sqlite_stat4`.execute(db);
  // The planner reads the statistics tables when the schema is loaded; this form of ANALYZE loads them again (and
  // so prepares every kept statement anew once): only when there were samples to drop.
  if (dropped.numAffectedRows) await sql`analyze sqlite_master`.execute(db);
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
