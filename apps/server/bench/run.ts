// npm run bench:inject [-- --n 200 --members 100000 --applications 100000 --emails 2000 --sms 20000]
// Builds the app on a temporary SQLite file (and on PostgreSQL when DATABASE_URL is set), seeds demo members and
// applications, then times requests through app.inject and prints p50/p95 per case plus the query plans.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { dropSchema } from '../src/db/migrate.js';
import { seedDemoApplications } from '../src/seed/demo-applications.js';
import { analyzeAll } from '../src/db/statistics.js';
import { seedDemoMembers } from '../src/seed/demo-members.js';
import { createMemberRepository, type MemberFilter } from '../src/modules/member/index.js';
import { benchApplicationList, printBench } from './applications.js';
import { benchArgs } from './args.js';
import { benchDelivery } from './delivery.js';
import { BENCH, benchEnv, signInAdmin } from './sign-in.js';
import { benchBombRefusal, benchSmsBatch, benchSmsLatency } from './sms.js';

const {
  n: N,
  members: MEMBERS,
  applications: APPLICATIONS,
  emails: EMAILS,
  sms: SMS_RECIPIENTS,
} = benchArgs({ n: 200, members: 100000, applications: 100000, emails: 2000, sms: 20000 }).num;
const { appId: APP_ID, sign: SIGN } = BENCH;

type Case = { name: string; url: string; filter?: MemberFilter };
// Demo e-mails look like "mailing.chan.12345@demo.study-crm.test" (src/seed/demo-members.ts).
const CASES: Case[] = [
  { name: 'GET /api/v1/member/profile (trivial)', url: '/api/v1/member/profile' },
  { name: 'member list, first page', url: '/api/v1/mc/member?pageNum=1&pageSize=20', filter: { memberType: 'staff' } },
  {
    name: "member list, part of a name 'ung Mei'",
    url: `/api/v1/mc/member?pageNum=1&pageSize=20&keyword=${encodeURIComponent('ung Mei')}`,
    filter: { memberType: 'staff', keyword: 'ung Mei' },
  },
  {
    name: "member list, part of an e-mail 'ling.leung.88'",
    url: '/api/v1/mc/member?pageNum=1&pageSize=20&keyword=ling.leung.88',
    filter: { memberType: 'staff', keyword: 'ling.leung.88' },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(label: string, built: BuiltApp, config: Config) {
  const { app, db } = built;
  let t = Date.now();
  await seedDemoMembers(db.db, MEMBERS);
  await analyzeAll(db.db);
  console.log(`\n## ${label}: ${MEMBERS} members seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const common = `appId=${APP_ID}&mcId=COM`;
  const { token } = await signInAdmin(app, config, { name: 'admin', password: BENCH.password });
  const repo = createMemberRepository(db.db, db.dialect);

  for (const c of CASES) {
    const url = `${c.url}${c.url.includes('?') ? '&' : '?'}${common}`;
    const call = async () => {
      const res = await app.inject({ method: 'GET', url, headers: { sign: SIGN, 'x-token': token } });
      const body = res.json() as { meta: { code: number }; data: { total?: number } };
      if (body.meta.code !== 200) throw new Error(`${c.name}: ${res.body}`);
      return body.data;
    };
    const first = await call();
    for (let i = 0; i < 5; i++) await call(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const total = first.total === undefined ? '' : `, total ${first.total}`;
    console.log(
      `${c.name}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (n=${N}${total})`,
    );
    if (c.filter) {
      const page = repo.pageQuery(c.filter, { sortBy: 'createdAt', order: 'desc' }, 20, 0).compile();
      const count = repo.countQuery(c.filter).compile();
      for (const [what, q] of [
        ['page', page],
        ['count', count],
      ] as const) {
        const explain = db.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
        const plan = await db.db.executeQuery(CompiledQuery.raw(explain + q.sql, [...q.parameters]));
        const lines = (plan.rows as Record<string, unknown>[]).map((r) => String(r['QUERY PLAN'] ?? r.detail));
        console.log(`  ${what} plan:\n${lines.map((l) => `    ${l}`).join('\n')}`);
      }
    }
  }

  if (APPLICATIONS > 0) {
    t = Date.now();
    await seedDemoApplications(db.db, APPLICATIONS);
    await analyzeAll(db.db);
    console.log(`\n## ${label}: ${APPLICATIONS} applications seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const auth = { headers: { sign: SIGN, 'x-token': token }, common };
    printBench(await benchApplicationList({ app, db: db.db, dialect: db.dialect, auth }, { iterations: N }), label);
  }

  if (EMAILS > 0) {
    const auth = { headers: { sign: SIGN, 'x-token': token }, common };
    const r = await benchDelivery(built, auth, EMAILS);
    console.log(
      `\n## ${label}: e-mail delivery: ${r.count} recipients queued in ${r.queuedMs.toFixed(0)} ms, all sent after ` +
        `${r.totalMs.toFixed(0)} ms (${r.received} received by the local SMTP server, ${r.failed} failed): ${r.perSecond.toFixed(0)} e-mails/s`,
    );
  }

  if (SMS_RECIPIENTS > 0) {
    const auth = { headers: { sign: SIGN, 'x-token': token }, common };
    const r = await benchSmsBatch(built, auth, SMS_RECIPIENTS);
    console.log(
      `\n## ${label}: SMS batch: ${r.count} rows (${(r.bytes / 1024).toFixed(0)} KB .xlsx) read and validated in ` +
        `${r.readMs.toFixed(0)} ms, ${r.queued} outbox rows queued; ${r.totalMs.toFixed(0)} ms in all`,
    );
    const l = await benchSmsLatency(built, auth, SMS_RECIPIENTS);
    console.log(
      `\n## ${label}: other calls during an SMS import of ${l.count} rows (${l.uploadMs.toFixed(0)} ms): p99 ` +
        `${l.duringP99.toFixed(1)} ms over ${l.calls} calls, idle p99 ${l.idleP99.toFixed(1)} ms ` +
        `(${(l.duringP99 / l.idleP99).toFixed(1)}×; goal under 3×)`,
    );
    const b = await benchBombRefusal(built, auth);
    console.log(
      `\n## ${label}: zip bombs refused (slowest of 3): declared 140 MB in ${b.honest.toFixed(0)} ms, lying ` +
        `(declares 4 kB, inflates to 40 MB) in ${b.lying.toFixed(0)} ms (goal under 2,000 ms)`,
    );
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'study-crm-bench-'));
  const env = benchEnv(dir);
  try {
    const sqliteConfig = loadConfig(env);
    const sqlite = await buildApp({ config: sqliteConfig, sqliteFile: path.join(dir, 'bench.sqlite') });
    try {
      await run('SQLite', sqlite, sqliteConfig);
    } finally {
      await sqlite.app.close();
    }
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      const pgSchema = `bench_${randomBytes(6).toString('hex')}`;
      const pgConfig = loadConfig({ ...env, DATABASE_URL: databaseUrl });
      const built = await buildApp({ config: pgConfig, pgSchema });
      try {
        await run('PostgreSQL', built, pgConfig);
      } finally {
        await built.app.close();
        await dropSchema(databaseUrl, pgSchema);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
