// `npm run lighthouse`: Lighthouse's performance score of the login page and of the home screen (signed in, with
// demo data), on the built web app served by the real server on this machine, in Debian's Chromium. Desktop
// settings (the portal is a back-office tool used on office computers: decision 100). Prints each page's score
// and its main timings against the goal (95), and exits 1 below it when asked to (--strict); --report <dir> keeps each full report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { seedDemoApplications } from '../../src/seed/demo-applications.js';
import { CHROMIUM_FLAGS } from '../../src/test/chromium.js';
import { signInAdmin } from '../sign-in.js';

const GOAL = 95;
const CHROMIUM = '/usr/bin/chromium';
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.join(here, '../../../web/dist');
const strict = process.argv.includes('--strict');
// --report <dir>: each page's full Lighthouse report (JSON) is written there, to see what an audit found.
const reportArg = process.argv.indexOf('--report');
const reportDir = reportArg > 0 ? process.argv[reportArg + 1] : undefined;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

async function main() {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web app first: npm run build');
  const env = {
    // Served as in production (static files, compression and caching do not depend on it); 'test' allows the
    // known captcha answer used to sign in.
    NODE_ENV: 'test',
    API_DOCS: 'off',
    PORT: '0',
    DATA_DIR: path.join(os.tmpdir(), `study-crm-lighthouse-${randomBytes(4).toString('hex')}`),
    ADMIN_LOGIN: 'admin',
    ADMIN_PASSWORD: 'Lighthouse-2026',
    CAPTCHA_TEST_CODE: 'PERF',
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
  };
  const config = loadConfig(env);
  const { app, db } = await buildApp({ config, sqliteFile: ':memory:' });
  await seedDemoApplications(db.db, 2_000, 200);

  // The administrator's session, as the login page would store it.
  const { token, mid } = await signInAdmin(app, config, { name: env.ADMIN_LOGIN, password: env.ADMIN_PASSWORD });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // One browser profile for both runs: Lighthouse opens its tabs in it (debugging port) and keeps its storage
  // (disableStorageReset), so the home screen is measured signed in, as a member opens it every morning.
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'study-crm-lh-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  const results: { page: string; score: number; fcp: number; lcp: number; tbt: number; cls: number }[] = [];
  try {
    const measure = async (name: string, url: string) => {
      const run = await lighthouse(
        url,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
        desktopConfig,
      );
      if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = run.lhr;
      if (reportDir) {
        fs.mkdirSync(reportDir, { recursive: true });
        fs.writeFileSync(path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(run.lhr, null, 1));
      }
      const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
      results.push({
        page: name,
        score: Math.round((categories.performance?.score ?? 0) * 100),
        fcp: ms('first-contentful-paint'),
        lcp: ms('largest-contentful-paint'),
        tbt: ms('total-blocking-time'),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      });
    };
    await measure('login page', `${base}/sadmin/login`);
    const tab = await browser.newPage();
    await tab.goto(`${base}/sadmin/login`);
    // As text: this file is type-checked without the DOM's types.
    await tab.evaluate(
      `localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('mid', '${String(mid)}');`,
    );
    await tab.close();
    await measure('home screen (application list)', `${base}/sadmin/`);
  } finally {
    await browser.close();
    await app.close();
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  }

  console.log(`Lighthouse ${new Date().toISOString().slice(0, 10)}, desktop settings, goal ≥ ${GOAL}`);
  console.log('| page | score | first contentful paint | largest contentful paint | total blocking time | CLS |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.page} | ${r.score}${r.score >= GOAL ? '' : ' (below goal)'} | ${r.fcp} ms | ${r.lcp} ms | ${r.tbt} ms | ${r.cls} |`,
    );
  if (strict && results.some((r) => r.score < GOAL)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
