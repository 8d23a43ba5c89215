import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_HEADER, type Envelope, type ProfileData } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { ADMIN_LOGIN, ADMIN_PASSWORD, TEST_CAPTCHA, testClock } from '../../test/harness.js';
import { memberRow } from '../../seed/seed.js';
import { hashPassword } from '../member/index.js';
import { createSessionRepository } from './session.repository.js';
import { createSessionService } from './session.service.js';

const LOGIN = '/api/v1/mc/auth/login/loginName';

describe('sign-in', () => {
  const clock = testClock();
  const t = useTestApp({ clock, env: { LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15' } });
  beforeAll(async () => {
    const now = clock.now();
    const hash = await hashPassword('Student#123');
    // A student (not staff) and an inactive staff member, both with the same password.
    await t.db.db
      .insertInto('member')
      .values([
        memberRow(now, { loginName: 'student1', email: 'stu@example.com', passwordHash: hash, memberType: 'student' }),
        memberRow(now, { loginName: 'sleepy', email: null, passwordHash: hash, status: 'inactive' }),
        memberRow(now, { loginName: 'mobileStaff', areaCode: '44', mobile: '7700900123', passwordHash: hash }),
      ])
      .execute();
  });

  const attempt = async (body: Record<string, string>, url = LOGIN) => {
    const key = await t.captcha();
    return t.post<{ token: string; mid: number }>(url, { key, code: TEST_CAPTCHA, ...body });
  };

  it('signs the administrator in and returns a 256-bit token and the member id', async () => {
    const res = await attempt({ loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD });
    expect(res.meta.code).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.mid).toBeGreaterThan(0);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await t.login();
    const rows = await t.db.db.selectFrom('session').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('signs in by e-mail and by mobile with area code', async () => {
    await t.db.db
      .updateTable('member')
      .set({ email: 'boss@example.com' })
      .where('loginName', '=', ADMIN_LOGIN)
      .execute();
    const byEmail = await attempt(
      { email: ' BOSS@example.com ', password: ADMIN_PASSWORD },
      '/api/v1/mc/auth/login/email',
    );
    expect(byEmail.meta.code).toBe(200);
    const byMobile = await attempt(
      { areaCode: '+44', mobile: '7700900123', password: 'Student#123' },
      '/api/v1/mc/oadmin/mobile/login',
    );
    expect(byMobile.meta.code).toBe(200);
  });

  // Decision 356: binding stores the number without its trunk 0, as people type it.
  it('signs in by mobile typed with its trunk 0, as the number was bound', async () => {
    const byMobile = await attempt(
      { areaCode: '44', mobile: '07700900123', password: 'Student#123' },
      '/api/v1/mc/oadmin/mobile/login',
    );
    expect(byMobile.meta, JSON.stringify(byMobile.meta)).toMatchObject({ code: 200 });
    const row = await t.db.db
      .selectFrom('member')
      .select('id')
      .where('loginName', '=', 'mobileStaff')
      .executeTakeFirst();
    expect(byMobile.data.mid).toBe(row?.id);
  });

  it('answers 9004 for an unknown user', async () => {
    const res = await attempt({ loginName: 'nobody', password: 'whatever123' });
    expect(res.meta).toEqual({ code: 9004, message: 'User does not exist' });
  });

  it('answers 4001 for a wrong captcha answer', async () => {
    const key = await t.captcha();
    const res = await t.post(LOGIN, { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD, key, code: 'XXXX' });
    expect(res.meta).toEqual({ code: 4001, message: 'Verification code error' });
  });

  it('uses a captcha once only, right answer or wrong', async () => {
    const key = await t.captcha();
    const first = await t.post(LOGIN, { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD, key, code: TEST_CAPTCHA });
    expect(first.meta.code).toBe(200);
    const again = await t.post(LOGIN, { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD, key, code: TEST_CAPTCHA });
    expect(again.meta).toEqual({ code: 4002, message: 'Verification code invalid or expired' });
    const wrongKey = await t.captcha();
    await t.post(LOGIN, { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD, key: wrongKey, code: 'NOPE' });
    const retry = await t.post(LOGIN, {
      loginName: ADMIN_LOGIN,
      password: ADMIN_PASSWORD,
      key: wrongKey,
      code: TEST_CAPTCHA,
    });
    expect(retry.meta.code).toBe(4002);
  });

  it('expires a captcha after its time to live', async () => {
    const key = await t.captcha();
    clock.advance(t.config.captchaTtlMs + 1);
    const res = await t.post(LOGIN, { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD, key, code: TEST_CAPTCHA });
    expect(res.meta.code).toBe(4002);
  });

  it('answers 401 "Incorrect password" for a wrong password, without the session dialog code path', async () => {
    const res = await attempt({ loginName: 'sleepy', password: 'wrong-password' });
    expect(res.meta).toEqual({ code: 401, message: 'Incorrect password' });
  });

  it('answers 1001 for an inactive account with the right password', async () => {
    const res = await attempt({ loginName: 'sleepy', password: 'Student#123' });
    expect(res.meta.code).toBe(1001);
  });

  it('answers 6400 for a member who is not an administrator', async () => {
    const res = await attempt({ loginName: 'student1', password: 'Student#123' });
    expect(res.meta).toEqual({ code: 6400, message: 'You are not an administrator and cannot log in' });
  });

  it('locks an account after repeated wrong passwords and says for how long', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await attempt({ loginName: 'mobileStaff', password: 'bad-password' })).meta.code).toBe(401);
    }
    const third = await attempt({ loginName: 'mobileStaff', password: 'bad-password' });
    expect(third.meta.code).toBe(1002);
    expect(third.meta.message).toContain('15 minutes');
    const right = await attempt({ loginName: 'mobileStaff', password: 'Student#123' });
    expect(right.meta.code).toBe(1002);
    clock.advance(15 * 60_000 + 1);
    expect((await attempt({ loginName: 'mobileStaff', password: 'Student#123' })).meta.code).toBe(200);
  });

  it('localises login errors by Accept-Language', async () => {
    const key = await t.captcha();
    const body = { loginName: 'nobody', password: 'whatever123', key, code: TEST_CAPTCHA };
    expect((await t.post(LOGIN, body, { locale: 'zh-TW' })).meta.message).toBe('用戶不存在');
    const key2 = await t.captcha();
    expect((await t.post(LOGIN, { ...body, key: key2 }, { locale: 'zh-CN,zh;q=0.9' })).meta.message).toBe('用户不存在');
  });
});

