// npm run bench:profile [-- --applications 20000 --members 2000 --duration 8 --connections 20 --sessions 1 --screens
//                           --engine sqlite --cases trivial,'home p1'
//                           --out /tmp/study-crm-profile --top 25 --root <another checkout>]
// A CPU profile (`node --cpu-prof`) of the server under load (issue 43), one for each case: the trivial signed call
// (GET /api/v1/member/profile) and the filtered home list (status + a two-character name, first page). Real HTTP, as
// `npm run bench`: a first server process seeds the demo data (not profiled); then, for each case, a fresh server
// process on the same database runs under `--cpu-prof` while autocannon loads that one call, and stops, which writes
// its .cpuprofile. Prints the req/s of each case next to a bare Fastify route answering the same envelope (the ratio
// the issue asks for), the share of time per package (kysely, better-sqlite3, pg, fastify, pino, zod, ...) and the
// top functions by self time. `--sessions N`: the clients share N sessions of the administrator in turn, as
// `npm run bench` gives each client its own (1 by default: one token for all, which PostgreSQL's batched session
// check reads once for every client asking at the same time). `--root` runs another checkout's server (an A/B
// against the code before a change, in the same time window); the profiles are kept in `--out`.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchRequest, Started } from './http-server.js';
import { dropSchema } from '../src/db/migrate.js';
import { benchArgs } from './args.js';
import { BENCH, benchEnv, LIST_CASES, PROFILE_CASES, signInOverHttp } from './sign-in.js';
import { ipcCaller } from './ipc.js';
import { SCREEN_PAGES, httpCalls, seedScreens } from './screens.js';

const { num, values: opt } = benchArgs(
  { applications: 20000, members: 2000, duration: 8, connections: 20, top: 25, sessions: 1 },
  {
    engine: { type: 'string', default: 'sqlite' },
    out: { type: 'string', default: path.join(os.tmpdir(), 'study-crm-profile') },
    root: { type: 'string', default: '' },
    // Only summarize a .cpuprofile made before, leaving out its first `--skip` ms.
    summarize: { type: 'string', default: '' },
    skip: { type: 'string', default: '0' },
    // Also give every short list screen SCREEN_ROWS rows through its add calls, as `npm run bench`'s screens group
    // does (their first pages, and the operation log those calls write, as that group times them).
    screens: { type: 'boolean', default: false },
    // Which cases, by name: the two above (the default), '/health', any of the list pages `npm run bench:ab` compares,
    // or a list screen's first page by its component key (employee, operationLog, ...; see --screens).
    cases: { type: 'string', default: Object.keys(PROFILE_CASES).join(',') },
  },
);
const ALL_CASES: Record<string, string> = { '/health': '/health', ...PROFILE_CASES, ...LIST_CASES, ...SCREEN_PAGES };
const CASES = opt.cases.split(',').map((name) => {
  const route = ALL_CASES[name.trim()];
  if (!route) throw new Error(`--cases: no case ${name} (${Object.keys(ALL_CASES).join(', ')})`);
  return [name.trim(), route] as const;
});
const here = path.dirname(fileURLToPath(import.meta.url));
const serverScript = opt.root
  ? path.join(path.resolve(opt.root), 'apps/server/bench/http-server.ts')
  : path.join(here, 'http-server.ts');

type Child = { child: ChildProcess; call: <T>(m: object) => Promise<T>; exited: Promise<void> };

function start(script: string, execArgv: string[]): Child {
  const child = fork(script, [], { execArgv: ['--import', 'tsx', ...execArgv], stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, call: ipcCaller<object>(child), exited };
}

// The CPU time (user + system, ms) a process has used so far, from /proc (Linux): what a request costs the server,
// which the machine's other load changes far less than req/s.
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in ticks of 1/100 s
  } catch {
    return NaN;
  }
}

