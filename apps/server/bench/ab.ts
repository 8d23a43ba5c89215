// npm run bench:ab -- --root <another checkout> [--applications 3000 --members 2000 --rounds 8 --seconds 2
//                      --connections 20 --sessions 20 --engine sqlite|postgres --only '/health,trivial,home p1' --screens]
// An A/B of the server's cost per request (issue 43) on a machine whose load comes and goes: the other checkout's
// server (A, `--root`) and this one's (B), each on its own copy of the same demo data, loaded in turns of
// `--seconds` (A, B, B, A, ...) for `--rounds` rounds per case, so both meet the same load. The cases: `/health`,
// the trivial call, the filtered home list and the list pages of LIST_CASES (`--only` names some of them, or, with
// `--screens`, list screens' first pages by their component keys). Prints per case the
// server CPU per request (user + system, from /proc) and req/s of each, summed over the rounds, and B / A. The
// clients share `--sessions` sessions of the administrator in turn (one each by default; 1: one token for all).
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
import { SCREEN_PAGES, httpCalls, seedScreens } from './screens.js';
import { ipcCaller } from './ipc.js';

const { num, values: opt } = benchArgs(
  { applications: 3000, members: 2000, rounds: 8, seconds: 2, connections: 20, sessions: 0 },
  {
    engine: { type: 'string', default: 'sqlite' },
    root: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
    // Seed the list screens on both sides (as `npm run bench`'s screens group); --only may then name a screen by its
    // component key (employee, operationLog, ...).
    screens: { type: 'boolean', default: false },
  },
);
const here = path.dirname(fileURLToPath(import.meta.url));
const sessions = Math.max(1, num.sessions || num.connections);
if (!opt.root) throw new Error('--root <another checkout> is required (the A side)');

type Child = { child: ChildProcess; call: <T>(m: object) => Promise<T> };
function start(script: string): Child {
  const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return { child, call: ipcCaller<object>(child) };
}
function cpuMs(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
// The CPU time (ms) of each PostgreSQL process of this machine (its backends of both sides, which idle while the
// other side is loaded): what a request costs the database, the part of its cost this process's CPU leaves out.
function postgresCpu(): Map<string, number> {
  const ms = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') ms.set(pid, cpuMs(Number(pid)));
    } catch {
      // (A process that ended meanwhile.)
    }
  }
  return ms;
}
// What they used between two readings (a process that ended meanwhile left out; one that started counted whole).
const postgresCpuSince = (before: Map<string, number>) =>
  [...postgresCpu()].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'study-crm-ab-'));
  const databaseUrl = opt.engine === 'postgres' ? process.env.DATABASE_URL : undefined;
  if (opt.engine === 'postgres' && !databaseUrl) throw new Error('--engine postgres needs DATABASE_URL');
  const env = { ...benchEnv(dir), RATE_LIMIT_MAX: '100000000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const sides = [
    { name: 'A', script: path.join(path.resolve(opt.root), 'apps/server/bench/http-server.ts') },
    { name: 'B', script: path.join(here, 'http-server.ts') },
  ].map((s) => ({ ...s, schema: `ab_${randomBytes(6).toString('hex')}`, file: path.join(dir, `${s.name}.sqlite`) }));
  console.log(
    `# npm run bench:ab, ${new Date().toISOString()}, ${opt.engine}, ${num.applications} applications, ` +
      `${num.rounds} rounds × ${num.seconds} s a side, ${num.connections} clients, ${sessions} sessions, load ${os.loadavg()[0]!.toFixed(1)}; ` +
      `A = ${opt.root}, B = this checkout`,
  );
  const servers: { child: Child; s: Started; tokens: string[] }[] = [];
  try {
    for (const side of sides) {
      const child = start(side.script);
      const s = await child.call<Started>({
        type: 'start',
        env,
        members: num.members,
        ...(databaseUrl ? { pgSchema: side.schema } : { sqliteFile: side.file }),
      } satisfies BenchRequest);
      await child.call({ type: 'seed', applications: num.applications, payments: num.applications });
      if (opt.screens) await seedScreens(httpCalls(`http://127.0.0.1:${s.port}`, s.mid, s.token), s.mid);
      const tokens = [s.token];
      while (tokens.length < sessions) tokens.push(await signInOverHttp(s.port));
      servers.push({ child, s, tokens });
    }
    const only = opt.only ? new Set(opt.only.split(',').map((s) => s.trim())) : null;
    const cases = Object.entries({
      '/health': '/health',
      ...PROFILE_CASES,
      ...LIST_CASES,
      ...(only ? SCREEN_PAGES : {}),
    }).filter(([name]) => !only || only.has(name));
    for (const [name, route] of cases) {
      const total = servers.map(() => ({ cpu: 0, db: 0, requests: 0, seconds: 0 }));
      const url = (s: Started) =>
        `http://127.0.0.1:${s.port}${route}${route.includes('?') ? '&' : '?'}appId=${BENCH.appId}&mcId=COM`;
      const load = (i: number, seconds: number) => {
        const { child, s, tokens } = servers[i]!;
        let client = 0;
        const headers = { sign: BENCH.sign, 'x-token': s.token };
        // (Each connection its own session, in turn.)
        const setupClient = (c: autocannon.Client) =>
          c.setHeaders({ ...headers, 'x-token': tokens[client++ % tokens.length]! });
        const opts = { url: url(s), connections: num.connections, duration: seconds, headers, setupClient };
        return autocannon(opts).then((r) => {
          if (r.non2xx + r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
          return { r, pid: child.child.pid };
        });
      };
      for (let i = 0; i < servers.length; i++) await load(i, 1); // warm-up
      for (let round = 0; round < num.rounds; round++) {
        for (const i of round % 2 ? [1, 0] : [0, 1]) {
          const pid = servers[i]!.child.child.pid;
          const [c0, d0] = [cpuMs(pid), databaseUrl ? postgresCpu() : null];
          const { r } = await load(i, num.seconds);
          total[i]!.cpu += cpuMs(pid) - c0;
          if (d0) total[i]!.db += postgresCpuSince(d0);
          total[i]!.requests += r.requests.total;
          total[i]!.seconds += num.seconds;
        }
      }
      const per = total.map((t) => ({ cpu: t.cpu / t.requests, db: t.db / t.requests, rps: t.requests / t.seconds }));
      // (PostgreSQL: the database's CPU a request after the server's, "+ db".)
      const side = (p: (typeof per)[number]) =>
        `${p.cpu.toFixed(3)}${databaseUrl ? ` + db ${p.db.toFixed(3)}` : ''} ms/req ${p.rps.toFixed(0).padStart(6)} req/s`;
      const dbRatio = databaseUrl ? `  db ${(per[1]!.db / per[0]!.db).toFixed(2)}×` : '';
      console.log(
        `${name.padEnd(10)} A ${side(per[0]!)} | B ${side(per[1]!)} | ` +
          `B/A CPU ${(per[1]!.cpu / per[0]!.cpu).toFixed(2)}×${dbRatio}  req/s ${(per[1]!.rps / per[0]!.rps).toFixed(2)}×`,
      );
    }
  } finally {
    for (const { child } of servers) await child.call({ type: 'stop' }).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    if (databaseUrl) for (const side of sides) await dropSchema(databaseUrl, side.schema).catch(() => undefined);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
