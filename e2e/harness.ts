import { afterAll, beforeAll, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import {
  applicationApi,
  followUpApi,
  mailSenderApi,
  memberApi,
  paymentApi,
  roleApi,
  type Endpoint,
  type EndpointData,
  type EndpointParams,
} from '@study-crm/shared';
import { buildApp } from '../apps/server/src/app.js';
import type { Db } from '../apps/server/src/db/database.js';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import { permissionIds } from '../apps/server/src/test/access-fixtures.js';
import { CHROMIUM_FLAGS } from '../apps/server/src/test/chromium.js';
import { startSmtpServer, type SmtpFixture } from '../apps/server/src/test/smtp-fixture.js';
import { buildOptionsOf, freshDatabase, releaseDatabase } from '../apps/server/src/test/template-db.js';
import { watchPageErrors } from './page-errors.js';

export const CAPTCHA = 'E2EX';
// Visited screens stay mounted but hidden (keep-alive tabs): scope table locators to the visible screen.
export const ACTIVE_PANE = '.screen-pane:not([hidden])';
export const ROW = `${ACTIVE_PANE} tr[data-row-key]`;
// The portal's home screen, where signIn lands (the application list).
export const HOME = '/sadmin/applicationManage/applicationList';
export const ADMIN = { login: 'admin', password: 'Admin#2026pass' };
const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.join(here, 'screenshots');
// Debian's headless build of Chromium (package chromium-headless-shell: the same Chromium, without the desktop
// browser's windowing layer, as playwright's own headless default) when it is installed: a new page costs about a
// third of the CPU, and the e2e phase a fifth less time (decision 274). Else the desktop build, headless.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
// Pages still open, with when they opened, so a failed test can show what its own pages looked like (e2e/setup.ts).
const openPages = new Map<Page, number>();
// The running portals' configurations by address, for signing in through the API.
const portalConfigs = new Map<string, Config>();

// One Chromium per worker process (the e2e project runs its files one after another in a worker without isolation),
// launched on first use; each test page has its own context (storage, cookies). It ends with the worker process.
let worker: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  worker ??= chromium.launch({
    executablePath: CHROMIUM,
    // JavaScript without V8's optimizing tiers (Ignition and Sparkplug only): a test page lives seconds, and the
    // optimizing compilers' work for it was CPU the 2-core machine's e2e phase is short of (decision 319).
    args: [...CHROMIUM_FLAGS, '--disable-sync', '--js-flags=--max-opt=1'],
  });
  return worker;
}

// `viewport`: the window's size from the first paint (1440 × 900 unless given).
export type PageOptions = {
  locale?: string;
  storage?: Record<string, string>;
  viewport?: { width: number; height: number };
};

// The stored frame settings (app/settings store) of a member who chose the light theme: one `storage` entry.
export const LIGHT_THEME = { 'sadmin-settings': JSON.stringify({ state: { theme: 'light' }, version: 1 }) };

export type Portal = {
  baseUrl: string;
  // The portal's database, for tests that read what a screen wrote (records are arranged with `api` and the seed*
  // helpers below, through the server's own calls).
  db: Db;
  // One call of the wire contract as the administrator (signed in through the API on first use).
  api: <E extends Endpoint>(endpoint: E, params: EndpointParams<E>) => Promise<EndpointData<E>>;
  browser: Browser;
  newPage: (opts?: PageOptions) => Promise<{ page: Page; context: BrowserContext }>;
  // A new page signed in through the API (the administrator unless `user` is given) at the portal's home: see signIn.
  signedInPage: (
    opts?: PageOptions & { user?: string; password?: string },
  ) => Promise<{ page: Page; context: BrowserContext }>;
  close: () => Promise<void>;
};

// A server a `describe` block's tests talk to (a mail server, an SMS gateway): started before its first test and
// closed after its last (after the portal, when usePortal is called later in the block). Read it inside a test or a
// later hook.
export function useServer<T extends { close: () => Promise<unknown> }>(start: () => Promise<T>): () => T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('useServer: the server runs from the beforeAll to the afterAll of its block');
    return current;
  };
}

// The tests' own SMTP server for a `describe` block (see useServer): plain, signing in with its account and password
// (`user`, `pass`), which seedMailSender and fillMailSenderForm give the portal's mail server.
export function useSmtpServer(): () => SmtpFixture {
  return useServer(() => startSmtpServer({ user: 'office@e2e.example.com', pass: 'e2e-smtp-pass' }));
}

