#!/usr/bin/env node
// Reports the gzipped JavaScript the browser needs for the login page and for the first screen after
// sign-in, by following the static imports of each chunk in the Vite build manifest (and the style sheets those
// chunks bring, outside the budgets), writes the table in
// docs/performance.md (between the size-table markers) and fails when a page is above its budget (CI runs it).
// Usage: npm run build && npm run size   (--json: machine-readable output; --no-write: leave docs/performance.md alone;
// --list: the first screen's chunks, largest first)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('No build manifest: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

// Budgets in KiB of gzipped JavaScript (issue 14's goals are 150 and 350; see docs/decisions.md).
export const BUDGETS = { loginPage: 109, firstScreenAfterSignIn: 350 };
export const GOALS = { loginPage: 150, firstScreenAfterSignIn: 350 };

// The chunks a `name: lazyScreen(() => import('screen'), () => import('strings'))` (or `lazy(...)`) entry of a
// source file loads: the screen and its strings, which load in parallel before it renders.
function screenModules(file, name) {
  const source = fs.readFileSync(path.join(web, file), 'utf8');
  const start = new RegExp(`\\b${name}\\s*[:=]\\s*(lazyScreen|lazy)\\(`).exec(source);
  if (!start) throw new Error(`${file} has no lazy ${name} entry`);
  // The call's text: up to its matching parenthesis.
  let depth = 0;
  let end = start.index + start[0].length - 1;
  for (; end < source.length; end++) {
    if (source[end] === '(') depth++;
    else if (source[end] === ')' && --depth === 0) break;
  }
  const call = source.slice(start.index, end);
  const keys = [...call.matchAll(/import\(['"]([^'"]+)['"]\)/g)].map((m) => {
    const abs = path.resolve(web, path.dirname(file), m[1]);
    const rel = path.relative(web, abs).split(path.sep).join('/');
    const key = Object.keys(manifest).find((k) => k === rel || k.replace(/\.(tsx?|jsx?)$/, '') === rel);
    if (!key) throw new Error(`${rel} (${name}) not found in the manifest`);
    return key;
  });
  if (!keys.length) throw new Error(`${file}: ${name} imports nothing`);
  return keys;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const chunkKey = (src) => {
  if (!manifest[src]) throw new Error(`${src} not found in the manifest`);
  return src;
};

// A chunk and everything it imports statically (what loads before it can run).
function closure(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const dep of manifest[k].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const sizeCache = new Map();
const uncompressed = [];
// A built file's bytes as it is, gzipped and as sent to a browser that accepts brotli (the .br file the build wrote
// beside it, apps/web/vite.config.ts; a file under 1 KiB goes as it is), read once.
function fileSizes(name) {
  if (!sizeCache.has(name)) {
    const file = path.join(dist, name);
    const buf = fs.readFileSync(file);
    const hasBr = fs.existsSync(`${file}.br`);
    const br = hasBr ? fs.statSync(`${file}.br`).size : buf.length;
    if (buf.length >= 1024 && !(hasBr && fs.existsSync(`${file}.gz`))) uncompressed.push(name);
    sizeCache.set(name, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length, br });
  }
  return sizeCache.get(name);
}
const sizes = (key) => fileSizes(manifest[key].file);
function sum(files) {
  const out = { raw: 0, gzip: 0, br: 0 };
  for (const f of files) {
    const s = fileSizes(f);
    out.raw += s.raw;
    out.gzip += s.gzip;
    out.br += s.br;
  }
  return out;
}
// The JavaScript of the chunks of `set`.
const total = (set) => ({ chunks: set.size, ...sum([...set].map((k) => manifest[k].file)) });

// The style sheets the chunks of `set` bring (each file once): not in the budgets, which are JavaScript's, but
// reported beside them since antd's component styles come as a prebuilt sheet (decision 307).
function styleSheets(set) {
  const files = new Set([...set].flatMap((k) => manifest[k].css ?? []));
  return { files: files.size, ...sum(files) };
}

const loginModules = screenModules('src/main.tsx', 'LoginPage');
const login = closure([entryKey, ...loginModules]);
// The home screen: app/homeScreen.ts, which screens.ts maps the home component key (applicationList) to.
if (!/\bapplicationList: homeScreen\b/.test(fs.readFileSync(path.join(web, 'src/app/screens.ts'), 'utf8')))
  throw new Error('src/app/screens.ts no longer maps applicationList to homeScreen');
const homeModules = screenModules('src/app/homeScreen.ts', 'homeScreen');
const home = homeModules[0];
const firstScreen = closure([entryKey, chunkKey('src/app/Portal.tsx'), chunkKey('src/app/Shell.tsx'), ...homeModules]);
const afterLogin = new Set([...firstScreen].filter((k) => !login.has(k)));

const report = {
  loginPage: total(login),
  firstScreenAfterSignIn: { ...total(firstScreen), homeScreen: home },
  downloadedAtSignIn: total(afterLogin),
  styleSheets: { loginPage: styleSheets(login), firstScreenAfterSignIn: styleSheets(firstScreen) },
};

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
// How many chunks (JavaScript) or files (style sheets) a sum is of.
const count = (t) => (t.chunks === undefined ? `${t.files} files` : `${t.chunks} chunks`);
const over = ['loginPage', 'firstScreenAfterSignIn'].filter((k) => report[k].gzip / 1024 > BUDGETS[k]);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ ...report, budgets: BUDGETS, goals: GOALS }, null, 2));
} else {
  const line = (label, t) =>
    `${label.padEnd(42)} ${kb(t.gzip).padStart(10)} gzip  (${kb(t.raw)} raw, ${kb(t.br)} sent as brotli, ${count(t)})`;
  console.log(line('Login page (cold load)', report.loginPage));
  console.log(line('First screen after sign-in (cold load)', report.firstScreenAfterSignIn));
  console.log(line('  of which fetched at sign-in', report.downloadedAtSignIn));
  console.log(line('Login page style sheets', report.styleSheets.loginPage));
  console.log(line('First screen style sheets', report.styleSheets.firstScreenAfterSignIn));
  console.log(`Home screen module: ${home}`);
  if (process.argv.includes('--list')) {
    // Every chunk of the first screen, largest first (* : also on the login page).
    const rows = [...firstScreen].map((k) => ({ k, ...sizes(k) })).sort((a, b) => b.gzip - a.gzip);
    for (const r of rows) console.log(`${kb(r.gzip).padStart(10)}  ${login.has(r.k) ? '*' : ' '} ${r.k}`);
  }
}

