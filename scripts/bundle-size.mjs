#!/usr/bin/env node
// Reports the gzipped JavaScript the browser needs for the login page and for the first screen after
// sign-in, by following the static imports of each chunk in the Vite build manifest.
// Usage: npm run build && npm run size   (add --json for machine-readable output)
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

// The home screen is whatever screens.ts maps the home component key to (applicationList).
function homeScreenModule() {
  const screens = fs.readFileSync(path.join(web, 'src/app/screens.ts'), 'utf8');
  const match = /applicationList:\s*lazy\(\(\)\s*=>\s*import\(['"]([^'"]+)['"]\)\)/.exec(screens);
  if (!match) throw new Error('screens.ts has no lazy applicationList entry');
  const abs = path.resolve(web, 'src/app', match[1]);
  const rel = path.relative(web, abs).split(path.sep).join('/');
  const key = Object.keys(manifest).find((k) => k === rel || k.replace(/\.(tsx?|jsx?)$/, '') === rel);
  if (!key) throw new Error(`home screen ${rel} not found in the manifest`);
  return key;
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
function sizes(key) {
  if (!sizeCache.has(key)) {
    const buf = fs.readFileSync(path.join(dist, manifest[key].file));
    sizeCache.set(key, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  return sizeCache.get(key);
}
function total(set) {
  let raw = 0;
  let gzip = 0;
  for (const k of set) {
    const s = sizes(k);
    raw += s.raw;
    gzip += s.gzip;
  }
  return { chunks: set.size, raw, gzip };
}

const login = closure([entryKey, chunkKey('src/pages/login/LoginPage.tsx')]);
const home = homeScreenModule();
const firstScreen = closure([entryKey, chunkKey('src/app/BasicLayout.tsx'), home]);
const afterLogin = new Set([...firstScreen].filter((k) => !login.has(k)));

const report = {
  loginPage: total(login),
  firstScreenAfterSignIn: { ...total(firstScreen), homeScreen: home },
  downloadedAtSignIn: total(afterLogin),
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const line = (label, t) =>
    `${label.padEnd(42)} ${kb(t.gzip).padStart(10)} gzip  (${kb(t.raw)} raw, ${t.chunks} chunks)`;
  console.log(line('Login page (cold load)', report.loginPage));
  console.log(line('First screen after sign-in (cold load)', report.firstScreenAfterSignIn));
  console.log(line('  of which fetched at sign-in', report.downloadedAtSignIn));
  console.log(`Home screen module: ${home}`);
}
