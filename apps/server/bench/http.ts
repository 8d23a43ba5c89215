// npm run bench [-- --small 100000 --large 1000000 --members 20000 --payments 1000000 --sms-import 50000 --duration 5
//                   --connections 20 --mixed 100 --mixed-seconds 600 --first-minute 60 --engines sqlite,postgres
//                   --rounds 5 --round-seconds 2] [-- --quick]
// The mixed load is also the memory check: `--mixed-seconds` long, 600 s (the issue's 10 minutes) by default;
// `--quick` makes it 90 s (unless --mixed-seconds is given) for a quick run, whose memory figure says so.
// Real HTTP: forks bench/http-server.ts (the built app listening on a local port, SQLite file, and PostgreSQL in a
// schema of its own when DATABASE_URL is set), seeds `small` then `large` demo applications (bulk inserts), and
// drives it with autocannon: the trivial signed call, the home list (no filter page 1 and page N by number and by
// cursor, status filter, one-character surname search), the member list, the dashboard's data call, a write, then a
// mixed load of `mixed` clients. After the large size it seeds `payments` demo payment records and times the payment
// list's first page (no filter and filtered) and countAmount (filtered, and without filter) against the trivial call
// (issue 16), then uploads and pushes an SMS batch of `sms` recipients (issue 17), then times the trivial call idle and
// during the upload of a `sms-import`-row recipient file (issue 38, goal ≤ 3× the idle p99). Prints req/s, p50, p99, each goal of issue 14 with its ratio, and the server's resident memory
// after the first minute of mixed load vs at its end. Issue 43: before the first size's cases it starts a bare Fastify
// route in a process of its own (bench/bare-server.ts) answering the trivial call's own envelope, loads it, the floors
// (the trivial call's one statement, and /health's `select 1`, each alone in a bare route on the same database: the most
// each call could serve on this stack) and `/health` like the cases, and prints the issue's goals (throughput against
// the bare route, the filtered home list against the trivial call, a deep page by number, first pages, PostgreSQL
// against SQLite) with PASS/MISS, and the floors beside them; with `--rounds R`, the calls those ratios compare are
// measured again in R rounds at the large size, in turns, and each ratio is the median of its rounds' (decision 292);
// the rounds also load a third floor, the home list's first page (its session check and page read alone), printed
// beside that page's goal.
// `--only GROUP,…` (decision 241) runs only some groups of cases, e.g. `--only search,board,audit,trivial` for
// issues 39/40's figures at a million rows: bare (the bare route and /health), trivial (the trivial call at each
// size), list (home and member lists, dashboard), screens (every other list screen's first page, after 25 rows are
// added to each through its add call, with a trivial call beside them; bench/screens.ts), search (the search box),
// board (counts and columns, with the table's first page they are held to), audit (seeds `audit` entries; the operation log with a trivial call beside it),
// payments (seeds `payments` more; their cases), write, mixed (the mixed load and the memory check), sms (the SMS
// batch and the import check). The demo applications, and as many payments (at most `app-payments`), are seeded at
// both sizes whatever runs; only the goals of the cases run are printed.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BareRequest } from './bare-server.js';
import type { BenchRequest, Reading, Started } from './http-server.js';
import { dropSchema } from '../src/db/migrate.js';
import { benchArgs } from './args.js';
import { BENCH, benchEnv, signInOverHttp } from './sign-in.js';
import { recipientWorkbook } from './sms.js';
import { tagImportWorkbook } from './import-file.js';
import { IMPORT_BASE } from '@study-crm/shared';
import { ipcCaller } from './ipc.js';
import { SCREEN_CASES, SCREEN_ROWS, firstPage, httpCalls, seedScreens } from './screens.js';

const { num, values: opt } = benchArgs(
  {
    small: 100000,
    large: 1000000,
    members: 20000,
    payments: 1000000,
    audit: 1000000,
    'app-payments': Infinity,
    sms: 20000,
    'sms-import': 50000,
    duration: 5,
    connections: 20,
    requests: 300,
    mixed: 100,
    'first-minute': 60,
    'page-n': 5000,
    rounds: 1,
    'round-seconds': 2,
  },
  {
    'mixed-seconds': { type: 'string' },
    quick: { type: 'boolean', default: false },
    engines: { type: 'string', default: 'sqlite,postgres' },
    'pg-pool': { type: 'string', default: '' },
    only: { type: 'string', default: '' },
    'pg-schema': { type: 'string', default: '' },
  },
);
const GROUPS = [
  'bare',
  'trivial',
  'list',
  'screens',
  'search',
  'board',
  'audit',
  'payments',
  'write',
  'mixed',
  'sms',
] as const;
type Group = (typeof GROUPS)[number];
const ONLY = new Set(opt.only ? opt.only.split(',').map((g) => g.trim()) : GROUPS);
for (const g of ONLY)
  if (!(GROUPS as readonly string[]).includes(g))
    throw new Error(`--only: unknown group '${g}' (${GROUPS.join(', ')})`);
