import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import type { Member } from '@study-crm/shared';
import { APP_ID, testClock } from '../test/harness.js';
import { redactUrl } from './logging.js';

// Issue 13, should fix: captcha throttle and purge, proxy addresses, token redaction, URL fields, file titles, docs.
describe('captcha issuing per address', () => {
  const clock = testClock();
  const t = useTestApp({ clock, env: { CAPTCHA_IP_MAX_PER_MINUTE: '3', TRUST_PROXY: '1' } });

  const issue = async (forwardedFor: string, key = randomBytes(12).toString('hex')) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sys/code/getCode?key=${key}&appId=${APP_ID}`,
      headers: { ...t.headers(), 'x-forwarded-for': forwardedFor },
    });
    return res.headers['content-type'] === 'image/png' ? 200 : (res.json() as { meta: { code: number } }).meta.code;
  };

  it('refuses the fourth captcha within a minute from one client address (1005), and counts addresses apart', async () => {
    expect([await issue('203.0.113.7'), await issue('203.0.113.7'), await issue('203.0.113.7')]).toEqual([
      200, 200, 200,
    ]);
    expect(await issue('203.0.113.7')).toBe(1005);
    // TRUST_PROXY=1: the client address behind the proxy is the one limited.
    expect(await issue('198.51.100.9')).toBe(200);
    clock.advance(61_000);
    expect(await issue('203.0.113.7')).toBe(200);
  });

  it('purges expired captchas when issuing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('captcha')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    clock.advance(t.config.captchaTtlMs + 61_000);
    expect(await issue('192.0.2.1')).toBe(200);
    expect(await count()).toBe(1);
  });
});

describe('other hardening', () => {
  const t = useTestApp({ env: { API_DOCS: 'off' } });
  let token: string;
  beforeAll(async () => {
    ({ token } = await t.login());
  });

  it('redacts the token parameter however it is spelled, in the URL and in the log', async () => {
    expect(redactUrl('/a?%74oken=s3cret&x=1')).toBe('/a?%74oken=[redacted]&x=1');
    expect(redactUrl('/a?TOKEN=s3cret')).toBe('/a?TOKEN=[redacted]');
    expect(redactUrl('/a?x=1&pass%77ord=s3cret#f')).toBe('/a?x=1&pass%77ord=[redacted]#f');
    await t.app.inject({ method: 'GET', url: `/api/v1/member/profile?appId=${APP_ID}&%74oken=${token}` });
    expect(t.logs.join('\n')).not.toContain(token);
  });

  it('accepts only http(s) links or portal paths as an avatar, naming the field', async () => {
    const add = (avatar: string) =>
      t.post<Member>(
        '/api/v1/mc/member/add',
        {
          email: `a${Math.random().toString(36).slice(2)}@example.com`,
          password: 'Staff#2026pass',
          roleIds: [1],
          avatar,
        },
        { token },
      );
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>1</script>', '//evil.example/x.png']) {
      const res = await add(bad);
      expect(res.meta.code, bad).toBe(400);
      expect(res.meta.message).toContain('avatar');
    }
    expect((await add('https://cdn.example.com/a.png')).meta.code).toBe(200);
    expect((await add('/api/v1/mc/applicationRecord/downloadFile?id=3')).meta.code).toBe(200);
  });

  it('does not publish /api/docs when API_DOCS=off', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
  });
});