// The portal of a `describe` block: started before its first test (with `env`, or what `env()` answers once the
// block's earlier hooks have run, e.g. a mail server's port) and closed after its last, every page with it. Hooks
// registered after this call see the started portal; the block's tests use it as the Portal it stands for.
export function usePortal(
  env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>),
): Portal {
  let current: Portal | undefined;
  beforeAll(async () => {
    current = await startPortal(typeof env === 'function' ? await env() : env);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const started = (): Portal => {
    if (!current) throw new Error('usePortal: the portal runs from the beforeAll to the afterAll of its block');
    return current;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get db() {
      return started().db;
    },
    get browser() {
      return started().browser;
    },
    api: (endpoint, params) => started().api(endpoint, params),
    newPage: (opts) => started().newPage(opts),
    signedInPage: (opts) => started().signedInPage(opts),
    close: () => started().close(),
  };
}

// The real server (built web app included) on a random port and a fresh database, plus a Chromium.
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const webDist = path.join(here, '../apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web app first: npm run build');
  const serverUrl = process.env.DATABASE_URL;
  // A copy of the worker's migrated database (apps/server/src/test/template-db.ts).
  const database = await freshDatabase(serverUrl, 'e2e_');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: `/tmp/study-crm-e2e-${randomBytes(4).toString('hex')}`,
    ADMIN_LOGIN: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
    CAPTCHA_TEST_CODE: CAPTCHA,
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
    ...('databaseUrl' in database ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  const { app, db } = await buildApp({ config, ...buildOptionsOf(database) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await workerBrowser();
  const contexts = new Set<BrowserContext>();
  const baseUrl = `http://127.0.0.1:${port}`;
  portalConfigs.set(baseUrl, config);
  let admin: Promise<string> | undefined;
  const portal: Portal = {
    baseUrl,
    db: db.db,
    async api(endpoint, params) {
      admin ??= apiSignIn(baseUrl, ADMIN.login, ADMIN.password).then((s) => s.token);
      return callApi(baseUrl, await admin, endpoint, params);
    },
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        viewport: opts.viewport ?? { width: 1440, height: 900 },
        locale: opts.locale ?? 'zh-TW',
        // The portal then runs antd without motion (components/AntdProviders.tsx): no waits for zooms and slides.
        reducedMotion: 'reduce',
      });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      const storage = opts.storage ?? {};
      if (Object.keys(storage).length) {
        await context.addInitScript((items: Record<string, string>) => {
          // Frames run this too; a sandboxed one (the e-mail preview) has no storage and must be left alone.
          if (window !== window.top) return;
          if (sessionStorage.getItem('__e2e_seeded')) return;
          sessionStorage.setItem('__e2e_seeded', '1');
          for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
        }, storage);
      }
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      watchPageErrors(page);
      openPages.set(page, Date.now());
      page.on('close', () => openPages.delete(page));
      return { page, context };
    },
    async signedInPage({ user, password, ...opts } = {}) {
      const opened = await portal.newPage(opts);
      await signIn(opened.page, baseUrl, user, password);
      return opened;
    },
    async close() {
      await Promise.all([...contexts].map((c) => c.close()));
      portalConfigs.delete(baseUrl);
      await app.close();
      // Its data directory (uploads, the key for secrets at rest) goes with it: a run leaves nothing in /tmp.
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      if (serverUrl) releaseDatabase(serverUrl, database);
    },
  };
  return portal;
}

// Types the login page's captcha code as a person would: from the picture, so once it has arrived (its request
// stores the code; on a loaded machine a submit before it was refused as an expired code).
export async function typeCaptcha(page: Page): Promise<void> {
  await page.locator('.login-captcha-img img').waitFor();
  await page.locator('#code').fill(CAPTCHA);
}

function portalConfig(baseUrl: string): Config {
  const config = portalConfigs.get(baseUrl);
  if (!config) throw new Error(`no portal runs at ${baseUrl}`);
  return config;
}

// Signs in through the API as the login screen does (captcha, then name and password): the session's token and
// member id.
async function apiSignIn(baseUrl: string, user: string, password: string): Promise<{ token: string; mid: number }> {
  const config = portalConfig(baseUrl);
  const headers = { sign: config.clientSign, 'accept-language': 'en-US' };
  const params = new URLSearchParams({ appId: config.appId, mcId: config.mcId, key: randomBytes(12).toString('hex') });
  const picture = await fetch(`${baseUrl}/api/v1/sys/code/getCode?${params}`, { headers });
  if (!picture.ok) throw new Error(`signIn: the captcha answered ${picture.status}`);
  params.set('loginName', user);
  params.set('password', password);
  params.set('code', CAPTCHA);
  const res = await fetch(`${baseUrl}/api/v1/mc/auth/login/loginName`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: params,
  });
  const body = (await res.json()) as { meta: { code: number; message: string }; data: { token: string; mid: number } };
  if (body.meta.code !== 200) throw new Error(`signIn as ${user}: ${JSON.stringify(body.meta)}`);
  return body.data;
}