// `tokens`: the sessions the clients take in turn, one each.
async function reqsPerSecond(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  pid?: number,
  tokens: readonly string[] = [],
) {
  let client = 0;
  const setupClient = (c: autocannon.Client) => {
    if (tokens.length) c.setHeaders({ ...headers, 'x-token': tokens[client++ % tokens.length]! });
  };
  const load = (duration: number) => autocannon({ url, connections: num.connections, duration, headers, setupClient });
  await load(1); // warm-up
  const cpu0 = cpuMs(pid);
  const r = await load(seconds);
  const cpu = (cpuMs(pid) - cpu0) / Math.max(r.requests.total, 1);
  if (r.non2xx + r.errors + r.timeouts) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { reqs: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu };
}

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

// The package (or area) a frame belongs to: node_modules/<pkg>, the app's own source, node's internals, V8's.
function area(url: string, name: string): string {
  // better-sqlite3 runs a statement inside the kept statement's all/run/iterate (db/statement-cache.ts), or the
  // driver's executeQuery for one not kept (a native call, no frame of its own).
  if (name === 'executeQuery' && url.includes('kysely/dist/esm/dialect/sqlite/')) return 'SQLite running statements';
  if (['all', 'run', 'iterate'].includes(name) && url.includes('/src/db/statement-cache.ts'))
    return 'SQLite running statements';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.includes('/apps/server/src/')) return 'app (apps/server/src)';
  if (url.includes('/packages/shared/')) return 'app (packages/shared)';
  if (url.startsWith('node:')) return 'node';
  if (!url) return name.startsWith('(') ? name : 'native';
  return 'other';
}

