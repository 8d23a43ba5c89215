// npm run bench:count [-- --case health|trivial --requests 20000 --warm 10000 --connections 10 --rounds 2
//                          --root <another checkout>]
// What one request costs the server, counted rather than timed (issue 43): the instructions its main thread runs
// per request under valgrind's callgrind, switched on only while a fixed number of requests run after a warm-up.
// req/s on a shared VM moves by up to 1.5× between runs minutes apart; this count repeats to well under 1 % (V8 can
// leave a hot function unoptimised now and then, which shows as a round 15–20 % higher: take the lowest of the
// rounds). The server is bench/http-server.ts, as `npm run bench` starts it: SQLite, the administrator signed in
// through the real calls (that first audited call is part of what a server carries afterwards). `--root` counts
// another checkout's server in the same rounds, side by side (an A/B). Needs valgrind (Debian: apt-get install
// valgrind); the load is autocannon's, from this process.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchRequest, Started } from './http-server.js';
import { benchArgs } from './args.js';
import { BENCH, benchEnv, PROFILE_CASES } from './sign-in.js';
import { ipcCaller } from './ipc.js';

const { num, values: opt } = benchArgs(
  { requests: 20000, warm: 10000, connections: 10, rounds: 2, members: 200 },
  { case: { type: 'string', default: 'health' }, root: { type: 'string', default: '' } },
);
const CASES: Record<string, string> = { health: '/health', trivial: PROFILE_CASES.trivial };
const target = CASES[opt.case];
if (!target) throw new Error(`--case is one of ${Object.keys(CASES).join(', ')}`);
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type Server = {
  child: ChildProcess;
  pid: number;
  call: <T>(m: BenchRequest) => Promise<T>;
  exited: Promise<void>;
  outDir: string;
};

// bench/http-server.ts of the checkout at `root`, run by node under callgrind with instrumentation off until asked.
function startServer(root: string): Server {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'study-crm-count-'));
  const script = path.join(root, 'apps/server/bench/http-server.ts');
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${outDir}/cg.%p`,
      process.execPath,
      '--import',
      'tsx',
      script,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => void (stderr = (stderr + b.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      if (code) console.error(`[${root}] exited with ${code}:\n${stderr}`);
      resolve();
    }),
  );
  return { child, pid: child.pid!, call: ipcCaller<BenchRequest>(child), exited, outDir };
}

const control = (pid: number, ...args: string[]) =>
  execFileSync('callgrind_control', [...args, String(pid)], { stdio: 'ignore' });

// The main thread's instructions in the dump (callgrind names it <file>.<dump>-01 with --separate-threads).
function mainThreadInstructions(outDir: string, pid: number): number {
  const file = fs.readdirSync(outDir).find((f) => f.startsWith(`cg.${pid}.`) && f.endsWith('-01'));
  if (!file) throw new Error(`no callgrind dump of ${pid} in ${outDir}`);
  const text = fs.readFileSync(path.join(outDir, file), 'utf8');
  const m = /^(?:summary|totals): (\d+)/m.exec(text);
  if (!m) throw new Error(`no summary line in ${file}`);
  return Number(m[1]);
}

async function countOne(root: string): Promise<number> {
  const server = startServer(root);
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'study-crm-count-db-'));
    const env = { ...benchEnv(dir), RATE_LIMIT_MAX: '100000000' };
    const s = await server.call<Started>({
      type: 'start',
      env,
      sqliteFile: path.join(dir, 'bench.sqlite'),
      members: num.members,
    });
    const signed = target !== '/health';
    const query = `appId=${BENCH.appId}&mcId=COM&memberId=${s.mid}`;
    const url = `http://127.0.0.1:${s.port}${target}${signed ? `${target!.includes('?') ? '&' : '?'}${query}` : ''}`;
    const headers = { sign: BENCH.sign, 'accept-language': 'zh-TW', ...(signed ? { 'x-token': s.token } : {}) };
    const load = async (amount: number) => {
      const r = await autocannon({ url, connections: num.connections, amount, headers, timeout: 120 });
      if (r.non2xx + r.errors + r.timeouts) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    };
    await load(num.warm);
    control(server.pid, '-i', 'on');
    control(server.pid, '-z');
    await load(num.requests);
    control(server.pid, '-d');
    control(server.pid, '-i', 'off');
    return mainThreadInstructions(server.outDir, server.pid) / num.requests;
  } finally {
    // valgrind writes a last (empty) dump as the server exits: its folder goes after that.
    void server.call({ type: 'stop' }).catch(() => undefined);
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    server.child.kill();
    fs.rmSync(server.outDir, { recursive: true, force: true });
  }
}

async function main() {
  const roots = [here, ...(opt.root ? [path.resolve(opt.root)] : [])];
  console.log(
    `# npm run bench:count, ${new Date().toISOString()}: ${opt.case} (${target}), ${num.requests} requests after ` +
      `${num.warm}, ${num.connections} connections, instructions of the server's main thread per request`,
  );
  const best = roots.map(() => Infinity);
  for (let round = 1; round <= num.rounds; round++) {
    // Side by side: both servers count in the same minutes.
    const counts = await Promise.all(roots.map((root) => countOne(root)));
    counts.forEach((c, i) => {
      best[i] = Math.min(best[i]!, c);
      console.log(`round ${round}  ${roots[i]}: ${Math.round(c).toLocaleString('en-US')}`);
    });
  }
  roots.forEach((root, i) => console.log(`lowest  ${root}: ${Math.round(best[i]!).toLocaleString('en-US')}`));
  if (roots.length === 2) console.log(`this checkout ÷ --root: ${(best[0]! / best[1]!).toFixed(3)}`);
}

await main();