// docs/performance.md's table, written here so it cannot drift from the build.
const START = '<!-- size-table:start (written by npm run size) -->';
const END = '<!-- size-table:end -->';
if (!process.argv.includes('--no-write')) {
  const status = (k) => `${kb(BUDGETS[k] * 1024)}${report[k].gzip / 1024 > BUDGETS[k] ? ' **over**' : ''}`;
  const table = [
    START,
    '| Page, cold load | gzip | sent (brotli) | raw | budget (fails above) | goal |',
    '|---|---|---|---|---|---|',
    `| Login page | ${kb(report.loginPage.gzip)} | ${kb(report.loginPage.br)} | ${kb(report.loginPage.raw)} (${report.loginPage.chunks} chunks) | ${status('loginPage')} | ${GOALS.loginPage} KiB |`,
    `| First screen after sign-in (applications list) | ${kb(report.firstScreenAfterSignIn.gzip)} | ${kb(report.firstScreenAfterSignIn.br)} | ${kb(report.firstScreenAfterSignIn.raw)} (${report.firstScreenAfterSignIn.chunks} chunks) | ${status('firstScreenAfterSignIn')} | ${GOALS.firstScreenAfterSignIn} KiB |`,
    `| of which fetched at sign-in | ${kb(report.downloadedAtSignIn.gzip)} | ${kb(report.downloadedAtSignIn.br)} | ${kb(report.downloadedAtSignIn.raw)} (${report.downloadedAtSignIn.chunks} chunks) | | |`,
    ...[
      ['Login page', report.styleSheets.loginPage],
      ['First screen after sign-in', report.styleSheets.firstScreenAfterSignIn],
    ].map(
      ([what, t]) =>
        `| ${what}: style sheets (not in the budget) | ${kb(t.gzip)} | ${kb(t.br)} | ${kb(t.raw)} (${count(t)}) | | |`,
    ),
    END,
  ].join('\n');
  const docFile = path.join(root, 'docs', 'performance.md');
  const doc = fs.readFileSync(docFile, 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${START} … ${END} markers`);
  const next = doc.slice(0, from) + table + doc.slice(to + END.length);
  if (next !== doc) fs.writeFileSync(docFile, next);
}

if (uncompressed.length) {
  console.error(
    `Built without their .br/.gz copies (the server would send them uncompressed): ${uncompressed.join(', ')}`,
  );
  process.exit(1);
}
if (over.length) {
  for (const k of over) console.error(`Over budget: ${k} ${kb(report[k].gzip)} > ${BUDGETS[k]} KiB`);
  process.exit(1);
}