const runs = (...groups: Group[]) => groups.some((g) => ONLY.has(g));
const {
  small: SMALL,
  large: LARGE,
  duration: DURATION,
  connections: CONNECTIONS,
  requests: REQUESTS,
  mixed: MIXED,
} = num;
// The memory check of issue 14 runs the mixed load for 10 minutes; a quick run keeps 90 s.
const MEMORY_CHECK_SECONDS = 600;
const MIXED_SECONDS = Number(opt['mixed-seconds'] ?? (opt.quick ? 90 : MEMORY_CHECK_SECONDS));
const FIRST_MINUTE = Math.min(num['first-minute'], MIXED_SECONDS);
const {
  'page-n': PAGE_N,
  rounds: ROUNDS,
  'round-seconds': ROUND_SECONDS,
  'app-payments': APP_PAYMENTS,
  payments: PAYMENTS,
  audit: AUDIT,
  sms: SMS_RECIPIENTS,
  'sms-import': SMS_IMPORT,
} = num;
const PAY = '/api/v1/mc/paymentRecord';
// A filtered payment view: one currency, one status, one year (the demo payments span 2023–2026).
const PAY_FILTER = 'currency=GBP&status=pending&dateFrom=2025-01-01&dateTo=2025-12-31';
// Payment cases, timed at the payments' own size; their goal is a few times the trivial call (≤ 5×).
const PAYMENT_CASES = [
  'payment list, no filter, page 1',
  'payment list, filtered (GBP, pending, a year), page 1',
  'payment countAmount, filtered (GBP, pending, a year)',
  'payment countAmount, no filter (summary)',
] as const;
const { appId: APP_ID, sign: SIGN } = BENCH;
const LIST = '/api/v1/mc/applicationRecord/list';
const SMS_ADD = '/admin/v1/message/sms/add';
const SMS_PUSH = '/admin/v1/message/sms/batchPush';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DASHBOARD = 'dashboard (GET /api/v1/cake/rpt/dashboard, 30 days)';
// Issue 43's cases: the bare route, /health, and the filtered home list (a status and a two-character name).
const BARE = 'bare Fastify route (same envelope)';
// The most the trivial call could serve on this stack (bench/bare-server.ts): its one statement, nothing around it.
const FLOOR = 'floor: its one statement in a bare route';
const FLOOR_HEALTH = "floor: /health's select 1 in a bare route";
// The most the home list's first page could serve so: its session check and its page's read, nothing around them.
const FLOOR_HOME = "floor: the home list's page 1 in a bare route";
const HEALTH = 'GET /health';
const TRIVIAL = 'trivial (GET /api/v1/member/profile)';
const FILTERED = "home list, status + name '陳怡'";
const HOME_P1 = 'home list, no filter, page 1';
const MEMBER_P1 = 'member list, page 1';
const homePageN = `home list, no filter, page ${PAGE_N} (number)`;
const FILTER_QUERY = `status=offer_unconditional&keyword=${encodeURIComponent('陳怡')}&pageNum=1&pageSize=20`;
const SEARCH = '/api/v1/cake/search';
// The search box's cases (issue 39): a part in the middle of an English given name shared by 1/16 of the demo
// students, a passport fragment held by a few, a one-character name start, and a part nothing holds.
const SEARCH_CASES = [
  ["search box, middle of a name ('hsua')", 'hsua'],
  // A student by part of a Chinese name: the given name after any surname (1/16 of the demo students).
  ["search box, student by part of a name ('怡君')", '怡君'],
  ["search box, passport fragment ('00001234')", '00001234'],
  ["search box, one character ('陳')", '陳'],
  ["search box, no match ('qqzx')", 'qqzx'],
] as const;

// The applications board (issue 40) at the large size: the column counts, and each column's first page (the
// board opens with these); goal: each as fast as the table's first page (≤ 1.5× its p50).
const BOARD = '/api/v1/mc/applicationRecord';
const BOARD_COUNTS = 'board, column counts';
const boardColumn = (status: string) => `board, column '${status}', first page`;
// The operation log (issue 39) at `audit` demo entries: the first page, unfiltered and with each kind of filter;
// goal: a filtered first page ≤ 3× the trivial call (the cost grows with the page, not the table).
const AUDIT_LIST = '/admin/v1/sys/auditLogs';
const AUDIT_PLAIN = 'operation log, no filter, page 1';
const auditCases = (actorId: number) =>
  [
    ['operation log, one member, page 1', `actorId=${actorId}`],
    ['operation log, module + action, page 1', 'module=application&action=changeStatus'],
    ['operation log, outcome refused, page 1', 'outcome=refused'],
    // A record type without an id (migration 0069): a fifth of the demo entries name a member.
    ['operation log, record type, page 1', 'recordType=member'],
    ['operation log, a month, page 1', `dateFrom=${monthAgo(2)}&dateTo=${monthAgo(1)}`],
    [
      'operation log, member + module + a month, page 1',
      `actorId=${actorId}&module=payment&dateFrom=${monthAgo(2)}&dateTo=${monthAgo(1)}`,
    ],
  ] as const;
const monthAgo = (n: number) => new Date(Date.now() - n * 30 * 86_400_000).toISOString().slice(0, 10);
const AUDIT_NAMES = auditCases(0).map(([name]) => name);

type Server = { child: ChildProcess; call: <T>(m: BenchRequest | BareRequest) => Promise<T> };
type Stat = { reqs: number; p50: number; p99: number; errors: number };
type Latency = { p50: number; p99: number };
type Row = { label: string; size: number | null; stat: Stat; one?: Latency };
// Issue 43's calls measured in turns (`--rounds`): each call's figures, one a round.
type Rounds = Map<string, { reqs: number; p50: number }[]>;
type UploadLatency = { label: string; idleP99: number; duringP99: number; calls: number; uploadMs: number };

// One client, one request at a time over a kept-alive connection, timed to the microsecond: the request's own
// cost (autocannon's histogram counts whole milliseconds, too coarse for calls of 1–3 ms).
async function sequential(base: string, headers: Record<string, string>, req: autocannon.Request, n: number) {
  const ms = await sequentialTimes(base, headers, req, n, 10);
  ms.sort((a, b) => a - b);
  const at = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]! * 100) / 100;
  return { p50: at(0.5), p99: at(0.99) };
}

// The times of `n` such requests (after `warm` untimed ones), in order.
async function sequentialTimes(
  base: string,
  headers: Record<string, string>,
  req: autocannon.Request,
  n: number,
  warm = 0,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const setup = req.setupRequest;
      const body = typeof setup === 'function' ? setup({ ...req }, {}).body : req.body;
      const t0 = process.hrtime.bigint();
      const r = http.request(
        `${base}${req.path}`,
        { method: req.method, agent, headers: { ...headers, ...(req.headers as Record<string, string>) } },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(Number(process.hrtime.bigint() - t0) / 1e6)
              : reject(new Error(`${req.path}: ${res.statusCode}`)),
          );
        },
      );
      r.on('error', reject);
      r.end(body as string | undefined);
    });
  for (let i = 0; i < warm; i++) await once();
  const ms: number[] = [];
  for (let i = 0; i < n; i++) ms.push(await once());
  agent.destroy();
  return ms;
}

