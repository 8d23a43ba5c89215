import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { APP_ID, SIGN, TEST_CAPTCHA, testClock, type Envelope } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';

const MINUTE = 60_000;
// The windows the two counters count in: LOGIN_IP_WINDOW_MINUTES and LOGIN_LOCK_MINUTES as set below.
const SIGN_IN_WINDOW = 15 * MINUTE;
const PASSWORD_WINDOW = 20 * MINUTE;

// Decision 379 left the sign-in throttle's counter (failed sign-ins per network address) and the password change's
// (wrong current passwords per member) purged by nothing: a row for every address and member ever seen. The daily
// retention run now drops their windows that have passed, each by the window it counts in, and keeps those still
// counting, which go on counting (both engines).
describe("the retention run drops the sign-in throttle's and the password change's passed windows", () => {
  const clock = testClock();
  const t = useTestApp({
    clock,
    env: {
      LOGIN_IP_MAX_ATTEMPTS: '3',
      LOGIN_IP_WINDOW_MINUTES: String(SIGN_IN_WINDOW / MINUTE),
      LOGIN_MAX_FAILURES: '3',
      LOGIN_LOCK_MINUTES: String(PASSWORD_WINDOW / MINUTE),
    },
  });
  let roleId: number;

  beforeAll(async () => {
    roleId = await createRole(t.db.db, 'ROLE_WINDOWS', []);
  });

  const keys = async (prefix: string) =>
    (await t.db.db.selectFrom('loginThrottle').select('key').where('key', 'like', `${prefix}%`).execute())
      .map((r) => r.key)
      .sort();
  const windowOf = (key: string) =>
    t.db.db.selectFrom('loginThrottle').select(['windowStart', 'count']).where('key', '=', key).executeTakeFirst();
  // A key's window begun `ago` before now.
  const setWindow = (key: string, ago: number, count: number) =>
    t.db.db
      .insertInto('loginThrottle')
      .values({ key, windowStart: clock.now() - ago, count })
      .execute();
  // Two other keys under the prefix: one whose window passed a minute ago, one with five minutes left.
  async function others(prefix: string, windowMs: number) {
    await setWindow(`${prefix}spent`, windowMs + MINUTE, 3);
    await setWindow(`${prefix}current`, windowMs - 5 * MINUTE, 1);
    return { spent: `${prefix}spent`, current: `${prefix}current` };
  }

  // A sign-in with a wrong password from `ip`.
  async function wrongSignIn(ip: string, password = 'Wrong#guess2026') {
    const key = await t.captcha();
    const payload = new URLSearchParams({ appId: APP_ID, mcId: 'COM', loginName: 'nobody-here', password, key });
    payload.set('code', TEST_CAPTCHA);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mc/auth/login/loginName',
      remoteAddress: ip,
      headers: { sign: SIGN, 'accept-language': 'en-US', 'content-type': 'application/x-www-form-urlencoded' },
      payload: payload.toString(),
    });
    return (res.json() as Envelope<unknown>).meta.code;
  }

  it('sign-in: drops the windows that have passed, keeps the one counting, which goes on to the limit', async () => {
    const ip = '10.61.0.1';
    expect(await wrongSignIn(ip)).toBe(Code.USER_NOT_EXIST);
    const own = `ip:${ip}`;
    expect(await windowOf(own)).toEqual({ windowStart: clock.now(), count: 1 });
    const { spent, current } = await others('ip:10.61.9.', SIGN_IN_WINDOW);
    clock.advance(MINUTE);

    expect(await t.app.retention.run()).not.toBeNull();
    // Before, nothing dropped them: the passed window was still there.
    expect(await keys('ip:10.61.')).toEqual([own, current].sort());
    expect(await keys('ip:')).not.toContain(spent);
    // The window kept still counts: the address's second and third failures, then the limit (three).
    expect(await wrongSignIn(ip)).toBe(Code.USER_NOT_EXIST);
    expect(await wrongSignIn(ip)).toBe(Code.USER_NOT_EXIST);
    expect(await windowOf(own)).toEqual({ windowStart: clock.now() - MINUTE, count: 3 });
    expect(await wrongSignIn(ip)).toBe(Code.TOO_MANY_ATTEMPTS);
  });

  it('password change: drops the windows that have passed, keeps the one counting, which goes on to the limit', async () => {
    const id = await createStaff(t.db.db, 'windows_changer', [roleId]);
    const { token } = await t.login('windows_changer', STAFF_PASSWORD);
    const change = async (oldPassword: string) =>
      (await t.post('/api/v1/member/password/change', { oldPassword, newPassword: 'Brand#new2026' }, { token })).meta
        .code;
    expect(await change('Wrong#guess2026')).toBe(400);
    const own = `password:${id}`;
    expect(await windowOf(own)).toEqual({ windowStart: clock.now(), count: 1 });
    const { spent, current } = await others('password:99999', PASSWORD_WINDOW);
    clock.advance(MINUTE);

    expect(await t.app.retention.run()).not.toBeNull();
    // Before, nothing dropped them: the passed window was still there.
    expect(await keys('password:')).toEqual([own, current].sort());
    expect(await keys('password:')).not.toContain(spent);
    // The window kept still counts: the second wrong password, then the third reaches the limit (three).
    expect(await change('Wrong#guess2026')).toBe(400);
    expect(await change('Wrong#guess2026')).toBe(Code.TOO_MANY_ATTEMPTS);
    expect(await windowOf(own)).toEqual({ windowStart: clock.now() - MINUTE, count: 3 });
    expect(await change(STAFF_PASSWORD)).toBe(Code.TOO_MANY_ATTEMPTS);
  });
});
