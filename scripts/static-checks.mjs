#!/usr/bin/env node
// `npm run test:static`: the build, lint, type checks and the engine-independent Vitest projects, as many at a time
// as the machine has cores (decision 130). Each check is an npm script of its own; a check starts once the ones it
// needs have passed. A check's output is printed whole when it ends, with its seconds, so outputs never interleave;
// every check runs to its end (a failure shows all failures), and any failure fails the run.
// Usage: node scripts/static-checks.mjs [--jobs N]
import { spawn } from 'node:child_process';
import os from 'node:os';

// Longest first where the order is free: the Vitest projects and eslint take most of the time.
const CHECKS = [
  { name: 'build:server' },
  { name: 'test:static-projects' },
  { name: 'lint:eslint' },
  { name: 'build:web' },
  { name: 'typecheck:web' },
  // The server's tests and e2e are checked against the server's declarations, which build:server writes.
  { name: 'typecheck:server-tests', needs: ['build:server'] },
  { name: 'typecheck:e2e', needs: ['build:server'] },
  { name: 'lint:prettier' },
];

const jobsArg = process.argv.indexOf('--jobs');
const jobs = jobsArg > 0 ? Number(process.argv[jobsArg + 1]) : os.availableParallelism();
const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(0);
// Colours as in a terminal when the run is shown in one (Vitest and eslint then print them).
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;

const state = new Map(CHECKS.map((c) => [c.name, 'waiting']));
const running = new Set();

function run(check) {
  state.set(check.name, 'running');
  const t0 = Date.now();
  const child = spawn('npm', ['run', '--silent', check.name], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${String(error)}\n`)));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      state.set(check.name, ok ? 'passed' : 'failed');
      process.stdout.write(
        `\n── ${check.name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`}, ${seconds(t0)} s\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve();
    });
  });
  running.add(done);
  done.then(() => running.delete(done));
}

// The next check whose needs have passed; a check whose need failed is skipped.
function next() {
  for (const check of CHECKS) {
    if (state.get(check.name) !== 'waiting') continue;
    const needs = (check.needs ?? []).map((n) => state.get(n));
    if (needs.some((s) => s === 'failed' || s === 'skipped')) {
      state.set(check.name, 'skipped');
      process.stdout.write(`\n── ${check.name}: skipped (needs ${check.needs.join(', ')})\n`);
      continue;
    }
    if (needs.every((s) => s === 'passed')) return check;
  }
  return undefined;
}

console.log(`static checks, ${jobs} at a time: ${CHECKS.map((c) => c.name).join(', ')}`);
for (;;) {
  let check;
  while (running.size < jobs && (check = next())) run(check);
  if (running.size === 0) break;
  await Promise.race(running);
}

const failed = CHECKS.filter((c) => state.get(c.name) !== 'passed').map((c) => `${c.name} (${state.get(c.name)})`);
console.log(
  `\nstatic checks: ${failed.length ? `FAILED: ${failed.join(', ')}` : 'all passed'} in ${seconds(started)} s`,
);
process.exitCode = failed.length ? 1 : 0;
