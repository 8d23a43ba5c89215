import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';

// The client and administrator every bench server is started with.
export const BENCH = {
  appId: 'student-admin',
  sign: 'bench-sign-value',
  password: 'Bench#2026pass',
  captcha: 'BNCH',
} as const;

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
});

// The administrator's session for a bench, through the real sign-in calls (a captcha answered with the configured
// CAPTCHA_TEST_CODE): the token and member id the web app would keep.
export async function signInAdmin(
  app: FastifyInstance,
  config: Config,
  login: { name: string; password: string },
): Promise<{ token: string; mid: number }> {
  const headers = { sign: config.clientSign, 'accept-language': 'en-US' };
  const common = `appId=${config.appId}&mcId=${config.mcId}`;
  const key = randomBytes(8).toString('hex');
  await app.inject({ method: 'GET', url: `/api/v1/sys/code/getCode?key=${key}&${common}`, headers });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/mc/auth/login/loginName',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      appId: config.appId,
      mcId: config.mcId,
      loginName: login.name,
      password: login.password,
      key,
      code: config.captchaTestCode ?? '',
    }).toString(),
  });
  const body = res.json<{ meta: { code: number; message: string }; data: { token: string; mid: number } }>();
  if (body.meta.code !== 200) throw new Error(`sign-in refused: ${body.meta.message}`);
  return body.data;
}
