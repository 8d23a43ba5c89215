import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { dropSchema } from '../db/migrate.js';
import type { Clock } from '../lib/clock.js';
import { freshDatabase, releaseDatabase } from './template-db.js';

export const TEST_CAPTCHA = 'TEST';
export const ADMIN_LOGIN = 'admin';
export const ADMIN_PASSWORD = 'Admin#2026pass';
export const APP_ID = 'student-admin';
export const SIGN = 'test-sign-value';

export type Envelope<T = unknown> = { meta: { code: number; message: string }; data: T };
export type Values = Record<string, string | number | boolean | null | undefined | (string | number)[]>;
export type CallOpts = { token?: string | null; locale?: string; sign?: string | null; appId?: string | null };

// A clock tests can move forward.
export function testClock(start = Date.UTC(2026, 10, 22, 9, 0, 0)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms), set: (t: number) => void (now = t) };
}

function encode(values: Values, opts: CallOpts): string {
  const out = new URLSearchParams();
  const all: Values = { appId: opts.appId === undefined ? APP_ID : opts.appId, mcId: 'COM', ...values };
  for (const [k, v] of Object.entries(all)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) out.append(k, String(item));
    else out.append(k, v === null ? '' : String(v));
  }
  return out.toString();
}

export type UploadedFile = { name: string; content: Buffer; type?: string };
export type MultipartBody = { payload: Buffer; contentType: string };

