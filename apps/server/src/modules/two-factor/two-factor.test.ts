import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { Secret, TOTP } from 'otpauth';
import {
  ADMIN_ROLE_NAME,
  PERM,
  type LoginResult,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@study-crm/shared';
import { TEST_CAPTCHA, testClock } from '../../test/harness.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';

const STEP_MS = 30_000;
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;

// Issue 13: optional TOTP second factor for staff, recovery codes, lockout, administrator reset, roles requiring it.
describe('two-factor sign-in', () => {
  const clock = testClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  const t = useTestApp({
    clock,
    env: { LOGIN_MAX_FAILURES: '5', LOGIN_IP_MAX_ATTEMPTS: '1000', TWO_FACTOR_ROLES: 'ROLE_SECURE' },
  });
  let adminToken: string;
  let roleId: number;

  beforeAll(async () => {
    adminToken = (await t.login()).token;
    roleId = await createRole(t.db.db, 'ROLE_STAFF2FA', [PERM.memberList]);
  });

  const passwordStep = async (loginName: string, password = STAFF_PASSWORD) =>
    t.post<LoginResult | TwoFactorChallenge>('/api/v1/mc/auth/login/loginName', {
      loginName,
      password,
      key: await t.captcha(),
      code: TEST_CAPTCHA,
    });
  const codeStep = (ticket: string, code: string) =>
    t.post<LoginResult>('/api/v1/mc/auth/login/twoFactor', { ticket, code });
  const ticketOf = async (loginName: string) => {
    const res = await passwordStep(loginName);
    expect(res.meta.code).toBe(1010);
    return (res.data as TwoFactorChallenge).ticket;
  };

  // A staff member with TOTP on: their secret and recovery codes.
  async function enrolled(loginName: string, roles = [roleId]) {
    await createStaff(t.db.db, loginName, roles);
    const { token } = await t.login(loginName, STAFF_PASSWORD);
    const setup = await t.post<TwoFactorSetup>('/api/v1/member/twoFactor/setup', {}, { token });
    expect(setup.meta.code).toBe(200);
    clock.advance(STEP_MS);
    const confirm = await t.post<RecoveryCodes>(
      '/api/v1/member/twoFactor/confirm',
      { code: codeAt(setup.data.secret, clock.now()) },
      { token },
    );
    expect(confirm.meta.code).toBe(200);
    return { token, secret: setup.data.secret, recoveryCodes: confirm.data.recoveryCodes };
  }

  it('sets up with a QR code, confirms with a first code, shows ten recovery codes once, stores the secret sealed', async () => {
    const id = await createStaff(t.db.db, 'tf_setup', [roleId]);
    const { token } = await t.login('tf_setup', STAFF_PASSWORD);
    const before = await t.get<TwoFactorStatus>('/api/v1/member/twoFactor/status', {}, { token });
    expect(before.data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const setup = await t.post<TwoFactorSetup>('/api/v1/member/twoFactor/setup', {}, { token });
    expect(setup.meta.code).toBe(200);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauthUrl).toContain(`secret=${setup.data.secret}`);
    expect(setup.data.otpauthUrl).toContain('tf_setup');
    expect(setup.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const row = await t.db.db.selectFrom('memberTwoFactor').selectAll().where('memberId', '=', id).executeTakeFirst();
    expect(row?.secretEnc).toMatch(/^v1\./);
    expect(row?.secretEnc).not.toContain(setup.data.secret);
    expect(row?.enabledAt).toBeNull();

    // Still pending: sign-in needs the password only.
    expect((await passwordStep('tf_setup')).meta.code).toBe(200);

    const wrong = await t.post('/api/v1/member/twoFactor/confirm', { code: '000000' }, { token });
    expect(wrong.meta.code).toBe(1011);
    expect(wrong.meta.message).toBe('The code is wrong or has already been used');
    const bad = await t.post('/api/v1/member/twoFactor/confirm', { code: 'abc' }, { token });
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toContain('code');

    const confirm = await t.post<RecoveryCodes>(
      '/api/v1/member/twoFactor/confirm',
      { code: codeAt(setup.data.secret, clock.now()) },
      { token },
    );
    expect(confirm.meta.code).toBe(200);
    expect(confirm.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.data.recoveryCodes).size).toBe(10);
    for (const c of confirm.data.recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const stored = await t.db.db.selectFrom('memberRecoveryCode').selectAll().where('memberId', '=', id).execute();
    expect(stored).toHaveLength(10);
    for (const r of stored) expect(confirm.data.recoveryCodes.join()).not.toContain(r.codeHash);

    const after = await t.get<TwoFactorStatus>('/api/v1/member/twoFactor/status', {}, { token });
    expect(after.data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const again = await t.post('/api/v1/member/twoFactor/setup', {}, { token });
    expect(again.meta.code).toBe(409);
    // The secret never appears in a log line.
    expect(t.logs.join('\n')).not.toContain(setup.data.secret);
  });

  it('asks for the code after the password and signs in with it; a code is accepted once', async () => {
    const { secret } = await enrolled('tf_login');
    const first = await passwordStep('tf_login');
    expect(first.meta.code).toBe(1010);
    expect(first.meta.message).toBe('Enter the 6-digit code from your authenticator app');
    expect(first.data).not.toHaveProperty('token');
    const zh = await t.post(
      '/api/v1/mc/auth/login/loginName',
      { loginName: 'tf_login', password: STAFF_PASSWORD, key: await t.captcha(), code: TEST_CAPTCHA },
      { locale: 'zh-TW' },
    );
    expect(zh.meta.message).toBe('請輸入驗證器 App 顯示的 6 位數驗證碼');

    clock.advance(STEP_MS);
    const code = codeAt(secret, clock.now());
    const ok = await codeStep((first.data as TwoFactorChallenge).ticket, code);
    expect(ok.meta.code).toBe(200);
    const profile = await t.get('/api/v1/member/profile', {}, { token: ok.data.token });
    expect(profile.meta.code).toBe(200);

    // The same code again (same time step), even with a fresh ticket: refused.
    const replay = await codeStep(await ticketOf('tf_login'), code);
    expect(replay.meta.code).toBe(1011);
    // The password alone never opens a session, and a wrong password never yields a ticket.
    const wrongPassword = await passwordStep('tf_login', 'Wrong#pass2026');
    expect(wrongPassword.meta.code).toBe(401);
    expect(wrongPassword.data).toBeNull();
  });

  // Decision 356: authenticator apps show "123 456"; a code typed so was a 400 that cost the ticket and a count.
  it('signs in with a code typed with spaces inside, and a recovery code in groups', async () => {
    const { secret, recoveryCodes } = await enrolled('tf_spaced');
    clock.advance(STEP_MS);
    const code = codeAt(secret, clock.now());
    const ok = await codeStep(await ticketOf('tf_spaced'), ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(ok.meta, JSON.stringify(ok.meta)).toMatchObject({ code: 200 });
    const grouped = recoveryCodes[0]!.replace(/-/g, ' ');
    expect((await codeStep(await ticketOf('tf_spaced'), grouped)).meta.code).toBe(200);
    // Anything else is still a 400 naming the code.
    expectParamError(await codeStep(await ticketOf('tf_spaced'), '12 34 5'), 'code');
  });

  it('refuses a tampered, foreign or expired ticket with 1013', async () => {
    const { secret } = await enrolled('tf_ticket');
    const ticket = await ticketOf('tf_ticket');
    clock.advance(STEP_MS);
    const tampered = `${ticket.slice(0, -4)}AAAA`;
    expect((await codeStep(tampered, codeAt(secret, clock.now()))).meta.code).toBe(1013);
    expect((await codeStep('v1.bm90IGEgdGlja2V0', codeAt(secret, clock.now()))).meta.code).toBe(1013);
    clock.advance(6 * 60_000);
    expect((await codeStep(ticket, codeAt(secret, clock.now()))).meta.code).toBe(1013);
  });

  it('accepts each recovery code once', async () => {
    const { token, recoveryCodes } = await enrolled('tf_recovery');
    const [code] = recoveryCodes as [string];
    const ok = await codeStep(await ticketOf('tf_recovery'), code.toUpperCase());
    expect(ok.meta.code).toBe(200);
    const again = await codeStep(await ticketOf('tf_recovery'), code);
    expect(again.meta.code).toBe(1011);
    const status = await t.get<TwoFactorStatus>('/api/v1/member/twoFactor/status', {}, { token });
    expect(status.data.recoveryCodesLeft).toBe(9);
    // Without dashes too.
    const second = await codeStep(await ticketOf('tf_recovery'), recoveryCodes[1]!.replace(/-/g, ''));
    expect(second.meta.code).toBe(200);
  });

  it('counts wrong codes toward the account lock, atomically, and a right password does not reset the count', async () => {
    const { secret } = await enrolled('tf_lock');
    // Password (1) + wrong code (2), password again (3) + wrong code (4): the count is not reset in between.
    expect((await codeStep(await ticketOf('tf_lock'), '111111')).meta.code).toBe(1011);
    const ticket = await ticketOf('tf_lock');
    expect((await codeStep(ticket, '222222')).meta.code).toBe(1011);
    // 10 wrong codes at once with the same ticket: only the 5th attempt is checked, the rest are refused as locked.
    const codes = (await Promise.all(Array.from({ length: 10 }, () => codeStep(ticket, '333333')))).map(
      (r) => r.meta.code,
    );
    expect(countOf(codes, 1011)).toBe(0);
    expect(countOf(codes, 1002)).toBe(10);
    clock.advance(STEP_MS);
    const right = await codeStep(ticket, codeAt(secret, clock.now()));
    expect(right.meta.code).toBe(1002);
    expect((await passwordStep('tf_lock')).meta.code).toBe(1002);
  });

  it('locks after five wrong codes arriving at once from a fresh count', async () => {
    await enrolled('tf_parallel');
    const ticket = await ticketOf('tf_parallel');
    const codes = (await Promise.all(Array.from({ length: 20 }, () => codeStep(ticket, '444444')))).map(
      (r) => r.meta.code,
    );
    // The password step was attempt 1; attempts 2 to 4 are checked and wrong, the 5th locks, the rest are refused.
    expect(countOf(codes, 1011)).toBe(3);
    expect(countOf(codes, 1002)).toBe(17);
  });

  const disable = (token: string, body: Record<string, string>) =>
    t.post('/api/v1/member/twoFactor/disable', body, { token, locale: 'en-US' });

  const LOCK_MS = 15 * 60_000;

  it('locks a right code that comes past the limit, and lets the member in once the lock time has passed', async () => {
    const { secret } = await enrolled('tf_past');
    // Four wrong passwords (1-4), the right one (5, kept while a code is pending): the right code is attempt 6.
    for (let i = 0; i < 4; i++) expect((await passwordStep('tf_past', 'Wrong#pass2026')).meta.code).toBe(401);
    const ticket = await ticketOf('tf_past');
    clock.advance(STEP_MS);
    const past = await codeStep(ticket, codeAt(secret, clock.now()));
    expect(past.meta).toEqual({
      code: 1002,
      message: 'Too many failed sign-ins: this account is locked, try again in 15 minutes',
    });
    // The lock is written, so it runs out like any other: the count starts afresh and the member signs in.
    clock.advance(LOCK_MS - 60_000);
    expect((await passwordStep('tf_past')).meta.code).toBe(1002);
    clock.advance(60_000);
    const again = await ticketOf('tf_past');
    clock.advance(STEP_MS);
    expect((await codeStep(again, codeAt(secret, clock.now()))).meta.code).toBe(200);
  });

  it('locks turning it off past the limit the same way, until the lock time has passed', async () => {
    const { token, secret } = await enrolled('tf_past_off');
    for (let i = 0; i < 4; i++) expect((await passwordStep('tf_past_off', 'Wrong#pass2026')).meta.code).toBe(401);
    await ticketOf('tf_past_off');
    clock.advance(STEP_MS);
    const past = await disable(token, { password: STAFF_PASSWORD, code: codeAt(secret, clock.now()) });
    expect(past.meta.code).toBe(1002);
    clock.advance(LOCK_MS);
    const off = await disable(token, { password: STAFF_PASSWORD, code: codeAt(secret, clock.now()) });
    expect(off.meta.code).toBe(200);
    expect((await passwordStep('tf_past_off')).meta.code).toBe(200);
  });

  it('lets the member turn it off with the password and a code', async () => {
    const { token, secret, recoveryCodes } = await enrolled('tf_off');
    expect((await disable(token, { password: STAFF_PASSWORD, code: '555555' })).meta.code).toBe(1011);
    // The password is required (issue 38): missing → 400 naming it; wrong → refused, the recovery code not used.
    const missing = await disable(token, { code: codeAt(secret, clock.now()) });
    expect(missing.meta.code).toBe(400);
    expect(missing.meta.message).toContain('password');
    const wrong = await disable(token, { password: 'Wrong#2026pass', code: recoveryCodes[0]! });
    expect(wrong.meta).toEqual({ code: 400, message: 'Incorrect password' });
    expect((await t.get<TwoFactorStatus>('/api/v1/member/twoFactor/status', {}, { token })).data.enabled).toBe(true);
    const off = await disable(token, { password: STAFF_PASSWORD, code: recoveryCodes[0]! });
    expect(off.meta.code).toBe(200);
    expect((await passwordStep('tf_off')).meta.code).toBe(200);
  });

  it('counts wrong codes and passwords when turning it off against the sign-in lock, atomically', async () => {
    const { token, secret } = await enrolled('tf_off_lock');
    // 20 wrong codes at once (issue 38: 30 were taken before): attempts 1 to 4 are checked, the 5th locks, the rest
    // are refused unchecked, exactly as at the sign-in code step.
    const codes = (
      await Promise.all(Array.from({ length: 20 }, () => disable(token, { password: STAFF_PASSWORD, code: '666666' })))
    ).map((r) => r.meta.code);
    expect(countOf(codes, 1011)).toBe(4);
    expect(countOf(codes, 1002)).toBe(16);
    clock.advance(STEP_MS);
    const right = await disable(token, { password: STAFF_PASSWORD, code: codeAt(secret, clock.now()) });
    expect(right.meta.code).toBe(1002);
    expect((await t.get<TwoFactorStatus>('/api/v1/member/twoFactor/status', {}, { token })).data.enabled).toBe(true);
    // The same lock as sign-in.
    expect((await passwordStep('tf_off_lock')).meta.code).toBe(1002);

    // Wrong passwords count too.
    const { token: other } = await enrolled('tf_off_pw');
    const refused = (
      await Promise.all(Array.from({ length: 8 }, () => disable(other, { password: 'Wrong#2026pass', code: '666666' })))
    ).map((r) => r.meta.code);
    expect(countOf(refused, 400)).toBe(4);
    expect(countOf(refused, 1002)).toBe(4);
  });

  it('lets an administrator reset a second factor, within the access guard', async () => {
    const { secret } = await enrolled('tf_lost');
    const lostId = (
      await t.db.db.selectFrom('member').select('id').where('loginName', '=', 'tf_lost').executeTakeFirstOrThrow()
    ).id;
    // Without the permission: 403.
    const plain = await t.login('tf_plain_admin', STAFF_PASSWORD).catch(async () => {
      await createStaff(t.db.db, 'tf_plain_admin', [roleId]);
      return t.login('tf_plain_admin', STAFF_PASSWORD);
    });
    expect((await t.post('/api/v1/mc/member/resetTwoFactor', { id: lostId }, { token: plain.token })).meta.code).toBe(
      403,
    );
    // With the permission but acting on an administrator: refused by the access guard.
    const resetRole = await createRole(t.db.db, 'ROLE_RESETTER', [PERM.memberResetTwoFactor]);
    await createStaff(t.db.db, 'tf_resetter', [resetRole]);
    const resetter = await t.login('tf_resetter', STAFF_PASSWORD);
    const adminId = (
      await t.db.db.selectFrom('member').select('id').where('loginName', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const beyond = await t.post('/api/v1/mc/member/resetTwoFactor', { id: adminId }, { token: resetter.token });
    expect(beyond.meta.code).toBe(403);
    // tf_lost holds member:list, which the resetter lacks: refused too.
    expect(
      (await t.post('/api/v1/mc/member/resetTwoFactor', { id: lostId }, { token: resetter.token })).meta.code,
    ).toBe(403);
    expect((await t.post('/api/v1/mc/member/resetTwoFactor', { id: 999999 }, { token: adminToken })).meta.code).toBe(
      404,
    );

    const reset = await t.post('/api/v1/mc/member/resetTwoFactor', { id: lostId }, { token: adminToken });
    expect(reset.meta.code).toBe(200);
    // One audit entry for it, written by the reset's transaction (decision 133).
    const entries = await t.db.db
      .selectFrom('auditLog')
      .select('recordId')
      .where('module', '=', 'twoFactor')
      .where('action', '=', 'reset')
      .where('outcome', '=', 'ok')
      .execute();
    expect(entries.map((e) => e.recordId)).toEqual([lostId]);
    expect((await passwordStep('tf_lost')).meta.code).toBe(200);
    const left = await t.db.db.selectFrom('memberRecoveryCode').select('id').where('memberId', '=', lostId).execute();
    expect(left).toHaveLength(0);
    // The old secret is gone: setting up again gives a new one.
    const { token } = await t.login('tf_lost', STAFF_PASSWORD);
    const setup = await t.post<TwoFactorSetup>('/api/v1/member/twoFactor/setup', {}, { token });
    expect(setup.data.secret).not.toBe(secret);
  });

  it('refuses resetting one’s own second factor, which turns off only with the password and a code', async () => {
    const resetRole = await createRole(t.db.db, 'ROLE_SELF_RESETTER', [PERM.memberResetTwoFactor]);
    const { token } = await enrolled('tf_self', [resetRole]);
    const selfId = (
      await t.db.db.selectFrom('member').select('id').where('loginName', '=', 'tf_self').executeTakeFirstOrThrow()
    ).id;
    const own = await t.post('/api/v1/mc/member/resetTwoFactor', { id: selfId }, { token, locale: 'en-US' });
    expectParamError(own, 'id');
    expect(own.meta.message).toContain('"User centre › Profile"');
    const zh = await t.post('/api/v1/mc/member/resetTwoFactor', { id: selfId }, { token, locale: 'zh-TW' });
    expect(zh.meta.message).toContain('兩步驟登入');
    // Still on: the password alone does not sign in.
    expect((await t.get<TwoFactorStatus>('/api/v1/member/twoFactor/status', {}, { token })).data.enabled).toBe(true);
    expect((await passwordStep('tf_self')).meta.code).toBe(1010);
  });

  it('makes members of a required role set it up before anything but their own calls', async () => {
    const secure = await createRole(t.db.db, 'ROLE_SECURE', [PERM.memberList]);
    await createStaff(t.db.db, 'tf_required', [secure]);
    const { token } = await t.login('tf_required', STAFF_PASSWORD);
    const status = await t.get<TwoFactorStatus>('/api/v1/member/twoFactor/status', {}, { token });
    expect(status.data).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    const blocked = await t.get('/api/v1/mc/member', {}, { token });
    expect(blocked.meta.code).toBe(1012);
    expect(blocked.meta.message).toBe('Your role requires two-factor sign-in: set it up on your profile page first');
    expect((await t.get('/api/v1/member/profile', {}, { token })).meta.code).toBe(200);
    // Calls open to any signed-in member that answer by permissions see none until it is set up: no staff list
    // through an export, no staff through the search box.
    const exported = await t.get('/api/v1/export/file', { list: 'employee' }, { token });
    expect(exported.meta.code).toBe(403);
    const search = await t.get<{ groups: unknown[] }>('/api/v1/cake/search', { keyword: 'tf_required' }, { token });
    expect(search.meta.code).toBe(200);
    expect(search.data.groups).toEqual([]);

    const setup = await t.post<TwoFactorSetup>('/api/v1/member/twoFactor/setup', {}, { token });
    clock.advance(STEP_MS);
    const code = codeAt(setup.data.secret, clock.now());
    expect((await t.post('/api/v1/member/twoFactor/confirm', { code }, { token })).meta.code).toBe(200);
    expect((await t.get('/api/v1/mc/member', {}, { token })).meta.code).toBe(200);
    const searched = await t.get<{ groups: unknown[] }>('/api/v1/cake/search', { keyword: 'tf_required' }, { token });
    expect(searched.data.groups.length).toBeGreaterThan(0);
    // Required: it cannot be turned off by the member.
    clock.advance(STEP_MS);
    const off = await disable(token, { password: STAFF_PASSWORD, code: codeAt(setup.data.secret, clock.now()) });
    expect(off.meta.code).toBe(403);
    // Administrators are not in the required role here: unaffected.
    expect((await t.get('/api/v1/mc/member', {}, { token: adminToken })).meta.code).toBe(200);
    expect(ADMIN_ROLE_NAME).toBe('ROLE_ADMIN');
  });
});
