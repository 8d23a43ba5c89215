import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';

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