describe('address rate limit', () => {
  const t = useTestApp({ env: { LOGIN_IP_MAX_ATTEMPTS: '4', LOGIN_IP_WINDOW_MINUTES: '10' } });

  it('refuses an address after too many failed attempts, even with the right password', async () => {
    for (let i = 0; i < 4; i++) {
      const key = await t.captcha();
      const res = await t.post(LOGIN, { loginName: `ghost${i}`, password: 'whatever123', key, code: TEST_CAPTCHA });
      expect(res.meta.code).toBe(9004);
    }
    const key = await t.captcha();
    const res = await t.post(LOGIN, { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD, key, code: TEST_CAPTCHA });
    expect(res.meta.code).toBe(1005);
    expect(res.meta.message).toContain('10 minutes');
  });
});

describe('sessions', () => {
  const clock = testClock();
  const t = useTestApp({ clock, env: { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '2' } });

  const profile = (token?: string | null) => t.get('/api/v1/member/profile', {}, { token: token ?? null });

  it('answers 401 to a protected call without a token, with a garbage token, or with a mismatched memberId', async () => {
    expect((await profile()).meta.code).toBe(401);
    expect((await profile('not-a-token')).meta.code).toBe(401);
    const { token, mid } = await t.login();
    expect((await t.get('/api/v1/member/profile', { memberId: mid }, { token })).meta.code).toBe(200);
    expect((await t.get('/api/v1/member/profile', { memberId: mid + 1 }, { token })).meta.code).toBe(401);
  });

  it('accepts the token as a Bearer header and as the contract token parameter', async () => {
    const { token } = await t.login();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/member/profile?appId=student-admin',
      headers: { ...t.headers(), authorization: `Bearer ${token}` },
    });
    expect(res.json().meta.code).toBe(200);
    expect((await t.get('/api/v1/member/profile', { token })).meta.code).toBe(200);
  });

  // A fresh session, used after each pause (minutes): still open after every pause but the last, expired after it.
  it.each([
    { name: 'expires an idle session', pauses: [29, 29, 31] },
    { name: 'expires a busy session at its absolute limit', pauses: [29, 29, 29, 29, 5] },
  ])('$name', async ({ pauses }) => {
    const { token } = await t.login();
    for (const [i, minutes] of pauses.entries()) {
      clock.advance(minutes * 60_000);
      expect((await profile(token)).meta.code, `after pause ${i + 1}`).toBe(i < pauses.length - 1 ? 200 : 401);
    }
  });

  // A screen left open polls its message box every minute: those calls answer, but keep no idle session alive.
  it('does not count a background call as activity', async () => {
    const { token } = await t.login();
    const poll = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/member/profile?appId=student-admin',
        headers: { ...t.headers({ token }), [BACKGROUND_HEADER]: '1' },
      });
      return (res.json() as { meta: { code: number } }).meta.code;
    };
    clock.advance(20 * 60_000);
    expect(await poll()).toBe(200);
    clock.advance(9 * 60_000);
    expect(await poll()).toBe(200);
    clock.advance(2 * 60_000);
    expect(await poll()).toBe(401);
    // The same calls without the header are activity.
    const other = await t.login();
    clock.advance(20 * 60_000);
    expect((await profile(other.token)).meta.code).toBe(200);
    clock.advance(20 * 60_000);
    expect((await profile(other.token)).meta.code).toBe(200);
  });

  // The web app warns before either limit (WCAG 2.2.1): the profile and a role switch tell it both.
  it("tells the profile's reader the session's idle limit and the time left to its end", async () => {
    const { token } = await t.login();
    clock.advance(10 * 60_000);
    const read = (await profile(token)) as Envelope<ProfileData>;
    expect(read.data.session).toEqual({ idleSeconds: 30 * 60, endsInSeconds: (2 * 60 - 10) * 60 });
    const switched = await t.post<ProfileData>('/api/v1/member/role/switch', { roleId: '' }, { token });
    expect(switched.meta.code).toBe(200);
    expect(switched.data.session).toEqual(read.data.session);
  });

  it('revokes the session on logout', async () => {
    const { token } = await t.login();
    const other = await t.login();
    expect((await t.post('/api/v1/member/logout', {}, { token })).meta.code).toBe(200);
    expect((await profile(token)).meta).toEqual({
      code: 401,
      message: 'Your login has expired or logged in elsewhere, please log in again',
    });
    expect((await profile(other.token)).meta.code).toBe(200);
  });

  // The sign-in check on a Kysely that records its statements.
  const checker = () => {
    const statements: string[] = [];
    const db = t.db.db.withPlugin({
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    return { sessions: createSessionService(createSessionRepository(db), t.config, clock), statements };
  };

  it('reads the session and its permissions in one statement', async () => {
    const { token, mid } = await t.login();
    const { sessions, statements } = checker();
    const member = await sessions.authenticate(token);
    expect(member?.id).toBe(mid);
    expect(member?.perms.has('payment:list')).toBe(true);
    // One snapshot: a session closed while the check runs is read live with its permissions or not at all (401),
    // never live without them (the 403 two parallel reads could give).
    expect(statements).toEqual(['SelectQueryNode']);
  });

  it('answers 200 or 401 (never 403) to calls racing their session being closed', async () => {
    for (let round = 0; round < 5; round++) {
      const { token } = await t.login();
      const calls = Array.from({ length: 8 }, () => t.get('/api/v1/mc/paymentRecord/list', {}, { token }));
      const [logout, ...codes] = await Promise.all([
        t.post('/api/v1/member/logout', {}, { token }).then((r) => r.meta.code),
        ...calls.map((c) => c.then((r) => r.meta.code)),
      ]);
      expect(logout).toBe(200);
      for (const code of codes) expect([200, 401]).toContain(code);
      expect((await profile(token)).meta.code).toBe(401);
    }
  });
});