function startServer(script = 'http-server.ts'): Server {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child = fork(path.join(here, script), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return { child, call: ipcCaller<BenchRequest | BareRequest>(child) };
}

// `tokens`: sessions the connections take in turn (each client signed in on its own, as a team's staff are: one token
// shared by every client would let the server read it once for all, decision 312).
async function load(
  base: string,
  headers: Record<string, string>,
  requests: autocannon.Request[],
  connections: number,
  seconds: number,
  tokens: readonly string[] = [],
): Promise<Stat> {
  let client = 0;
  // (Each client its own copies of the requests: autocannon builds a request's bytes on the object it is given,
  // which the clients would otherwise share.)
  const setupClient = (c: autocannon.Client) => {
    if (!tokens.length) return;
    const token = tokens[client++ % tokens.length]!;
    c.setRequests(requests.map((r) => ({ ...r, headers: { ...headers, ...r.headers, 'x-token': token } })));
  };
  const r = await autocannon({ url: base, connections, duration: seconds, headers, requests, setupClient });
  const errors = r.non2xx + r.errors + r.timeouts;
  if (errors) {
    const codes = Object.entries(r.statusCodeStats ?? {})
      .map(([code, v]) => `${code}: ${(v as { count: number }).count}`)
      .join(', ');
    console.log(`  (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}; status codes ${codes})`);
  }
  return { reqs: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors };
}

async function runEngine(label: string, start: Extract<BenchRequest, { type: 'start' }>) {
  const server = startServer();
  const rows: Row[] = [];
  const log = (s: string) => console.log(`[${label}] ${s}`);
  try {
    const s = await server.call<Started>(start);
    log(`listening on ${s.port}; ${start.members} members seeded in ${(s.membersMs / 1000).toFixed(1)} s`);
    const base = `http://127.0.0.1:${s.port}`;
    const common = `appId=${APP_ID}&mcId=COM&memberId=${s.mid}`;
    const headers = { sign: SIGN, 'x-token': s.token };
    // A session of its own for each client of the loads below.
    const tokens = [s.token];
    while (tokens.length < Math.max(CONNECTIONS, MIXED)) tokens.push(await signInOverHttp(s.port));
    const url = (p: string) => `${p}${p.includes('?') ? '&' : '?'}${common}`;
    // An answer's data; throws unless its code is 200.
    const dataOf = async <T>(res: Response, what: string): Promise<T> => {
      const body = (await res.json()) as { meta: { code: number; message: string }; data: T };
      if (body.meta.code !== 200) throw new Error(`${what}: ${body.meta.code} ${body.meta.message}`);
      return body.data;
    };
    const get = async <T>(p: string): Promise<T> => dataOf<T>(await fetch(base + url(p), { headers }), p);
    const measure = async (
      name: string,
      size: number | null,
      reqs: autocannon.Request[],
      connections = CONNECTIONS,
    ) => {
      const one = await sequential(base, headers, reqs[0]!, REQUESTS);
      const stat = await load(base, headers, reqs, connections, DURATION, tokens);
      rows.push({ label: name, size, stat, one });
      log(
        `${name.padEnd(44)} ${size === null ? '' : `@${size.toLocaleString('en')} `}` +
          `1 client: p50 ${one.p50.toFixed(2)} ms  p99 ${one.p99.toFixed(2)} ms | ${connections} clients: ` +
          `${stat.reqs.toFixed(0).padStart(5)} req/s  p50 ${stat.p50} ms  p99 ${stat.p99} ms${stat.errors ? `  ERRORS ${stat.errors}` : ''}`,
      );
    };
    const getReq = (p: string): autocannon.Request[] => [{ method: 'GET', path: url(p) }];

    // The bare route answers the trivial call's own bytes.
    const envelope = await (await fetch(base + url('/api/v1/member/profile'), { headers })).text();
    // …and the floor: the trivial call's reads on this database with this session.
    const floor = { env: start.env, sqliteFile: start.sqliteFile, pgSchema: start.pgSchema, token: s.token };
    // The bare route's process, started, and its address.
    const startBare = async () => {
      const server = startServer('bare-server.ts');
      // (The home list's first page as it is now: /floor-home answers its bytes.)
      const homeBody = await (await fetch(base + url(`${LIST}?pageNum=1&pageSize=20`), { headers })).text();
      const { port } = await server.call<{ port: number }>({
        type: 'start',
        body: envelope,
        floor: { ...floor, homeBody },
      });
      return { server, at: `http://127.0.0.1:${port}` };
    };
    const firstBare = runs('bare') ? await startBare() : undefined;
    const bare = firstBare?.server;
    const bareBase = firstBare?.at ?? '';
    const measureAt = async (name: string, at: string, reqs: autocannon.Request[]) => {
      const one = await sequential(at, {}, reqs[0]!, REQUESTS);
      const stat = await load(at, {}, reqs, CONNECTIONS, DURATION);
      rows.push({ label: name, size: null, stat, one });
      log(
        `${name.padEnd(44)} 1 client: p50 ${one.p50.toFixed(2)} ms  p99 ${one.p99.toFixed(2)} ms | ${CONNECTIONS} ` +
          `clients: ${stat.reqs.toFixed(0).padStart(5)} req/s  p50 ${stat.p50} ms  p99 ${stat.p99} ms`,
      );
    };

    let maxId = 1;
    for (const size of [SMALL, LARGE]) {
      const seeded = await server.call<{ inserted: number; ms: number; loadMs: number; analyzeMs: number }>({
        type: 'seed',
        applications: size,
        payments: Math.min(size, APP_PAYMENTS),
      });
      log(
        `${size.toLocaleString('en')} applications: ${seeded.inserted.toLocaleString('en')} inserted in ` +
          `${(seeded.ms / 1000).toFixed(1)} s (${Math.round(seeded.inserted / Math.max(seeded.ms / 1000, 0.001))} rows/s), ` +
          `with the payments and index builds ${(seeded.loadMs / 1000).toFixed(1)} s, analyze ${(seeded.analyzeMs / 1000).toFixed(1)} s`,
      );
      const first = await get<{ total: number; list: { id: number }[] }>(`${LIST}?pageNum=1&pageSize=20`);
      maxId = Math.max(maxId, ...first.list.map((r) => r.id));
      const before = await get<{ nextCursor: string | null }>(`${LIST}?pageNum=${PAGE_N - 1}&pageSize=20`);
      const search = await get<{ total: number }>(`${LIST}?keyword=${encodeURIComponent('陳')}&pageNum=1&pageSize=20`);
      const status = await get<{ total: number }>(`${LIST}?status=offer_unconditional&pageNum=1&pageSize=20`);
      log(`totals: all ${first.total}, status ${status.total}, search '陳' ${search.total}`);
      if (size === SMALL && bare) {
        // Side by side in one time window: the bare route, the floors, /health, then the trivial call.
        await measureAt(BARE, bareBase, [{ method: 'GET', path: '/bare' }]);
        await measureAt(FLOOR, bareBase, [{ method: 'GET', path: '/floor' }]);
        await measureAt(FLOOR_HEALTH, bareBase, [{ method: 'GET', path: '/floor-health' }]);
        await bare.call({ type: 'stop' }).catch(() => undefined);
        await measureAt(HEALTH, base, [{ method: 'GET', path: '/health' }]);
      }
      // The trivial call is what the list, search and board goals are ratios of; the table's first page, the board's.
      if (runs('trivial', 'list', 'search', 'board')) await measure(TRIVIAL, size, getReq('/api/v1/member/profile'));
      if (runs('list', 'board')) await measure(HOME_P1, size, getReq(`${LIST}?pageNum=1&pageSize=20`));
      if (runs('list')) await listCases(size, before.nextCursor);
      // Issue 39: the navbar search box (every group the administrator may see, five records each).
      if (runs('search'))
        for (const [name, keyword] of SEARCH_CASES) {
          await measure(name, size, getReq(`${SEARCH}?keyword=${encodeURIComponent(keyword)}`));
        }
      if (size === LARGE && runs('board')) {
        // Issue 40: the board opens with its counts and each column's first page.
        const counts = await get<{ status: string; count: number }[]>(`${BOARD}/boardCounts`);
        log(`board columns: ${counts.map((c) => `${c.status} ${c.count}`).join(', ')}`);
        await measure(BOARD_COUNTS, size, getReq(`${BOARD}/boardCounts`));
        for (const c of counts)
          await measure(
            boardColumn(c.status),
            size,
            getReq(`${BOARD}/boardColumn?status=${encodeURIComponent(c.status)}&pageSize=20`),
          );
      }
    }
    // Issue 43's ratios in turns (decision 292): with `--rounds R` above 1, the bare route, its floors, /health, the
    // trivial call and the lists its goals name are measured one after the other, R times over (at the large size,
    // `--round-seconds` of load each, every other round in the reverse order), and each goal is the median of its R
    // ratios, each taken within one round: a machine whose speed drifts over minutes moves the calls of one round
    // together.
    const rounds = ROUNDS > 1 && runs('bare') && runs('list') ? await measureRounds() : undefined;
    async function measureRounds(): Promise<Rounds> {
      const { server: bareAgain, at } = await startBare();
      const cases: [string, string, string, Record<string, string>][] = [
        [BARE, at, '/bare', {}],
        [FLOOR, at, '/floor', {}],
        [FLOOR_HEALTH, at, '/floor-health', {}],
        [FLOOR_HOME, at, '/floor-home', {}],
        [HEALTH, base, '/health', {}],
        [TRIVIAL, base, url('/api/v1/member/profile'), headers],
        [FILTERED, base, url(`${LIST}?${FILTER_QUERY}`), headers],
        [HOME_P1, base, url(`${LIST}?pageNum=1&pageSize=20`), headers],
        [homePageN, base, url(`${LIST}?pageNum=${PAGE_N}&pageSize=20`), headers],
        [MEMBER_P1, base, url('/api/v1/mc/member?pageNum=1&pageSize=20'), headers],
      ];
      const found: Rounds = new Map(cases.map(([name]) => [name, []]));
      try {
        for (let round = 1; round <= ROUNDS; round++) {
          // Every other round in the reverse order: a drift over the round weighs on both sides of a ratio alike.
          for (const [name, target, path, h] of round % 2 ? cases : [...cases].reverse()) {
            const req: autocannon.Request = { method: 'GET', path };
            const one = await sequential(target, h, req, Math.min(REQUESTS, 100));
            const stat = await load(target, h, [req], CONNECTIONS, ROUND_SECONDS, h === headers ? tokens : []);
            found.get(name)!.push({ reqs: stat.reqs, p50: one.p50 });
          }
          log(
            `issue 43, round ${round} of ${ROUNDS} at ${LARGE.toLocaleString('en')}, req/s (1-client p50 ms): ` +
              cases
                .map(([name]) => {
                  const x = found.get(name)!.at(-1)!;
                  return `${name.split(' (')[0]} ${x.reqs.toFixed(0)} (${x.p50.toFixed(2)})`;
                })
                .join(', '),
          );
        }
      } finally {
        await bareAgain.call({ type: 'stop' }).catch(() => undefined);
      }
      return found;
    }
    async function listCases(size: number, cursor: string | null) {
      await measure(homePageN, size, getReq(`${LIST}?pageNum=${PAGE_N}&pageSize=20`));
      await measure(
        `home list, no filter, page ${PAGE_N} (cursor)`,
        size,
        getReq(`${LIST}?pageNum=${PAGE_N}&pageSize=20&cursor=${encodeURIComponent(cursor ?? '')}`),
      );
      await measure(
        'home list, status filter',
        size,
        getReq(`${LIST}?status=offer_unconditional&pageNum=1&pageSize=20`),
      );
      await measure(
        "home list, name search '陳'",
        size,
        getReq(`${LIST}?keyword=${encodeURIComponent('陳')}&pageNum=1&pageSize=20`),
      );
      await measure(FILTERED, size, getReq(`${LIST}?${FILTER_QUERY}`));
      await measure(MEMBER_P1, size, getReq('/api/v1/mc/member?pageNum=1&pageSize=20'));
      await measure(DASHBOARD, size, getReq('/api/v1/cake/rpt/dashboard?days=30'));
    }
    if (runs('screens')) await screens();
    if (AUDIT > 0 && runs('audit')) {
      const seeded = await server.call<{ inserted: number; ms: number; analyzeMs: number }>({
        type: 'seedAudit',
        rows: AUDIT,
      });
      log(
        `${AUDIT.toLocaleString('en')} operation-log entries: ${seeded.inserted.toLocaleString('en')} inserted in ` +
          `${(seeded.ms / 1000).toFixed(1)} s, analyze ${(seeded.analyzeMs / 1000).toFixed(1)} s`,
      );
      const plain = await get<{ total: number }>(`${AUDIT_LIST}?pageNum=1&pageSize=20`);
      log(`${AUDIT_PLAIN}: total ${plain.total}`);
      // The member filter names the caller (one of the fifty demo actors): a signed call naming another member is
      // refused (http/hooks.ts).
      await measure(TRIVIAL, AUDIT, getReq('/api/v1/member/profile'));
      await measure(AUDIT_PLAIN, AUDIT, getReq(`${AUDIT_LIST}?pageNum=1&pageSize=20`));
      for (const [name, query] of auditCases(s.mid)) {
        const page = await get<{ total: number; totalCapped: boolean }>(`${AUDIT_LIST}?${query}&pageNum=1&pageSize=20`);
        log(`${name}: total ${page.totalCapped ? 'more than ' : ''}${page.total - (page.totalCapped ? 1 : 0)}`);
        await measure(name, AUDIT, getReq(`${AUDIT_LIST}?${query}&pageNum=1&pageSize=20`));
      }
    }
    if (PAYMENTS > 0 && runs('payments')) {
      const seeded = await server.call<{ inserted: number; ms: number; analyzeMs: number }>({
        type: 'seedPayments',
        payments: PAYMENTS,
      });
      log(
        `${PAYMENTS.toLocaleString('en')} payments: ${seeded.inserted.toLocaleString('en')} inserted in ` +
          `${(seeded.ms / 1000).toFixed(1)} s, analyze ${(seeded.analyzeMs / 1000).toFixed(1)} s`,
      );
      const all = await get<{ total: number }>(`${PAY}/list?pageNum=1&pageSize=20`);
      const some = await get<{ total: number }>(`${PAY}/list?${PAY_FILTER}&pageNum=1&pageSize=20`);
      log(`payment totals: all ${all.total}, filtered ${some.total}`);
      const [listAll, listSome, countSome, countAll] = PAYMENT_CASES;
      await measure(listAll, PAYMENTS, getReq(`${PAY}/list?pageNum=1&pageSize=20`));
      await measure(listSome, PAYMENTS, getReq(`${PAY}/list?${PAY_FILTER}&pageNum=1&pageSize=20`));
      await measure(countSome, PAYMENTS, getReq(`${PAY}/countAmount?${PAY_FILTER}`));
      await measure(countAll, PAYMENTS, getReq(`${PAY}/countAmount`));
    }

    const write = (id: number): autocannon.Request => ({
      method: 'POST',
      path: url(`${LIST.replace('/list', '/updateOther')}`),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      setupRequest: (req) => ({
        ...req,
        body: `id=${1 + Math.floor(Math.random() * id)}&importantNotes=bench+${Date.now()}`,
      }),
    });
    if (runs('write')) await measure('write (updateOther, random row)', LARGE, [write(maxId)]);
    const rss = runs('mixed') ? await mixedLoad() : undefined;
    const importLatency = runs('sms') ? await sms() : undefined;
    return { rows, rss, importLatency, rounds };

    async function screens() {
      const started = performance.now();
      await seedScreens(httpCalls(base, s.mid, s.token), s.mid);
      log(
        `list screens: ${SCREEN_ROWS} rows added to each short list in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      // The trivial call beside them, in the same window: what their goal is a ratio of.
      await measure(TRIVIAL, null, getReq('/api/v1/member/profile'));
      for (const [name, call] of SCREEN_CASES) {
        const page = await get<{ total: number; list: unknown[] }>(firstPage(call));
        log(`${name}: ${page.list.length} rows of ${page.total}`);
        await measure(name, null, getReq(firstPage(call)));
      }
    }

    async function mixedLoad() {
      // Mixed load: reads and writes in the proportions of a working day's home screen.
      const mixed: autocannon.Request[] = [
        ...getReq('/api/v1/member/profile'),
        ...getReq(`${LIST}?pageNum=1&pageSize=20`),
        ...getReq(`${LIST}?status=offer_unconditional&pageNum=1&pageSize=20`),
        write(maxId),
        ...getReq(`${LIST}?keyword=${encodeURIComponent('陳')}&pageNum=1&pageSize=20`),
        ...getReq(`${LIST}?pageNum=3&pageSize=20`),
      ];
      const rssStart = (await server.call<Reading>({ type: 'rss' })).rss;
      // The server's readings during the load: after its first FIRST_MINUTE seconds, and at its end.
      const readings: Reading[] = [];
      const timer = setTimeout(() => {
        void server.call<Reading>({ type: 'rss' }).then((r) => readings.push(r));
      }, FIRST_MINUTE * 1000);
      const stat = await load(base, headers, mixed, MIXED, MIXED_SECONDS, tokens);
      clearTimeout(timer);
      const end = await server.call<Reading>({ type: 'rss' });
      readings.push(end);
      const rssFirst = readings[0]!.rss;
      rows.push({ label: `mixed load, ${MIXED} clients`, size: LARGE, stat });
      log(
        `mixed load, ${MIXED} clients, ${MIXED_SECONDS} s: ${stat.reqs.toFixed(0)} req/s  p50 ${stat.p50} ms  p99 ${stat.p99} ms` +
          `${stat.errors ? `  ERRORS ${stat.errors}` : ''}`,
      );
      const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;
      log(`memory (RSS): before ${mb(rssStart)}, after ${FIRST_MINUTE} s ${mb(rssFirst)}, at the end ${mb(end.rss)}`);
      log(
        `longest event-loop stall in the server during the mixed load: ${Math.max(...readings.map((r) => r.stallMs))} ms ` +
          `(garbage collection: longest pause ${Math.max(...readings.map((r) => r.gc.maxMs))} ms, ` +
          `${readings.reduce((sum, r) => sum + r.gc.totalMs, 0)} ms in all)`,
      );
      return { first: rssFirst, end: end.rss };
    }

    async function sms() {
      // Issue 17: an .xlsx of SMS_RECIPIENTS recipients uploaded (read, validated, stored as a draft) and pushed (one
      // outbox row each), through real HTTP; goal: a few seconds.
      if (SMS_RECIPIENTS > 0) {
        const file = await recipientWorkbook(SMS_RECIPIENTS);
        const form = new FormData();
        form.append('file', new Blob([file], { type: XLSX_TYPE }), 'bench.xlsx');
        const started = performance.now();
        const up = (await (await fetch(base + url(SMS_ADD), { method: 'POST', headers, body: form })).json()) as {
          meta: { code: number; message: string };
          data: { id: number; accepted: number };
        };
        if (up.meta.code !== 200) throw new Error(`${SMS_ADD}: ${up.meta.code} ${up.meta.message}`);
        const readMs = performance.now() - started;
        const pushRes = await fetch(`${base}${SMS_PUSH}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: `${common}&id=${up.data.id}&terminal=admin&content=${encodeURIComponent('Hello {{name}}')}`,
        });
        const pushed = (await pushRes.json()) as { meta: { code: number; message: string }; data: { queued: number } };
        if (pushed.meta.code !== 200) throw new Error(`${SMS_PUSH}: ${pushed.meta.code} ${pushed.meta.message}`);
        const totalMs = performance.now() - started;
        log(
          `SMS batch of ${SMS_RECIPIENTS.toLocaleString('en')} recipients (${(file.length / 1024).toFixed(0)} KB .xlsx): ` +
            `${up.data.accepted} read and validated in ${(readMs / 1000).toFixed(1)} s, ${pushed.data.queued} queued; ` +
            `${(totalMs / 1000).toFixed(1)} s in all (goal: a few seconds)`,
        );
      }
      // Issue 38 item 3: other calls while a large file is uploaded and read (in a worker, checked, written in short
      // transactions): the trivial call one after another over real HTTP, idle and then during each upload — an SMS
      // recipient file of SMS_IMPORT rows, and a tag import's checked upload (its dry run) of as many rows.
      const importLatency: UploadLatency[] = [];
      if (SMS_IMPORT > 0) {
        const trivial: autocannon.Request = { method: 'GET', path: url('/api/v1/member/profile') };
        // A thousand calls at least: the 99th percentile of a few hundred is one or two calls.
        const idle = await sequential(base, headers, trivial, Math.max(REQUESTS, 1000));
        const uploads = [
          { label: 'SMS recipient file', path: SMS_ADD, file: await recipientWorkbook(SMS_IMPORT) },
          {
            label: 'tag import, checked upload',
            path: `${IMPORT_BASE.tag}/check`,
            file: await tagImportWorkbook(base + url(`${IMPORT_BASE.tag}/template`), headers, SMS_IMPORT),
          },
        ];
        for (const u of uploads) {
          const form = new FormData();
          form.append('file', new Blob([u.file], { type: XLSX_TYPE }), 'bench-import.xlsx');
          const started = performance.now();
          let isDone = false;
          const up = fetch(base + url(u.path), { method: 'POST', headers, body: form })
            .then((r) => r.json() as Promise<{ meta: { code: number; message: string } }>)
            .finally(() => (isDone = true));
          const during: number[] = [];
          while (!isDone) during.push(...(await sequentialTimes(base, headers, trivial, 10)));
          const answer = await up;
          if (answer.meta.code !== 200) throw new Error(`${u.path}: ${answer.meta.code} ${answer.meta.message}`);
          const sorted = during.sort((a, b) => a - b);
          const duringP99 = sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
          const uploadMs = performance.now() - started;
          importLatency.push({ label: u.label, idleP99: idle.p99, duringP99, calls: during.length, uploadMs });
          log(
            `trivial call during a ${SMS_IMPORT.toLocaleString('en')}-row ${u.label}: p99 ${duringP99.toFixed(2)} ms ` +
              `(${during.length} calls in ${(uploadMs / 1000).toFixed(1)} s) vs idle p99 ${idle.p99.toFixed(2)} ms`,
          );
        }
      }
      return importLatency;
    }
  } finally {
    await server.call({ type: 'stop' }).catch(() => undefined);
  }
}

