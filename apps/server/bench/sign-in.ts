import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { dictApi, paymentApi, projectApi, taskApi } from '@study-crm/shared';
import type { Config } from '../src/config.js';

// The client and administrator every bench server is started with.
export const BENCH = {
  appId: 'student-admin',
  sign: 'bench-sign-value',
  password: 'Bench#2026pass',
  captcha: 'BNCH',
} as const;

// The calls `npm run bench:profile` profiles and `npm run bench:ab` compares (issue 43): the trivial signed call and the
// filtered home list (status + a two-character name, first page).
const LIST = '/api/v1/mc/applicationRecord/list';
export const PROFILE_CASES = {
  trivial: '/api/v1/member/profile',
  'home list': `${LIST}?status=offer_unconditional&keyword=${encodeURIComponent('陳怡')}&pageNum=1&pageSize=20`,
} as const;

// The list pages `npm run bench:ab` also compares (issue 43): the home list's page 1, a deep page by number (page 200,
// and page 5,000 as `npm run bench` asks for, past the end below 100,000 rows), a common name's first page, the
// member list's page 1 and the dictionary's (a full page of the seeded entries, as every list through
// db/page-rows.ts reads one).
export const LIST_CASES = {
  'home p1': `${LIST}?pageNum=1&pageSize=20`,
  // A near page by number (the mixed load's; its window written into the statement on PostgreSQL, decision 324).
  'home p3': `${LIST}?pageNum=3&pageSize=20`,
  'home p200': `${LIST}?pageNum=200&pageSize=20`,
  'home p5000': `${LIST}?pageNum=5000&pageSize=20`,
  // A common one-character name alone: the page walks the list's order testing each row (decision 286).
  'home 陳': `${LIST}?keyword=${encodeURIComponent('陳')}&pageNum=1&pageSize=20`,
  'member p1': '/api/v1/mc/member?pageNum=1&pageSize=20',
  'dict p1': `${dictApi.list.url}?pageNum=1&pageSize=20`,
  // The project list's page 1 (the bench server seeds PROJECTS demo projects, with their tasks, beside the applications).
  'projects p1': `${projectApi.list.url}?pageNum=1&pageSize=20`,
  // The task list's page 1 (the demo projects' tasks).
  'tasks p1': `${taskApi.list.url}?pageNum=1&pageSize=20`,
  // The payment records' page 1 (as many demo payments as applications, as `npm run bench` seeds them).
  'payments p1': `${paymentApi.list.url}?pageNum=1&pageSize=20`,
  dashboard: '/api/v1/cake/rpt/dashboard?days=30',
} as const;

// The demo projects a bench server seeds: more than a page, each with up to four members.
export const PROJECTS = 30;

// A bench server's environment: its data under `dir`, the bench's client and administrator, no logs, and sessions
// that do not idle out during a long run.
export const benchEnv = (dir: string) => ({
  NODE_ENV: 'test',
  DATA_DIR: dir,
  ADMIN_LOGIN: 'admin',
  ADMIN_PASSWORD: BENCH.password,
  APP_ID: BENCH.appId,
  CLIENT_SIGN: BENCH.sign,
  CAPTCHA_TEST_CODE: BENCH.captcha,
  LOG_LEVEL: 'silent',
  SESSION_IDLE_MINUTES: '600',
  // (A session for each client of a load: a hundred sign-ins, and their captchas, from one address.)
  LOGIN_IP_MAX_ATTEMPTS: '10000',
  CAPTCHA_IP_MAX_PER_MINUTE: '10000',
});

// One call of the sign-in, however it reaches the server (app.inject or HTTP): the answer's text.
type Send = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string) => Promise<string>;
type Client = { appId: string; mcId: string; sign: string; code: string };

// The real sign-in calls: a captcha (answered with the configured CAPTCHA_TEST_CODE), then the password.
async function signIn(
  send: Send,
  client: Client,
  login: { name: string; password: string },
): Promise<{ token: string; mid: number }> {
  const headers = { sign: client.sign, 'accept-language': 'en-US' };
  const key = randomBytes(8).toString('hex');
  await send('GET', `/api/v1/sys/code/getCode?key=${key}&appId=${client.appId}&mcId=${client.mcId}`, headers);
  const answer = await send(
    'POST',
    '/api/v1/mc/auth/login/loginName',
    { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({
      appId: client.appId,
      mcId: client.mcId,
      loginName: login.name,
      password: login.password,
      key,
      code: client.code,
    }).toString(),
  );
  const body = JSON.parse(answer) as { meta: { code: number; message: string }; data: { token: string; mid: number } };
  if (body.meta.code !== 200) throw new Error(`sign-in refused: ${body.meta.message}`);
  return body.data;
}

// The administrator's session for a bench, through the app in process: the token and member id the web app would
// keep.
export function signInAdmin(
  app: FastifyInstance,
  config: Config,
  login: { name: string; password: string },
): Promise<{ token: string; mid: number }> {
  const client = {
    appId: config.appId,
    mcId: config.mcId,
    sign: config.clientSign,
    code: config.captchaTestCode ?? '',
  };
  const send: Send = async (method, url, headers, payload) =>
    (await app.inject({ method, url, headers, payload })).body;
  return signIn(send, client, login);
}

// Another session of the bench's administrator on a listening server, over HTTP (so it works on any checkout's bench
// server, as `npm run bench:ab`'s other side): loads whose clients each hold a session of their own, as a team's
// staff do, where one token for every client would let the server answer them as one.
export async function signInOverHttp(port: number): Promise<string> {
  const send: Send = async (method, url, headers, body) =>
    (await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body })).text();
  const client = { appId: BENCH.appId, mcId: 'COM', sign: BENCH.sign, code: BENCH.captcha };
  return (await signIn(send, client, { name: 'admin', password: BENCH.password })).token;
}
