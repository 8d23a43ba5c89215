// The server side of `npm run bench` (bench/http.ts forks this file): builds the real app on SQLite or
// PostgreSQL, listens on a local port, and seeds / reports memory when the parent asks over IPC. The load runs in
// another process so the load generator neither shares this event loop nor counts in this resident memory.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedDemoApplications } from '../src/seed/demo-applications.js';
import { seedDemoAudit } from '../src/seed/demo-audit.js';
import { analyzeAll } from '../src/db/statistics.js';
import { seedDemoMembers } from '../src/seed/demo-members.js';
import { seedDemoPayments } from '../src/seed/demo-payments.js';
import { seedDemoProjects } from '../src/seed/demo-projects.js';
import { withIndexesDeferred } from '../src/seed/bulk.js';
import { PROJECTS, signInAdmin } from './sign-in.js';

export type BenchRequest =
  | { type: 'start'; env: Record<string, string>; sqliteFile?: string; pgSchema?: string; members: number }
  | { type: 'seed'; applications: number; payments: number }
  | { type: 'seedPayments'; payments: number }
  | { type: 'seedAudit'; rows: number }
  | { type: 'rss' }
  | { type: 'stop' };
export type Started = { port: number; token: string; mid: number; membersMs: number };
// What an 'rss' request answers: memory now, and the longest event-loop stall and garbage collection since the last.
export type Reading = { rss: number; stallMs: number; gc: { maxMs: number; totalMs: number } };

let built: BuiltApp | undefined;
// The longest the event loop was held since the previous 'rss' call: a synchronous stall (a long SQLite statement
// or checkpoint) shows here when the load's latencies or timeouts jump.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
// The longest garbage collection pause in the same window, and the time spent in them: tells a collector's pause from
// a long statement when the stall above jumps.
let gcMaxMs = 0;
let gcTotalMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMaxMs = Math.max(gcMaxMs, entry.duration);
    gcTotalMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

async function start(m: Extract<BenchRequest, { type: 'start' }>): Promise<Started> {
  const config = loadConfig(m.env);
  built = await buildApp({
    config,
    ...(m.sqliteFile ? { sqliteFile: m.sqliteFile } : {}),
    ...(m.pgSchema ? { pgSchema: m.pgSchema } : {}),
  });
  const { app, db } = built;
  const t = Date.now();
  await withIndexesDeferred(db.db, ['member', 'member_role'], () => seedDemoMembers(db.db, m.members));
  // On PostgreSQL also what autovacuum does after an insert-heavy load: the visibility map of the member, gram and
  // tail tables (the search plan's bounded gram counts are index-only scans; without it each entry is a heap fetch).
  if (db.dialect === 'postgres') await sql`VACUUM ANALYZE member, member_gram, member_tail`.execute(db.db);
  else await analyzeAll(db.db);
  const membersMs = Date.now() - t;
  const { token, mid } = await signInAdmin(app, config, {
    name: m.env.ADMIN_LOGIN ?? '',
    password: m.env.ADMIN_PASSWORD ?? '',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, token, mid, membersMs };
}

const BULK_TABLES = [
  'application',
  'application_target_school',
  'follow_up',
  'payment_record',
  'application_gram',
  'payment_record_gram',
  'application_tail',
  'payment_record_tail',
];
const APPLICATION_TABLES = [
  'application',
  'application_education',
  'application_language_score',
  'application_target_school',
  'follow_up',
];
const PAYMENT_TABLES = ['payment_record', 'payment_track'];
// The tables triggers keep counts and sums in (migrations 0014, 0023, 0024, 0032, 0037).
const COUNTER_TABLES = [
  'list_count',
  'payment_summary',
  'payment_day_total',
  'application_day_count',
  'follow_up_day_count',
];

async function seed(applications: number, payments: number) {
  const { db } = built!;
  // The indexes are built after the rows (decision 219).
  const t0 = Date.now();
  const r = await withIndexesDeferred(db.db, [...APPLICATION_TABLES, ...PAYMENT_TABLES], async () => {
    const seeded = await seedDemoApplications(db.db, applications);
    // Payment records beside them (as many as applications unless --app-payments caps them): the dashboard's payment
    // figures read them (issue 21), the search box searches them (issue 39).
    await seedDemoPayments(db.db, payments, () => undefined);
    return seeded;
  });
  await seedDemoProjects(db.db, PROJECTS);
  const t = Date.now();
  if (db.dialect === 'postgres') {
    // What autovacuum does soon after a bulk load: statistics and the visibility map (index-only scans), and the
    // counter tables' dead row versions (every row written updated its counters: a few hundred live rows after
    // millions of updates, which autovacuum clears within its next minute).
    for (const table of [...BULK_TABLES, ...COUNTER_TABLES]) await sql.raw(`VACUUM ANALYZE ${table}`).execute(db.db);
  } else await analyzeAll(db.db);
  // loadMs: the applications, as many payments and the index builds, before the statistics.
  return { ...r, loadMs: t - t0, analyzeMs: Date.now() - t };
}

// Demo payments spread over the applications there are (issue 16), then fresh statistics as for applications.
async function seedPayments(payments: number) {
  const { db } = built!;
  const t0 = Date.now();
  const inserted = await withIndexesDeferred(db.db, PAYMENT_TABLES, () =>
    seedDemoPayments(db.db, payments, () => undefined),
  );
  const t = Date.now();
  if (db.dialect === 'postgres') {
    for (const table of [
      'payment_record',
      'payment_track',
      'payment_record_gram',
      'payment_record_tail',
      ...COUNTER_TABLES,
    ])
      await sql.raw(`VACUUM ANALYZE ${table}`).execute(db.db);
  } else await analyzeAll(db.db);
  return { inserted, ms: t - t0, analyzeMs: Date.now() - t };
}

// Demo operation-log entries (issue 39), then fresh statistics.
async function seedAudit(rows: number) {
  const { db } = built!;
  const t0 = Date.now();
  const inserted = await withIndexesDeferred(db.db, ['audit_log'], () => seedDemoAudit(db.db, rows));
  const t = Date.now();
  if (db.dialect === 'postgres') await sql.raw('VACUUM ANALYZE audit_log').execute(db.db);
  else await analyzeAll(db.db);
  return { inserted, ms: t - t0, analyzeMs: Date.now() - t };
}

async function handle(m: BenchRequest): Promise<unknown> {
  switch (m.type) {
    case 'start':
      return start(m);
    case 'seed':
      return seed(m.applications, m.payments);
    case 'seedPayments':
      return seedPayments(m.payments);
    case 'seedAudit':
      return seedAudit(m.rows);
    case 'rss': {
      const stallMs = Math.round(loopDelay.max / 1e6);
      const gc = { maxMs: Math.round(gcMaxMs), totalMs: Math.round(gcTotalMs) };
      loopDelay.reset();
      gcMaxMs = 0;
      gcTotalMs = 0;
      return { rss: process.memoryUsage().rss, stallMs, gc } satisfies Reading;
    }
    case 'stop':
      await built?.app.close();
      setImmediate(() => process.exit(0));
      return {};
  }
}

// The parent went away (finished or killed): stop too.
process.on('disconnect', () => process.exit(0));

process.on('message', (m: BenchRequest) => {
  handle(m).then(
    (data) => process.send?.({ ok: true, data }),
    (err: unknown) =>
      process.send?.({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