// Issue 43's goals: throughput (req/s under the same load) and one-client p50 ratios, PASS/MISS. With `--rounds`, the
// ratios of the calls measured in turns are the medians of their rounds' (the range beside them); the rest, and
// every ratio of a run without rounds, come from the cases' own figures.
function goals43(label: string, r: Result) {
  const row = (name: string, size: number | null) => r.rows.find((x) => x.label === name && x.size === size);
  const out: string[] = [];
  // A ratio of two calls' figures: in rounds, its median over the rounds (and its range); else the one ratio.
  type Figure = 'reqs' | 'p50';
  type Ratio = { value: number; range?: [number, number] };
  const ratio = (fig: Figure, [a, sizeA]: [string, number | null], [b, sizeB]: [string, number | null]): Ratio => {
    // (The rounds ran at the large size.)
    const inRounds = [sizeA, sizeB].every((n) => n === null || n === LARGE) ? [r.rounds?.get(a), r.rounds?.get(b)] : [];
    if (inRounds[0]?.length && inRounds[1]?.length) {
      const each = inRounds[0].map((x, i) => x[fig] / inRounds[1]![i]![fig]).sort((x, y) => x - y);
      const mid = each.length >> 1;
      const value = each.length % 2 ? each[mid]! : (each[mid - 1]! + each[mid]!) / 2;
      return { value, range: [each[0]!, each.at(-1)!] };
    }
    const of = (name: string, size: number | null) =>
      fig === 'reqs' ? (row(name, size)?.stat.reqs ?? NaN) : (row(name, size)?.one?.p50 ?? NaN);
    return { value: of(a, sizeA) / of(b, sizeB) };
  };
  const rounds = (x: Ratio, show: (v: number) => string) =>
    x.range ? ` (median of ${ROUNDS} rounds, ${show(x.range[0])}–${show(x.range[1])})` : '';
  const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
  const times = (v: number) => `${v.toFixed(2)}×`;
  const atLeast = (what: string, x: Ratio, min: number) =>
    out.push(
      `  ${x.value >= min ? 'PASS' : 'MISS'}  ${what}: ${pct(x.value)}${rounds(x, pct)} (goal ≥ ${100 * min} %)`,
    );
  const atMost = (what: string, x: Ratio, max: number) =>
    out.push(`  ${x.value <= max ? 'PASS' : 'MISS'}  ${what}: ${times(x.value)}${rounds(x, times)} (goal ≤ ${max}×)`);
  const bare: [string, null] = [BARE, null];
  // The trivial call the bare route is held to: at the small size, or in the rounds (the large one).
  const trivialVsBare: [string, number] = [TRIVIAL, r.rounds ? LARGE : SMALL];
  if (runs('bare')) {
    const bareReqs = row(BARE, null)?.stat.reqs ?? NaN;
    atLeast(
      `trivial call req/s vs the bare Fastify route (${bareReqs.toFixed(0)} req/s)`,
      ratio('reqs', trivialVsBare, bare),
      0.2,
    );
    atLeast('/health req/s vs the bare Fastify route', ratio('reqs', [HEALTH, null], bare), 0.5);
    // Not goals: the most each could reach on this stack (its statements alone, in a bare route), and how near it is.
    const floor = (what: string, name: string, of: [string, number | null]) =>
      out.push(
        `  (${what} alone, in a bare route: ${pct(ratio('reqs', [name, null], bare).value)} of it; ` +
          `the call itself serves ${pct(ratio('reqs', of, [name, null]).value)} of that)`,
      );
    floor("the trivial call's one statement", FLOOR, trivialVsBare);
    floor("/health's select 1", FLOOR_HEALTH, [HEALTH, null]);
  }
  const trivial: [string, number] = [TRIVIAL, LARGE];
  if (runs('list')) {
    atLeast(`${FILTERED} req/s vs the trivial call, at ${LARGE}`, ratio('reqs', [FILTERED, LARGE], trivial), 0.5);
    // At the first size whose rows reach page PAGE_N: a page past the last row reads none (decision 237).
    const inside = [SMALL, LARGE].find((n) => n >= PAGE_N * 20);
    if (inside === undefined)
      out.push(`  (home list page ${PAGE_N} vs page 1: not checked, past the last row at ${SMALL} and ${LARGE})`);
    else
      atMost(
        `home list page ${PAGE_N} (by number) vs page 1, p50 at ${inside}`,
        ratio('p50', [homePageN, inside], [HOME_P1, inside]),
        1.5,
      );
  }
  const firstPages: [string, number][] = [
    ...(runs('list')
      ? ([
          [HOME_P1, LARGE],
          [FILTERED, LARGE],
          [MEMBER_P1, LARGE],
        ] as [string, number][])
      : []),
    ...(PAYMENTS > 0 && runs('payments') ? ([[PAYMENT_CASES[0], PAYMENTS]] as [string, number][]) : []),
  ];
  for (const [name, size] of firstPages) {
    atMost(`${name} vs the trivial call, p50 at ${size}`, ratio('p50', [name, size], trivial), 2);
    // Not a goal: the home page's floor (measured in the rounds), against the trivial call and the call itself.
    if (name === HOME_P1 && r.rounds?.get(FLOOR_HOME)?.length)
      out.push(
        `  (its session check and page read alone, in a bare route: ${times(ratio('p50', [FLOOR_HOME, null], trivial).value)} ` +
          `the trivial call's p50; the call itself takes ${times(ratio('p50', [name, size], [FLOOR_HOME, null]).value)} that)`,
      );
  }
  if (runs('screens'))
    for (const [name] of SCREEN_CASES)
      atMost(`${name}, first page vs the trivial call, p50`, ratio('p50', [name, null], [TRIVIAL, null]), 2);
  if (!out.length) return;
  console.log(`\n### Issue 43, ${label}`);
  console.log(out.join('\n'));
}