// `skipMs`: the first milliseconds of the profile (the server's start) are left out.
export function summarize(file: string, top: number, skipMs = 0): string[] {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const id = p.samples[i]!;
    at += p.timeDeltas[i] ?? 0;
    if (at < skipMs * 1000) continue;
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  }
  let total = 0;
  const fns = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)') continue;
    total += us;
    const file = f.url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\/server\//, '');
    const key = `${f.functionName || '(anonymous)'} ${file ? `${file}:${f.lineNumber + 1}` : ''}`.trim();
    fns.set(key, (fns.get(key) ?? 0) + us);
    const a = area(f.url, f.functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return [
    `  busy ${(total / 1e6).toFixed(1)} s sampled; self time by package:`,
    ...sorted(areas)
      .slice(0, 12)
      .map(([k, us]) => `    ${pct(us)}  ${k}`),
    `  top ${top} functions by self time:`,
    ...sorted(fns)
      .slice(0, top)
      .map(([k, us]) => `    ${pct(us)}  ${k}`),
  ];
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'study-crm-prof-'));
  fs.mkdirSync(opt.out, { recursive: true });
  const databaseUrl = opt.engine === 'postgres' ? process.env.DATABASE_URL : undefined;
  if (opt.engine === 'postgres' && !databaseUrl) throw new Error('--engine postgres needs DATABASE_URL');
  const pgSchema = databaseUrl ? `prof_${randomBytes(6).toString('hex')}` : undefined;
  const env = {
    ...benchEnv(dir),
    RATE_LIMIT_MAX: '100000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const startMsg = {
    type: 'start',
    env,
    members: num.members,
    ...(pgSchema ? { pgSchema } : { sqliteFile: path.join(dir, 'bench.sqlite') }),
  } satisfies BenchRequest;
  console.log(
    `# npm run bench:profile, ${new Date().toISOString()}, ${opt.engine}, ${num.applications} applications, ` +
      `${num.connections} clients × ${num.duration} s, ${num.sessions} sessions, ${os.cpus().length} cores, ` +
      `load ${os.loadavg()[0]!.toFixed(1)}` +
      `${opt.root ? `, server of ${opt.root}` : ''}`,
  );
  try {
    // The data, seeded once by a server that is not profiled, which is also the one the ratios are measured on:
    // each case and /health against a bare Fastify route answering the trivial call's envelope.
    const seeder = start(serverScript, []);
    const s0 = await seeder.call<Started>(startMsg);
    const t0 = Date.now();
    await seeder.call({ type: 'seed', applications: num.applications, payments: num.applications });
    if (opt.screens) {
      await seedScreens(httpCalls(`http://127.0.0.1:${s0.port}`, s0.mid, s0.token), s0.mid);
    }
    console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const call = (port: number, route: string) =>
      `http://127.0.0.1:${port}${route}${route.includes('?') ? '&' : '?'}appId=${BENCH.appId}&mcId=COM`;
    const body = await (
      await fetch(call(s0.port, PROFILE_CASES.trivial), { headers: { sign: BENCH.sign, 'x-token': s0.token } })
    ).text();
    if (!body.includes('"code":200')) throw new Error(`trivial call: ${body.slice(0, 200)}`);
    const bare = start(path.join(here, 'bare-server.ts'), []);
    const { port } = await bare.call<{ port: number }>({ type: 'start', body });
    const b = await reqsPerSecond(`http://127.0.0.1:${port}/bare`, {}, num.duration, bare.child.pid);
    await bare.call({ type: 'stop' }).catch(() => undefined);
    const line = (name: string, r: { reqs: number; p50: number; p99: number; cpu: number }) =>
      `  ${name.padEnd(10)} ${r.reqs.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ` +
      `${((100 * r.reqs) / b.reqs).toFixed(1).padStart(5)} % of the bare route's req/s; server CPU ` +
      `${r.cpu.toFixed(3)} ms a request (${((100 * b.cpu) / r.cpu).toFixed(1)} % of the bare route's cost)`;
    console.log(`\n## req/s, ${num.connections} clients, ${num.duration} s each (no profiler)`);
    console.log(line('bare', b));
    const pid = seeder.child.pid;
    console.log(line('/health', await reqsPerSecond(`http://127.0.0.1:${s0.port}/health`, {}, num.duration, pid)));
    // The sessions the clients take in turn: a server's sessions live in the database, so the profiled servers below
    // (on the same data) know them too.
    const tokens = [s0.token];
    while (tokens.length < num.sessions) tokens.push(await signInOverHttp(s0.port));
    const headers = { sign: BENCH.sign, 'x-token': s0.token };
    for (const [name, route] of CASES)
      console.log(line(name, await reqsPerSecond(call(s0.port, route), headers, num.duration, pid, tokens)));
    await seeder.call({ type: 'stop' }).catch(() => undefined);
    await seeder.exited;

    // Each case under the profiler, in a fresh server process on the same data.
    for (const [name, route] of CASES) {
      const label = name.replace(/\W+/g, '-');
      const profDir = path.join(opt.out, `${opt.engine}-${label}-${Date.now()}`);
      const forked = Date.now();
      const server = start(serverScript, ['--cpu-prof', '--cpu-prof-dir', profDir]);
      const s = await server.call<Started>(startMsg);
      const startMs = Date.now() - forked;
      const r = await reqsPerSecond(call(s.port, route), headers, num.duration, undefined, tokens);
      await server.call({ type: 'stop' }).catch(() => undefined);
      await server.exited;
      // One file per thread: the main thread's is numbered 0.
      const file = fs
        .readdirSync(profDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort()
        .find((f) => /\.0\.\d+\.cpuprofile$/.test(f));
      console.log(`\n## profile: ${name} (${route.split('?')[0]}), ${r.reqs.toFixed(0)} req/s under the profiler`);
      if (!file) {
        console.log('  (no profile written)');
        continue;
      }
      console.log(`  ${path.join(profDir, file)}; the server's start (${startMs} ms) left out`);
      console.log(summarize(path.join(profDir, file), num.top, startMs).join('\n'));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    if (databaseUrl && pgSchema) await dropSchema(databaseUrl, pgSchema);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (opt.summarize) console.log(summarize(opt.summarize, num.top, Number(opt.skip)).join('\n'));
  else
    main().catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
