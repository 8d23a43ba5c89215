import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { ADMIN_LOGIN, ADMIN_PASSWORD, APP_ID, SIGN, TEST_CAPTCHA } from '../test/harness.js';

const LOGIN = '/api/v1/mc/auth/login/loginName';

describe('wire contract', () => {
  const t = useTestApp();

  const captchaCount = async () => (await t.db.db.selectFrom('captcha').select('key').execute()).length;

  it('refuses a call without the sign header, with a wrong sign, a wrong appId or a wrong mcId (9001)', async () => {
    const body = { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD, key: 'a'.repeat(20), code: 'X' };
    expect((await t.post(LOGIN, body, { sign: null })).meta.code).toBe(9001);
    expect((await t.post(LOGIN, body, { sign: 'forged-sign' })).meta.code).toBe(9001);
    expect((await t.post(LOGIN, body, { appId: 'other-app' })).meta.code).toBe(9001);
    expect((await t.post(LOGIN, body, { appId: null })).meta.code).toBe(9001);
    expect((await t.post(LOGIN, { ...body, mcId: 'XYZ' })).meta.code).toBe(9001);
    expect((await t.post(LOGIN, body, { sign: null, locale: 'en-US' })).meta.message).toContain('appId or sign');
  });

  it('answers 400 naming a missing field', async () => {
    const key = await t.captcha();
    const res = await t.post(LOGIN, { password: ADMIN_PASSWORD, key, code: TEST_CAPTCHA });
    expect(res).toEqual({
      meta: { code: 400, message: 'The login name is required. Check it and try again. [400 · loginName]' },
      data: null,
    });
  });

  it('treats an empty string as null, so an empty required field is missing', async () => {
    const res = await t.post(LOGIN, { loginName: '', password: ADMIN_PASSWORD, key: 'k'.repeat(20), code: 'X' });
    expect(res.meta.message).toBe('The login name is required. Check it and try again. [400 · loginName]');
  });

  it('answers 400 naming an over-long field, a short password and a malformed key, in the caller language', async () => {
    const long = await t.post(LOGIN, {
      loginName: 'x'.repeat(121),
      password: ADMIN_PASSWORD,
      key: 'k'.repeat(20),
      code: 'X',
    });
    expect(long.meta.message).toBe(
      'The login name must be at most 120 characters. Check it and try again. [400 · loginName]',
    );
    const short = await t.post(
      LOGIN,
      { loginName: 'a', password: 'short', key: 'k'.repeat(20), code: 'X' },
      { locale: 'zh-TW' },
    );
    expect(short.meta).toEqual({
      code: 400,
      message: '密碼 長度須為 8 到 20 個字元。請檢查後再試一次。[400 · password]',
    });
    const badKey = await t.post(LOGIN, { loginName: 'a', password: ADMIN_PASSWORD, key: '../../etc', code: 'X' });
    expect(badKey.meta.message).toBe('key is not valid. Check it and try again. [400 · key]');
  });

  it('answers 400 naming a field of the wrong type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { ...t.headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({
        appId: APP_ID,
        loginName: 12,
        password: ADMIN_PASSWORD,
        key: 'k'.repeat(20),
        code: 'X',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.message).toBe(
      'The login name has the wrong type (expected text). Check it and try again. [400 · loginName]',
    );
  });

  it('answers 400, not 500, for a malformed body, an unsupported content type and an oversized body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { ...t.headers(), 'content-type': 'application/json' },
      payload: '{"loginName": ',
    });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().meta).toEqual({
      code: 400,
      message: 'What was sent could not be read. Check it and try again. [400 · body]',
    });
    const xml = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { ...t.headers(), 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.json().meta.code).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { ...t.headers(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `appId=${APP_ID}&loginName=${'x'.repeat(2 * 1024 * 1024)}`,
    });
    expect(huge.statusCode).toBe(200);
    expect(huge.json().meta.code).toBe(400);
    expect(huge.json().meta.message).toContain('What was sent is too large');
  });

  it('writes nothing for a refused captcha request', async () => {
    const before = await captchaCount();
    const res = await t.get('/api/v1/sys/code/getCode', { key: 'short' });
    expect(res.meta).toEqual({ code: 400, message: 'key is not valid. Check it and try again. [400 · key]' });
    expect(await captchaCount()).toBe(before);
  });

  it('serves a real PNG captcha, not cached', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sys/code/genValidateCode?key=${'b'.repeat(32)}&appId=${APP_ID}`,
      headers: { sign: SIGN },
    });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('answers unknown routes with 404 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing/here',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      meta: { code: 404, message: 'The requested resource does not exist [404]' },
      data: null,
    });
  });

  it('speaks zh-TW by default and en-US for languages it does not have', async () => {
    const noHeader = await t.app.inject({ method: 'GET', url: '/api/v1/member/profile' });
    expect(noHeader.json().meta.message).toBe('無法識別的用戶端（appId 或 sign 無效）[9001]');
    const french = await t.app.inject({
      method: 'GET',
      url: '/api/v1/member/profile',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(french.json().meta.message).toBe('Unrecognised client (appId or sign is invalid) [9001]');
  });

  it('reports the database in the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.json().data).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'sqlite' });
  });

  it('serves an OpenAPI document generated from the schemas, with form bodies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths[LOGIN].post;
    expect(Object.keys(login.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(login.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(
      expect.arrayContaining(['loginName', 'password', 'key', 'code']),
    );
    for (const route of t.app.routeTable) expect(doc.paths[route.url]?.[route.method.toLowerCase()]).toBeDefined();
  });

  it('never writes tokens, passwords or captcha answers to the logs', async () => {
    const { token } = await t.login();
    await t.get('/api/v1/member/profile', { token });
    await t.get('/api/v1/member/profile', {}, { token });
    await t.post('/api/v1/member/logout', { token });
    const key = await t.captcha();
    await t.post(LOGIN, { loginName: ADMIN_LOGIN, password: 'Wrong#Password1', key, code: TEST_CAPTCHA });
    const logs = t.logs.join('\n');
    expect(logs).toContain('"reqId"');
    expect(logs).toContain('/api/v1/member/profile');
    for (const secret of [token, ADMIN_PASSWORD, 'Wrong#Password1', SIGN]) expect(logs).not.toContain(secret);
    expect(logs).toContain('token=[redacted]');
  });

  it('answers with a request id header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