type Result = Awaited<ReturnType<typeof runEngine>>;

function goals(label: string, r: Result) {
  const p50 = (name: string, size: number) => r.rows.find((x) => x.label === name && x.size === size)?.one?.p50 ?? NaN;
  // The last such row (the operation log's trivial call, timed after the large size's, may share its size).
  const lastP50 = (name: string, size: number) =>
    r.rows.findLast((x) => x.label === name && x.size === size)?.one?.p50 ?? NaN;
  const out: string[] = [];
  const goal = (what: string, ratio: number, max: number) =>
    out.push(`  ${ratio <= max ? 'PASS' : 'MISS'}  ${what}: ${ratio.toFixed(2)}× (goal ≤ ${max}×)`);
  const trivial = p50(TRIVIAL, LARGE);
  if (runs('list')) {
    for (const name of [
      'home list, no filter, page 1',
      `home list, no filter, page ${PAGE_N} (number)`,
      `home list, no filter, page ${PAGE_N} (cursor)`,
      'member list, page 1',
      DASHBOARD,
    ]) {
      // Page PAGE_N past the last row at the small size reads no rows there (decision 237): nothing to compare.
      if (name.includes(`page ${PAGE_N} `) && SMALL < PAGE_N * 20)
        out.push(`  (${name}: at ${LARGE} vs at ${SMALL} not checked, past the last row at ${SMALL})`);
      else goal(`${name}: p50 at ${LARGE} vs at ${SMALL}`, p50(name, LARGE) / p50(name, SMALL), 2);
      goal(`${name}: p50 at ${LARGE} vs trivial`, p50(name, LARGE) / trivial, 5);
    }
    goal(
      `name search '陳' vs status filter, p50 at ${LARGE}`,
      p50("home list, name search '陳'", LARGE) / p50('home list, status filter', LARGE),
      3,
    );
  }
  if (runs('search'))
    for (const [name] of SEARCH_CASES) goal(`${name}: p50 at ${LARGE} vs trivial`, p50(name, LARGE) / trivial, 3);
  // Issue 40: the board's counts and every column's first page open as fast as the table's first page (≤ 1.5× its
  // p50, for the noise of a shared machine).
  const table = p50('home list, no filter, page 1', LARGE);
  for (const row of r.rows.filter((x) => x.size === LARGE && x.label.startsWith('board, ')))
    goal(`${row.label}: p50 at ${LARGE} vs the table's first page`, (row.one?.p50 ?? NaN) / table, 1.5);
  // Issue 39: the operation log's filtered first pages against the trivial call timed right before them.
  if (AUDIT > 0 && runs('audit')) {
    const trivialAudit = lastP50(TRIVIAL, AUDIT);
    for (const name of AUDIT_NAMES)
      goal(`${name}: p50 at ${AUDIT} entries vs trivial`, p50(name, AUDIT) / trivialAudit, 3);
  }
  if (PAYMENTS > 0 && runs('payments')) {
    for (const name of PAYMENT_CASES) {
      goal(`${name}: p50 at ${PAYMENTS} payments vs trivial`, p50(name, PAYMENTS) / trivial, 5);
    }
  }
  if (r.rss)
    goal(
      `memory: RSS after ${MIXED_SECONDS} s of mixed load vs after its first ${FIRST_MINUTE} s` +
        (MIXED_SECONDS < MEMORY_CHECK_SECONDS ? ` (short run: the issue's check is ${MEMORY_CHECK_SECONDS} s)` : ''),
      r.rss.end / r.rss.first,
      1.5,
    );
  for (const { label: upload, idleP99, duringP99 } of r.importLatency ?? []) {
    goal(
      `trivial call p99 during a ${SMS_IMPORT}-row ${upload} vs idle (issue 38)`,
      duringP99 / Math.max(idleP99, 0.001),
      3,
    );
  }
  console.log(`\n### Goals, ${label} (ratios of the one-client p50)`);
  console.log(out.join('\n'));
}