// One call of the wire contract as the web client makes it (api/client.ts: the query of a GET or the form of a POST,
// null as an empty string, arrays as repeated keys), with a member's session: the answer's data, or an error naming
// the refusal.
export async function callApi<E extends Endpoint>(
  baseUrl: string,
  token: string,
  endpoint: E,
  params: EndpointParams<E>,
): Promise<EndpointData<E>> {
  const config = portalConfig(baseUrl);
  const form = new URLSearchParams({ appId: config.appId, mcId: config.mcId });
  for (const [k, v] of Object.entries(params as Record<string, unknown>)) {
    if (Array.isArray(v)) for (const item of v) form.append(k, String(item));
    else form.append(k, v === null || v === undefined ? '' : String(v));
  }
  const headers = { sign: config.clientSign, 'accept-language': 'en-US', 'x-token': token };
  const res =
    endpoint.method === 'GET'
      ? await fetch(`${baseUrl}${endpoint.url}?${form}`, { headers })
      : await fetch(`${baseUrl}${endpoint.url}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        });
  const body = (await res.json()) as { meta: { code: number; message: string }; data: EndpointData<E> };
  if (body.meta.code !== 200) throw new Error(`${endpoint.url}: ${JSON.stringify(body.meta)}`);
  return body.data;
}

// Records a test needs before its screen, arranged as the administrator through the server's own calls (the same
// validation, owners' rules and operation log as the screens), never as raw rows. Each answers the new record's id.
export async function seedApplication(
  portal: Portal,
  values: EndpointParams<typeof applicationApi.create> = {},
): Promise<number> {
  const saved = await portal.api(applicationApi.create, {
    name: '陳大文',
    email: 'tai.man@example.com',
    applicationDate: '2026-11-01',
    status: 'submitted',
    ...values,
  });
  return saved.id;
}

// A staff member (the password is the administrator's unless given; roles by id).
export async function seedMember(portal: Portal, values: EndpointParams<typeof memberApi.add>): Promise<number> {
  return (await portal.api(memberApi.add, { password: ADMIN.password, memberType: 'staff', ...values })).id;
}

export async function seedPayment(portal: Portal, values: EndpointParams<typeof paymentApi.create>): Promise<number> {
  const defaults = { type: 'collection', currency: 'TWD', transactionDate: '2026-11-01' } as const;
  return (await portal.api(paymentApi.create, { ...defaults, ...values })).id;
}

export type RoleSeed = { name: string; cnName?: string; enName?: string; perms: readonly string[] };

// The portal's mail server: the test's own SMTP server (plain, its account and password; `values` adds to or
// replaces those fields), as the mail server screen saves it.
export async function seedMailSender(
  portal: Portal,
  smtp: SmtpFixture,
  values: Partial<EndpointParams<typeof mailSenderApi.add>> = {},
): Promise<number> {
  const sender = await portal.api(mailSenderApi.add, {
    host: '127.0.0.1',
    port: smtp.port,
    account: smtp.user,
    password: smtp.pass,
    tlsMode: 'none',
    ...values,
  });
  return sender.id;
}

// The same mail server through its screen, as a person adds it (the zh-TW screen: its plain-connection label):
// opens the add form and fills in the host, port, connection, account and password. Answers the form's dialog, for
// the test's own fields and its save.
export async function fillMailSenderForm(page: Page, baseUrl: string, smtp: SmtpFixture): Promise<Locator> {
  await page.goto(`${baseUrl}/sadmin/message/emailSenderManage`);
  await page.getByTestId('sender-add').click();
  const modal = page.locator('.ant-modal').filter({ has: page.locator('#host') });
  await modal.locator('#host').fill('127.0.0.1');
  await modal.locator('#port').fill(String(smtp.port));
  await pickOption(page, modal.locator('#tlsMode'), '不加密');
  await modal.locator('#account').fill(smtp.user);
  await modal.locator('#password').fill(smtp.pass);
  return modal;
}

// A role holding these permissions (by identifier), as the role screen saves it.
export async function seedRole(portal: Portal, role: RoleSeed): Promise<number> {
  const { perms, ...names } = role;
  const ids = await permissionIds(portal.db, perms);
  return (await portal.api(roleApi.add, { cnName: role.name, kind: 'general', ...names, permissionIds: ids })).id;
}

// A verified staff member who signs in with a login name, holding these roles: each made as seedRole makes it, or
// the id of one made already.
export async function seedStaff(
  portal: Portal,
  staff: {
    loginName: string;
    password: string;
    email: string;
    nickName: string;
    roles: readonly (RoleSeed | number)[];
  },
): Promise<number> {
  const { roles, ...values } = staff;
  const roleIds: number[] = [];
  for (const role of roles) roleIds.push(typeof role === 'number' ? role : await seedRole(portal, role));
  return seedMember(portal, { identityStatus: 'verified', ...values, roleIds });
}

export async function seedFollowUp(portal: Portal, values: EndpointParams<typeof followUpApi.add>): Promise<number> {
  return (await portal.api(followUpApi.add, values)).id;
}

// Signs in through the API, stores the session where the login screen stores it (api/session.ts) and opens the
// portal's home. Tests of signing in itself use signInOnScreen.
export async function signIn(page: Page, baseUrl: string, user = ADMIN.login, password = ADMIN.password) {
  const session = await apiSignIn(baseUrl, user, password);
  // Storage belongs to the portal's origin: a small document of it first (the health check), then the home screen.
  await page.goto(`${baseUrl}/health`);
  await page.evaluate(({ token, mid }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('mid', String(mid));
  }, session);
  await page.goto(`${baseUrl}/sadmin/`);
  // As after the login screen: the portal has read the member's menu and opened its home screen.
  await page.waitForURL((url) => url.pathname !== '/sadmin/' && !url.pathname.endsWith('/login'));
}

// Signs in through the real login screen.
export async function signInOnScreen(page: Page, baseUrl: string, user = ADMIN.login, password = ADMIN.password) {
  await page.goto(`${baseUrl}/sadmin/login`);
  await page.locator('#loginName').fill(user);
  await page.locator('#password').fill(password);
  await typeCaptcha(page);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

// Whether the screenshots taken for review are written: on unless E2E_SCREENSHOTS is `off` (CI, where nobody reads
// them: a capture costs a third of a second; decision 280). A failure's screenshots are written either way.
const REVIEW_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

// A screenshot of the page into e2e/screenshots (or `dir`); with `settle`, once the page has settled (see settle);
// with `copyTo`, copied into that folder too (where an issue's reviewers look). Answers the file written, or null
// when review screenshots are off (`failure`: written even then).
export async function screenshot(
  page: Page,
  name: string,
  opts: { dir?: string; fullPage?: boolean; settle?: boolean; failure?: boolean; copyTo?: string } = {},
): Promise<string | null> {
  if (opts.settle) await settle(page);
  if (!REVIEW_SCREENSHOTS && !opts.failure) return null;
  const dir = opts.dir ?? SCREENSHOT_DIR;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? false });
  if (opts.copyTo) {
    fs.mkdirSync(opts.copyTo, { recursive: true });
    fs.copyFileSync(file, path.join(opts.copyTo, path.basename(file)));
  }
  return file;
}

// Types a date into an antd date picker (its input by selector) and presses Enter, as a person would.
export async function fillDate(page: Page, selector: string, value: string): Promise<void> {
  const input = page.locator(selector);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

// Opens a menu screen and waits as a person would: its tab is the active one and its pane is shown (within
// `timeoutMs`). Answers the screen's path.
export async function openScreen(page: Page, name: string, timeoutMs = 20_000): Promise<string> {
  await page.locator(`[data-testid="side-menu"] li.ant-menu-item [data-menu="${name}"]`).click();
  const until = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: timeoutMs, interval: 100 });
  await until(() =>
    page.evaluate(
      () =>
        document.querySelector('[data-testid="frame-tab"].active')?.getAttribute('data-path') ===
        location.pathname.replace(/^\/sadmin/, ''),
    ),
  ).toBe(true);
  await until(() => page.locator(ACTIVE_PANE).count()).toBe(1);
  return new URL(page.url()).pathname;
}

// The screen paths of the frame's tabs, left to right.
export const tabPaths = (page: Page) =>
  page.getByTestId('frame-tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));

// Runs an item of a frame tab's context menu (reload, close others, close all) on the tab of this screen path.
export async function tabAction(page: Page, tabPath: string, label: string): Promise<void> {
  await page.locator(`[data-testid="frame-tab"][data-path="${tabPath}"]`).click({ button: 'right' });
  // The menu of this tab: another tab's menu may still be fading out (antd keeps it in the DOM).
  // Dispatched on the item itself: while the menu fades in it is not "stable", and a loaded run saw its first frames
  // drawn under the header.
  const item = page.locator(`[data-testid="tab-menu"][data-path="${tabPath}"] .ant-dropdown-menu-item`, {
    hasText: label,
  });
  await item.waitFor({ state: 'visible' });
  await item.dispatchEvent('click');
}

// Switches the member's role from the user menu: `switchLabel` is its "switch role" item, `role` the role's item.
export async function switchRole(page: Page, switchLabel: string, role: string): Promise<void> {
  await settleAnimations(page); // a menu still fading out of an earlier switch would take the click
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: switchLabel }).hover();
  await page.getByRole('menuitem', { name: role }).click();
}

// Waits (at most 3 s) until every finite CSS animation and transition on the page has finished (modal zoom,
// drawer slide, dropdown fade). Infinite ones (spinners) are ignored, and a paused one cannot hang the wait.
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? 0)));
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  });
}

const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

// Chooses the option with this label in an antd Select (trigger: the select or its input), typing a search first
// when asked. Done when the select itself shows the label, so an option that is already chosen is left alone and a
// click that was lost (a dropdown closing under the pointer on a loaded machine, a modal taking focus after its
// open animation, search results arriving) is tried again, never twice over a choice that took.
export async function pickOption(
  page: Page,
  trigger: Locator,
  label: string,
  opts: { search?: string; multiple?: boolean; timeoutMs?: number; exact?: boolean } = {},
): Promise<void> {
  const root = trigger.locator('xpath=ancestor-or-self::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  // `exact`: the option whose whole text is the label ("Application", not "Application file").
  const text = opts.exact ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : label;
  const option = page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: text }).last();
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  while (!(await root.innerText()).includes(label)) {
    try {
      await settleAnimations(page);
      if (!(await option.isVisible())) {
        await trigger.click({ timeout: 5_000 });
        if (opts.search !== undefined) {
          await page.keyboard.press('ControlOrMeta+A');
          await page.keyboard.type(opts.search);
        }
      }
      await option.click({ timeout: 5_000 });
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
  // A multiple select stays open for the next choice; a single one closes once it has its value (if it does not
  // within 5 s, a click on the select closes it).
  if (opts.multiple) return;
  const allClosed = (timeout: number) =>
    page
      .waitForFunction((sel) => !document.querySelector(sel), OPEN_DROPDOWN, { timeout })
      .then(
        () => true,
        () => false,
      );
  if (await allClosed(5_000)) return;
  await trigger.click();
  if (!(await allClosed(30_000))) throw new Error(`pickOption: the dropdown of "${label}" did not close`);
}

// After a failure: a screenshot of every open page, and what a person would read on it (dialogs, toasts, form
// errors) printed to the log, so a failure on CI explains itself.
export async function describeOpenPages(testName: string, since: number): Promise<void> {
  const slug = testName.replace(/[^\w-]+/g, '-').slice(0, 80);
  let n = 0;
  for (const [page, openedAt] of openPages) {
    if (openedAt < since) continue;
    n += 1;
    try {
      const file = await screenshot(page, `FAILED-${slug}-${n}`, { failure: true });
      const seen = await page.evaluate(() => {
        const texts = (sel: string) =>
          Array.from(document.querySelectorAll<HTMLElement>(sel))
            .filter((el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed')
            .map((el) => el.innerText.replace(/\s+/g, ' ').trim().slice(0, 300));
        return {
          url: location.href,
          dialogs: texts('.ant-modal'),
          toasts: texts('.ant-message-notice, .ant-notification-notice'),
          formErrors: texts('.ant-form-item-explain-error, .login-field-error, .login-error'),
          openSelects: texts('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
          // The frame's kept screens (which one is shown) and its tabs.
          panes: Array.from(document.querySelectorAll<HTMLElement>('.screen-pane')).map(
            (p) => `${p.dataset.path ?? ''}${p.hidden ? ' (hidden)' : ''}`,
          ),
          tabs: Array.from(document.querySelectorAll<HTMLElement>('[data-testid="frame-tab"]')).map(
            (t) => t.dataset.path ?? '',
          ),
        };
      });
      console.error(`[e2e failure] page ${n}: ${JSON.stringify(seen)} screenshot ${file}`);
    } catch (error) {
      console.error(`[e2e failure] page ${n}: could not be described: ${String(error)}`);
    }
  }
}

// Polls what a person would look at until it matches (20 s: the loaded CI machine).
export const poll = <T>(fn: () => Promise<T> | T, message?: string) =>
  expect.poll(fn, { timeout: 20_000, ...(message ? { message } : {}) });

// Waits until no list is loading (`data-busy`, set in the render that asks; antd's spinner appears a moment later),
// no spinner or toast is shown and every animation has finished: the moment for a screenshot.
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[data-busy="true"], .ant-spin-spinning, .ant-message-notice'),
  );
  await settleAnimations(page);
}

// Opens the navbar message box on one tab (message, notice or todo) once the box has settled, clicking the tab again
// while it is not the active one (a click during the box's zoom-in was lost on a loaded CI machine). The bell is
// pressed only once every animation has ended: a box still fading out after the last close looked open, was left
// alone, and was gone a moment later (a CI run on PostgreSQL); nor while the box shows its panel loading (a CI run
// pressed it again then, and closed it).
export async function openMessageBox(page: Page, tab: 'message' | 'notice' | 'todo'): Promise<void> {
  const box = page.getByTestId('message-box');
  // Open while the panel's code is still on its way: the bell is not pressed again then (it would close it).
  const open = page.locator('[data-testid=message-box], [data-testid=message-box-loading]');
  await poll(async () => {
    await settleAnimations(page);
    if (!(await open.first().isVisible())) {
      await page.getByTestId('box-bell').click();
      await settleAnimations(page);
    }
    return box.isVisible();
  }).toBe(true);
  const active = page.locator('[data-testid=message-box] .ant-tabs-tab-active').getByTestId(`box-tab-${tab}`);
  await poll(async () => {
    if ((await active.count()) === 0) await page.getByTestId(`box-tab-${tab}`).click();
    return active.count();
  }).toBe(1);
}

// Presses a button that asks for a confirmation, then confirms. The page settles first, and the button is pressed
// again when no confirmation came within 5 s: a press during a dialog's zoom-in was lost on a loaded CI machine, and
// the forms validate in the browser, so a confirmation that comes at all comes at once.
export async function pressAndConfirm(page: Page, button: Locator): Promise<void> {
  const confirmation = page.locator('.ant-modal-confirm:not(.ant-zoom-leave)');
  for (let attempt = 1; ; attempt++) {
    await settleAnimations(page);
    await button.click();
    try {
      await confirmation.last().waitFor({ state: 'visible', timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await confirmDialog(page);
}

// Answers the confirmation dialog an action opened: waits until it has settled, presses OK and waits until it has
// gone (a dialog whose action failed stays open, and the wait says so). A dialog still fading out is never chosen.
export async function confirmDialog(page: Page): Promise<void> {
  await answerDialog(page, '.ant-btn-primary');
}

// Answers it the other way (Cancel, "stay on this page"): the first, non-primary button.
export async function cancelDialog(page: Page): Promise<void> {
  await answerDialog(page, '.ant-btn:not(.ant-btn-primary)');
}

async function answerDialog(page: Page, button: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm:not(.ant-zoom-leave)').last();
  await dialog.waitFor({ state: 'visible' });
  await settleAnimations(page);
  await dialog.locator(`.ant-modal-confirm-btns ${button}`).first().click();
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
}

// Every leaf of the side menu by its menu name, each group opened first.
export async function menuLeaves(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await poll(() => menu.locator('[data-menu]').count()).toBeGreaterThan(0);
  const groups = await menu
    .locator('.ant-menu-submenu-title [data-menu]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')!));
  for (const g of groups) {
    const open = await menu
      .locator(`.ant-menu-submenu-title [data-menu="${g}"]`)
      .evaluate((el) => el.closest('.ant-menu-submenu')!.classList.contains('ant-menu-submenu-open'));
    if (!open) await menu.locator(`.ant-menu-submenu-title:has([data-menu="${g}"])`).click();
  }
  await settleAnimations(page);
  return menu
    .locator('li.ant-menu-item [data-menu]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')!));
}