// A multipart body with fields and one file.
export function multipart(fields: Record<string, string>, file?: UploadedFile): MultipartBody {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type TestApp = BuiltApp & {
  config: Config;
  // The PostgreSQL schema this app's tables are in (`app` in a database of its own, or a schema of its own in the
  // server's database for the migration tests); undefined on SQLite.
  pgSchema: string | undefined;
  // SQLite on a file (`onFile`), which a second server may join; undefined in memory and on PostgreSQL.
  sqliteFile: string | undefined;
  logs: string[];
  get: <T = unknown>(url: string, query?: Values, opts?: CallOpts) => Promise<Envelope<T>>;
  post: <T = unknown>(url: string, body?: Values, opts?: CallOpts) => Promise<Envelope<T>>;
  // A multipart POST (spec section 7): `fields` and one `file` (upload), or a body built by the test (send).
  upload: <T = unknown>(
    url: string,
    fields: Record<string, string>,
    file: UploadedFile | undefined,
    opts?: CallOpts,
  ) => Promise<Envelope<T>>;
  send: <T = unknown>(url: string, body: MultipartBody, opts?: CallOpts) => Promise<Envelope<T>>;
  headers: (opts?: CallOpts) => Record<string, string>;
  captcha: (key?: string) => Promise<string>;
  login: (loginName?: string, password?: string) => Promise<{ token: string; mid: number }>;
  close: () => Promise<void>;
};

export type StartOptions = {
  // Configuration over the tests' own; a name given `undefined` is left unset (CAPTCHA_TEST_CODE: random codes).
  env?: Record<string, string | undefined>;
  clock?: Clock;
  // Run the migrations on this app's own database (the tests of the migrations), instead of starting from a copy
  // of the worker's migrated template (test/template-db.ts).
  migrate?: boolean;
  // SQLite: the database is a file in the app's data directory (a copy of the template), so that a second server
  // can join it; PostgreSQL is always joinable.
  onFile?: boolean;
  joins?: TestApp;
};

// A whole server on a fresh database: SQLite in memory, or a throwaway PostgreSQL database when DATABASE_URL is set.
// `joins`: a second server on the first one's PostgreSQL database (or SQLite file, `onFile`) and data directory
// (several servers on one database); closing it leaves the database to the first.
export async function startTestApp(opts: StartOptions = {}): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  if (opts.joins && opts.joins.db.dialect !== 'postgres' && !opts.joins.sqliteFile)
    throw new Error('a second server on one database needs PostgreSQL or a first server on a SQLite file (onFile)');
  const dataDir = opts.joins?.config.dataDir ?? `/tmp/study-crm-test-${randomBytes(4).toString('hex')}`;
  // PostgreSQL: the app's database, and (the migration tests) a schema of its own in the server's database.
  type Where =
    { databaseUrl: string; pgSchema?: string | undefined } | { sqliteFile: string } | { sqliteImage: Buffer };
  const fresh = opts.joins || opts.migrate ? undefined : await freshDatabase(serverUrl, 't_');
  let database: Where = opts.joins
    ? opts.joins.db.dialect === 'postgres'
      ? { databaseUrl: opts.joins.config.databaseUrl!, pgSchema: opts.joins.pgSchema }
      : { sqliteFile: opts.joins.sqliteFile! }
    : opts.migrate
      ? serverUrl
        ? { databaseUrl: serverUrl, pgSchema: `t_${randomBytes(6).toString('hex')}` }
        : { sqliteFile: ':memory:' }
      : fresh!;
  if (opts.onFile && 'sqliteImage' in database) {
    const file = path.join(opts.env?.DATA_DIR ?? dataDir, 'test.sqlite');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, database.sqliteImage);
    database = { sqliteFile: file };
  }
  const pgSchema = 'pgSchema' in database ? database.pgSchema : undefined;
  const sqliteFile = 'sqliteFile' in database && database.sqliteFile !== ':memory:' ? database.sqliteFile : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_LOGIN,
    ADMIN_PASSWORD,
    APP_ID,
    CLIENT_SIGN: SIGN,
    CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    LOG_LEVEL: 'info',
    // Tests fetch many captchas from one address; the throttle's own test sets a low limit.
    CAPTCHA_IP_MAX_PER_MINUTE: '10000',
    ...('databaseUrl' in database ? { DATABASE_URL: database.databaseUrl } : {}),
    ...opts.env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  const built = await buildApp({
    config,
    logStream,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...('databaseUrl' in database ? { pgSchema: database.pgSchema } : database),
  });
  const { app } = built;

  const headers = (o: CallOpts = {}) => {
    const h: Record<string, string> = { 'accept-language': o.locale ?? 'en-US' };
    if (o.sign !== null) h.sign = o.sign ?? SIGN;
    if (o.token) h['x-token'] = o.token;
    return h;
  };

  const get = async <T>(url: string, query: Values = {}, o: CallOpts = {}) => {
    const res = await app.inject({ method: 'GET', url: `${url}?${encode(query, o)}`, headers: headers(o) });
    return res.json() as Envelope<T>;
  };
  const post = async <T>(url: string, body: Values = {}, o: CallOpts = {}) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...headers(o), 'content-type': 'application/x-www-form-urlencoded' },
      payload: encode(body, o),
    });
    return res.json() as Envelope<T>;
  };
  const send = async <T>(url: string, body: MultipartBody, o: CallOpts = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `${url}?${encode({}, o)}`,
      headers: { ...headers(o), 'content-type': body.contentType },
      payload: body.payload,
    });
    return res.json() as Envelope<T>;
  };
  const upload = <T>(url: string, fields: Record<string, string>, file: UploadedFile | undefined, o: CallOpts = {}) =>
    send<T>(url, multipart(fields, file), o);
  const captcha = async (key = randomBytes(12).toString('hex')) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/sys/code/getCode?key=${key}&appId=${APP_ID}`,
      headers: headers(),
    });
    if (res.headers['content-type'] !== 'image/png') throw new Error(`captcha failed: ${res.body}`);
    return key;
  };
  const login = async (loginName = ADMIN_LOGIN, password = ADMIN_PASSWORD) => {
    const key = await captcha();
    const res = await post<{ token: string; mid: number }>('/api/v1/mc/auth/login/loginName', {
      loginName,
      password,
      key,
      code: TEST_CAPTCHA,
    });
    if (res.meta.code !== 200) throw new Error(`login failed: ${JSON.stringify(res.meta)}`);
    return res.data;
  };
  // The data directory (uploads, the key for secrets at rest) goes with the app that made it: a test run leaves
  // nothing in /tmp. A second server on the same directory (`joins`) leaves it to the first.
  const ownsDataDir = !opts.joins || config.dataDir !== opts.joins.config.dataDir;
  const close = async () => {
    await app.close();
    if (ownsDataDir) fs.rmSync(config.dataDir, { recursive: true, force: true });
    if (serverUrl && !opts.joins) {
      if (fresh) releaseDatabase(serverUrl, fresh);
      else if (pgSchema) await dropSchema(serverUrl, pgSchema);
    }
  };
  return { ...built, config, pgSchema, sqliteFile, logs, get, post, upload, send, headers, captcha, login, close };
}