async function main() {
  console.log(`# npm run bench, ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'study-crm-bench-'));
  const env = {
    ...benchEnv(dir),
    // The load comes from one address: the per-client rate limits of production would refuse it.
    RATE_LIMIT_MAX: '100000000',
  };
  const members = num.members;
  const engines = opt.engines.split(',');
  const results: Record<string, Result> = {};
  try {
    if (engines.includes('sqlite')) {
      results.SQLite = await runEngine('SQLite', {
        type: 'start',
        env,
        sqliteFile: path.join(dir, 'bench.sqlite'),
        members,
      });
    }
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl && engines.includes('postgres')) {
      // `--pg-schema NAME` keeps the seeded schema afterwards, to read the plans of its queries (EXPLAIN).
      const pgSchema = opt['pg-schema'] || `bench_${randomBytes(6).toString('hex')}`;
      try {
        results.PostgreSQL = await runEngine('PostgreSQL', {
          type: 'start',
          env: { ...env, DATABASE_URL: databaseUrl, ...(opt['pg-pool'] ? { PG_POOL_MAX: opt['pg-pool'] } : {}) },
          pgSchema,
          members,
        });
      } finally {
        if (!opt['pg-schema']) await dropSchema(databaseUrl, pgSchema);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const [label, r] of Object.entries(results)) goals(label, r);
  for (const [label, r] of Object.entries(results)) goals43(label, r);
  if (results.SQLite && results.PostgreSQL && runs('mixed')) {
    const m = (r: Result) => r.rows.find((x) => x.label.startsWith('mixed load'))!.stat;
    const s = m(results.SQLite);
    const p = m(results.PostgreSQL);
    console.log(`\n### PostgreSQL vs SQLite, mixed load of ${MIXED} clients`);
    console.log(
      `  SQLite ${s.reqs.toFixed(0)} req/s p99 ${s.p99} ms; PostgreSQL ${p.reqs.toFixed(0)} req/s p99 ${p.p99} ms`,
    );
    const ratio = s.reqs / Math.max(p.reqs, 1);
    console.log(
      `  ${ratio <= 1.3 ? 'PASS' : 'MISS'}  SQLite req/s ÷ PostgreSQL req/s: ${ratio.toFixed(2)}× (goal ≤ 1.3×)`,
    );
    console.log(`  ${p.p99 < 250 ? 'PASS' : 'MISS'}  PostgreSQL p99 under the mixed load: ${p.p99} ms (goal < 250 ms)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
