import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db, Dialect } from '../src/db/database.js';
import { seedDemoApplications } from '../src/seed/demo-applications.js';
import { createApplicationRepository, type ListFilter } from '../src/modules/application/index.js';
import { signInAdmin } from './sign-in.js';

// The applications list under load: its first page with a status filter and a name search, timed through
// app.inject next to a trivial signed endpoint (the profile), plus the database's plan for the list's queries.

export type BenchAuth = { headers: Record<string, string>; common: string };
export type Stats = { n: number; p50: number; p95: number; mean: number };
export type ApplicationBench = {
  list: Stats;
  trivial: Stats;
  rows: number;
  total: number;
  plan: string[];
  // Other first pages of the home screen, for context: no filter, status only.
  others: { label: string; stats: Stats }[];
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function time(app: FastifyInstance, url: string, auth: BenchAuth, iterations: number): Promise<Stats> {
  const ms: number[] = [];
  for (let i = 0; i < iterations + 5; i++) {
    const t0 = process.hrtime.bigint();
    const res = await app.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}${auth.common}`,
      headers: auth.headers,
    });
    const elapsed = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.json<{ meta: { code: number } }>().meta.code !== 200) throw new Error(`${url}: ${res.body}`);
    if (i >= 5) ms.push(elapsed); // the first calls warm caches and the JIT
  }
  ms.sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    n: ms.length,
    p50: r(percentile(ms, 50)),
    p95: r(percentile(ms, 95)),
    mean: r(ms.reduce((a, b) => a + b, 0) / ms.length),
  };
}

export async function explainList(db: Db, dialect: Dialect, filter: ListFilter): Promise<string[]> {
  const repo = createApplicationRepository(db);
  const out: string[] = [];
  for (const [label, q] of [
    ['page', repo.listSql(filter)],
    ['count', repo.countSql(filter)],
  ] as const) {
    const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const res = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
    out.push(`-- ${label} query`);
    for (const row of res.rows) out.push(String(row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)));
  }
  return out;
}

// Times the list (status filter + name search, first page) against GET /api/v1/member/profile.
export async function benchApplicationList(
  target: { app: FastifyInstance; db: Db; dialect: Dialect; auth: BenchAuth },
  opts: { iterations?: number; status?: string; keyword?: string } = {},
): Promise<ApplicationBench> {
  const iterations = opts.iterations ?? 200;
  const status = opts.status ?? 'offer_unconditional';
  const keyword = opts.keyword ?? '陳怡';
  const query = `status=${status}&keyword=${encodeURIComponent(keyword)}&pageNum=1&pageSize=20`;
  const listUrl = `/api/v1/mc/applicationRecord/list?${query}`;
  const first = await target.app.inject({
    method: 'GET',
    url: `${listUrl}&${target.auth.common}`,
    headers: target.auth.headers,
  });
  const page = first.json<{ data: { list: unknown[]; total: number } }>().data;
  const list = await time(target.app, listUrl, target.auth, iterations);
  const trivial = await time(target.app, '/api/v1/member/profile', target.auth, iterations);
  const others = [
    {
      label: 'no filter',
      stats: await time(target.app, '/api/v1/mc/applicationRecord/list?pageNum=1&pageSize=20', target.auth, iterations),
    },
    {
      label: `status=${status}`,
      stats: await time(
        target.app,
        `/api/v1/mc/applicationRecord/list?status=${status}&pageNum=1&pageSize=20`,
        target.auth,
        iterations,
      ),
    },
  ];
  const plan = await explainList(target.db, target.dialect, {
    status,
    keyword,
    sortField: 'applicationDate',
    order: 'desc',
    limit: 20,
    offset: 0,
  });
  return { list, trivial, rows: page.list.length, total: page.total, plan, others };
}

export function printBench(b: ApplicationBench, label = 'applications list'): void {
  console.log(`\n${label}: first page (status + name search), ${b.rows} rows of ${b.total} matching`);
  console.log(`  list     p50 ${b.list.p50} ms   p95 ${b.list.p95} ms   (n=${b.list.n})`);
  console.log(`  profile  p50 ${b.trivial.p50} ms   p95 ${b.trivial.p95} ms   (trivial endpoint)`);
  for (const o of b.others) console.log(`  list, ${o.label}: p50 ${o.stats.p50} ms   p95 ${o.stats.p95} ms`);
  console.log('  plan:');
  for (const line of b.plan) console.log(`    ${line}`);
}

// Standalone: node --import tsx apps/server/bench/applications.ts [--applications 100000] [--iterations 200]
// Uses DATABASE_URL when set (schema BENCH_PG_SCHEMA, default bench_applications), else a SQLite file under BENCH_DIR (default /tmp/study-crm-bench), kept between runs.
async function main() {
  const arg = (name: string, def: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : def;
  };
  const count = arg('applications', 100_000);
  const iterations = arg('iterations', 200);
  const dataDir = process.env.BENCH_DIR ?? '/tmp/study-crm-bench';
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_LOGIN: 'admin',
    ADMIN_PASSWORD: 'Bench#2026pass',
    CAPTCHA_TEST_CODE: 'BNCH',
    LOG_LEVEL: 'warn',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  // PostgreSQL: a schema of its own (kept between runs), never the database's public schema.
  const { app, db } = await buildApp({
    config,
    sqliteFile: path.join(dataDir, 'bench.sqlite'),
    ...(process.env.DATABASE_URL ? { pgSchema: process.env.BENCH_PG_SCHEMA ?? 'bench_applications' } : {}),
  });
  try {
    const seeded = await seedDemoApplications(db.db, count);
    console.log(`demo applications: ${seeded.total} (${seeded.inserted} inserted in ${seeded.ms} ms), ${db.dialect}`);
    // After a bulk load autovacuum would soon set the visibility map and statistics; do it now so the figures
    // show the steady state (index-only counts) rather than the minutes right after the load.
    if (db.dialect === 'postgres' && seeded.inserted > 0) {
      for (const t of ['application', 'application_target_school', 'follow_up']) {
        await sql.raw(`VACUUM ANALYZE ${t}`).execute(db.db);
      }
    }
    const headers = { sign: config.clientSign, 'accept-language': 'en-US' };
    const common = `appId=${config.appId}&mcId=${config.mcId}`;
    const { token, mid } = await signInAdmin(app, config, { name: 'admin', password: 'Bench#2026pass' });
    const auth = { headers: { ...headers, 'x-token': token }, common: `${common}&memberId=${mid}` };
    printBench(await benchApplicationList({ app, db: db.db, dialect: db.dialect, auth }, { iterations }));
  } finally {
    await app.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
