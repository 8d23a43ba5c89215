import { describe, expect, it } from 'vitest';
import { Code, type CodeSent } from '@study-crm/shared';
import type { Updateable } from 'kysely';
import type { MemberTable } from '../../db/schema.js';
import { STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { testClock, TEST_CAPTCHA } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';
import { staffWith } from '../../test/application-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';

const M = '/api/v1/member';
const smtp = await useSmtpServer();

describe('verification codes, binding and reset by e-mail', () => {
  const clock = testClock();
  const t = useTestApp({ clock, env: { DELIVERY_POLL_MS: '20', RESET_CODE_MAX_PER_HOUR: '1000' } });
  let n = 0;

  // A fresh staff member, signed in.
  async function member() {
    n += 1;
    const login = `codes${n}`;
    const id = await staffWith(t, login, []);
    const { token } = await t.login(login, STAFF_PASSWORD);
    return { id, login, token };
  }
  // Sets a member's sign-in details (e-mail, mobile, login name) straight in the database, skipping the binding flow.
  const setMember = (id: number, values: Updateable<MemberTable>) =>
    t.db.db.updateTable('member').set(values).where('id', '=', id).execute();
  // The 6-digit code of the latest e-mail that arrives for the address after `before` e-mails had arrived.
  async function codeFor(address: string, before: number): Promise<string> {
    for (let i = 0; i < 400; i += 1) {
      const got = smtp.mailsTo(address);
      if (got.length > before) {
        const text = got[got.length - 1]!.mail.text ?? '';
        const m = /\b(\d{6})\b/.exec(text);
        if (!m) throw new Error(`no code in: ${text}`);
        return m[1]!;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no e-mail arrived for ${address}`);
  }
  const count = (address: string) => smtp.mailsTo(address).length;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  // Moves past the 60-second resend block.
  const later = () => clock.advance(61_000);

  it('refuses every binding call without a session (401) and the mobile code while SMS is not available', async () => {
    for (const url of ['email/sms/request', 'email/bindEmail', 'mobile/bindMobile', 'email/unbindEmail']) {
      const res = await t.post(`${M}/${url}`, { purpose: 'bind', email: 'a@example.com', code: '123456' });
      expect(res.meta.code, url).toBe(401);
    }
    const { token } = await member();
    const sms = await t.post(
      `${M}/mobile/sms/request`,
      { purpose: 'bind', areaCode: '44', mobile: '07700 900123' },
      { token },
    );
    expect(sms.meta.code).toBe(Code.SMS_UNAVAILABLE);
    expect(sms.meta.message).toBe('SMS is not available: the code cannot be sent');
    // Refused sends leave no resend block behind.
    const again = await t.post(
      `${M}/mobile/sms/request`,
      { purpose: 'bind', areaCode: '44', mobile: '7700900123' },
      { token },
    );
    expect(again.meta.code).toBe(Code.SMS_UNAVAILABLE);
  });

  it('validates the mobile by region and refuses a mobile another member holds (5402)', async () => {
    const { token } = await member();
    const bad = await t.post(
      `${M}/mobile/sms/request`,
      { purpose: 'bind', areaCode: '44', mobile: '12345' },
      { token },
    );
    expectParamError(bad, 'mobile');
    const other = await member();
    await setMember(other.id, { areaCode: '44', mobile: '7700900999' });
    const taken = await t.post(
      `${M}/mobile/sms/request`,
      { purpose: 'bind', areaCode: '+44', mobile: '07700900999' },
      { token },
    );
    expect(taken.meta.code).toBe(Code.MOBILE_EXISTS);
    const bind = await t.post(
      `${M}/mobile/bindMobile`,
      { areaCode: '44', mobile: '7700900999', code: '123456' },
      { token },
    );
    expect(bind.meta.code).toBe(Code.MOBILE_EXISTS);
  });

  it('refuses e-mail codes while no mail server is set up (7205), then sends them once one is', async () => {
    const { token } = await member();
    const none = await t.post(`${M}/email/sms/request`, { purpose: 'bind', email: 'first@example.com' }, { token });
    expect(none.meta.code).toBe(Code.MAIL_UNAVAILABLE);
    await addSenderFor(t, smtp, await t.login());
    const sent = await t.post<CodeSent>(
      `${M}/email/sms/request`,
      { purpose: 'bind', email: 'first@example.com' },
      { token },
    );
    expect(sent.meta.code).toBe(200);
    expect(sent.data).toEqual({ resendSeconds: 60, expiresSeconds: 600 });
    expect(await codeFor('first@example.com', 0)).toMatch(/^\d{6}$/);
    // The code e-mail is not in the administrators' e-mail list, and its body is not stored readable.
    const admin = await t.login();
    const list = await t.get<{ total: number }>('/admin/v1/message/email/list', {}, { token: admin.token });
    expect(list.data.total).toBe(0);
    const rows = await t.db.db.selectFrom('emailMessage').select(['bodyHtml', 'isSystem']).execute();
    expect(rows.every((r) => r.isSystem === 1 && r.bodyHtml.startsWith('v1.'))).toBe(true);
    const codes = await t.db.db.selectFrom('verificationCode').select(['codeHash']).execute();
    expect(codes.every((c) => /^[0-9a-f]{64}$/.test(c.codeHash))).toBe(true);
  });

  it('blocks a second send within 60 seconds per address and purpose, also for parallel requests', async () => {
    const { token } = await member();
    const ask = () => t.post(`${M}/email/sms/request`, { purpose: 'bind', email: 'block@example.com' }, { token });
    const both = await Promise.all([ask(), ask()]);
    expect(both.map((r) => r.meta.code).sort()).toEqual([200, Code.RESEND_TOO_SOON]);
    const again = await ask();
    expect(again.meta.code).toBe(Code.RESEND_TOO_SOON);
    expect(again.meta.message).toBe('Cannot be sent again within 60 seconds');
    clock.advance(59_000);
    expect((await ask()).meta.code).toBe(Code.RESEND_TOO_SOON);
    clock.advance(2_000);
    expect((await ask()).meta.code).toBe(200);
  });

  it('binds an e-mail with its code, then refuses the code a second time', async () => {
    const { token } = await member();
    const before = count('bind@example.com');
    await t.post(`${M}/email/sms/request`, { purpose: 'bind', email: 'Bind@Example.com' }, { token });
    const code = await codeFor('bind@example.com', before);
    const mismatch = await t.post(`${M}/email/bindEmail`, { email: 'bind@example.com', code: wrong(code) }, { token });
    expect(mismatch.meta.code).toBe(Code.VERIFY_CODE_MISMATCH);
    expect(mismatch.meta.message).toBe('Verification code does not exist or does not match');
    const ok = await t.post(`${M}/email/bindEmail`, { email: 'bind@example.com', code }, { token });
    expect(ok.meta.code).toBe(200);
    const profile = await t.get<{ email: string }>(`${M}/profile`, {}, { token });
    expect(profile.data.email).toBe('bind@example.com');
    const reuse = await t.post(`${M}/email/bindEmail`, { email: 'bind@example.com', code }, { token });
    expect(reuse.meta.code).toBe(Code.ALREADY_BOUND);
  });

  it('refuses an address another member holds (5403)', async () => {
    const a = await member();
    await setMember(a.id, { email: 'held@example.com' });
    const { token } = await member();
    const res = await t.post(`${M}/email/sms/request`, { purpose: 'bind', email: 'HELD@example.com' }, { token });
    expect(res.meta.code).toBe(Code.EMAIL_EXISTS);
    const bind = await t.post(`${M}/email/bindEmail`, { email: 'held@example.com', code: '123456' }, { token });
    expect(bind.meta.code).toBe(Code.EMAIL_EXISTS);
  });

  it('expires a code after 10 minutes', async () => {
    const { token } = await member();
    await t.post(`${M}/email/sms/request`, { purpose: 'bind', email: 'late@example.com' }, { token });
    const code = await codeFor('late@example.com', 0);
    clock.advance(10 * 60_000 + 1);
    const res = await t.post(`${M}/email/bindEmail`, { email: 'late@example.com', code }, { token });
    expect(res.meta.code).toBe(Code.VERIFY_CODE_EXPIRED);
    expect(res.meta.message).toBe('Verification code invalid or expired');
  });

  it('locks a code after 5 wrong tries: the right code is then refused', async () => {
    const { token } = await member();
    await t.post(`${M}/email/sms/request`, { purpose: 'bind', email: 'guess@example.com' }, { token });
    const code = await codeFor('guess@example.com', 0);
    for (let i = 0; i < 5; i += 1) {
      const res = await t.post(`${M}/email/bindEmail`, { email: 'guess@example.com', code: wrong(code) }, { token });
      expect(res.meta.code).toBe(Code.VERIFY_CODE_MISMATCH);
    }
    const res = await t.post(`${M}/email/bindEmail`, { email: 'guess@example.com', code }, { token });
    expect(res.meta.code).toBe(Code.VERIFY_CODE_EXPIRED);
  });

  it('lets only one of two parallel uses of a code pass', async () => {
    const { token, id } = await member();
    await t.post(`${M}/email/sms/request`, { purpose: 'bind', email: 'twice@example.com' }, { token });
    const code = await codeFor('twice@example.com', 0);
    const use = () => t.post(`${M}/email/bindEmail`, { email: 'twice@example.com', code }, { token });
    const codes = (await Promise.all([use(), use()])).map((r) => r.meta.code).sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).not.toBe(200);
    const rows = await t.db.db.selectFrom('verificationCode').select('consumedAt').where('memberId', '=', id).execute();
    expect(rows.filter((r) => r.consumedAt !== null)).toHaveLength(1);
  });

  it('replaces the e-mail with codes of the old then the new address, and unbinds it with a code', async () => {
    const { token } = await member();
    await t.post(`${M}/email/sms/request`, { purpose: 'bind', email: 'old@example.com' }, { token });
    let code = await codeFor('old@example.com', 0);
    expect((await t.post(`${M}/email/bindEmail`, { email: 'old@example.com', code }, { token })).meta.code).toBe(200);

    // The web form sends the new address's field empty with the code to the current one ('' counts as absent).
    const toOld = await t.post(`${M}/email/sms/request`, { purpose: 'rebindOld', email: '' }, { token });
    expect(toOld.meta.code).toBe(200);
    const oldCode = await codeFor('old@example.com', 1);
    await t.post(`${M}/email/sms/request`, { purpose: 'rebindNew', email: 'new@example.com' }, { token });
    const newCode = await codeFor('new@example.com', 0);
    // The two codes are not interchangeable.
    const swapped = await t.post(
      `${M}/email/reBindEmail`,
      { oldCode: newCode, email: 'new@example.com', code: oldCode },
      { token },
    );
    expect(swapped.meta.code).toBe(Code.VERIFY_CODE_MISMATCH);
    const ok = await t.post(`${M}/email/reBindEmail`, { oldCode, email: 'new@example.com', code: newCode }, { token });
    expect(ok.meta.code).toBe(200);
    expect((await t.get<{ email: string }>(`${M}/profile`, {}, { token })).data.email).toBe('new@example.com');

    later();
    expect((await t.post(`${M}/email/sms/request`, { purpose: 'unbind', email: '' }, { token })).meta.code).toBe(200);
    code = await codeFor('new@example.com', 1);
    expect((await t.post(`${M}/email/unbindEmail`, { code }, { token })).meta.code).toBe(200);
    expect((await t.get<{ email: string | null }>(`${M}/profile`, {}, { token })).data.email).toBeNull();
    expect((await t.post(`${M}/email/sms/request`, { purpose: 'unbind' }, { token })).meta.code).toBe(Code.NOT_BOUND);
  });

  it('sends mobile codes to the bound mobile only when one is bound, and keeps the last way to sign in', async () => {
    const { id, token } = await member();
    const none = await t.post(`${M}/mobile/sms/request`, { purpose: 'unbind' }, { token });
    expect(none.meta.code).toBe(Code.NOT_BOUND);
    await setMember(id, { areaCode: '886', mobile: '912000111', loginName: null, email: null });
    const again = await t.post(
      `${M}/mobile/sms/request`,
      { purpose: 'bind', areaCode: '44', mobile: '7700900555' },
      { token },
    );
    expect(again.meta.code).toBe(Code.ALREADY_BOUND);
    const last = await t.post(`${M}/mobile/unbindMobile`, { code: '123456' }, { token });
    expect(last.meta.code).toBe(Code.LAST_SIGN_IN_WAY);
    const rebind = await t.post(
      `${M}/mobile/reBindMobile`,
      { oldCode: '123456', areaCode: '886', mobile: '0912000111', code: '123456' },
      { token },
    );
    expect(rebind.meta.code).toBe(Code.MOBILE_EXISTS);
    const noCode = await t.post(
      `${M}/mobile/reBindMobile`,
      { oldCode: '123456', areaCode: '886', mobile: '912000222', code: '123456' },
      { token },
    );
    expect(noCode.meta.code).toBe(Code.VERIFY_CODE_EXPIRED);
  });

  // Decision 355: binding codes allowed 5 tries each and a new one every minute, so the code an unbind or a rebind
  // sends to the bound address could be guessed some 7,200 times a day from a stolen session. Now at most 10 tries
  // per member and purpose in 24 hours, across codes.
  describe('binding tries across codes', () => {
    const unbind = (token: string, code: string, locale?: string) =>
      t.post(`${M}/email/unbindEmail`, { code }, { token, locale });
    async function boundMember(email: string) {
      const m = await member();
      await setMember(m.id, { email });
      return m;
    }
    // A fresh unbind code, sent to the bound address (past the resend block).
    async function unbindCode(token: string, email: string): Promise<string> {
      later();
      const before = count(email);
      const sent = await t.post(`${M}/email/sms/request`, { purpose: 'unbind' }, { token });
      expect(sent.meta, JSON.stringify(sent.meta)).toMatchObject({ code: 200 });
      return codeFor(email, before);
    }
    async function wrongUnbinds(token: string, code: string, n: number) {
      for (let i = 0; i < n; i += 1)
        expect((await unbind(token, wrong(code))).meta.code).toBe(Code.VERIFY_CODE_MISMATCH);
    }
    const emailOf = async (token: string) =>
      (await t.get<{ email: string | null }>(`${M}/profile`, {}, { token })).data.email;

    it('refuses an unbind after 10 tries across codes, the right value of a fresh code too, for 24 hours', async () => {
      const email = 'capped-unbind@example.com';
      const { login, token } = await boundMember(email);
      await wrongUnbinds(token, await unbindCode(token, email), 5);
      await wrongUnbinds(token, await unbindCode(token, email), 4);
      const fresh = await unbindCode(token, email);
      await wrongUnbinds(token, fresh, 1);
      const right = await unbind(token, fresh, 'en-US');
      expect(right.meta).toEqual({
        code: Code.TOO_MANY_ATTEMPTS,
        message: 'Too many wrong codes: this binding change is paused, try again in 24 hour(s)',
      });
      expect((await unbind(token, fresh, 'zh-TW')).meta.message).toContain('綁定變更');
      expect((await unbind(token, fresh, 'zh-CN')).meta.message).toContain('绑定变更');
      expect(await emailOf(token)).toBe(email);
      // No new code is sent to the address meanwhile.
      later();
      const before = count(email);
      const more = await t.post(`${M}/email/sms/request`, { purpose: 'unbind' }, { token });
      expect(more.meta.code).toBe(Code.TOO_MANY_ATTEMPTS);
      await new Promise((r) => setTimeout(r, 200));
      expect(count(email)).toBe(before);
      // The window passes: a new code works again (in a new session: the old one has ended by then).
      clock.advance(24 * 60 * 60_000);
      const next = (await t.login(login, STAFF_PASSWORD)).token;
      expect((await unbind(next, await unbindCode(next, email))).meta.code).toBe(200);
      expect(await emailOf(next)).toBeNull();
    });

    it('counts a rebind’s code to the bound address the same way', async () => {
      const email = 'capped-rebind@example.com';
      const { token } = await boundMember(email);
      const ask = async () => {
        later();
        const before = count(email);
        expect((await t.post(`${M}/email/sms/request`, { purpose: 'rebindOld' }, { token })).meta.code).toBe(200);
        return codeFor(email, before);
      };
      const rebind = (oldCode: string) =>
        t.post(`${M}/email/reBindEmail`, { oldCode, email: 'elsewhere@example.com', code: '123456' }, { token });
      let code = '';
      for (let round = 0; round < 2; round += 1) {
        code = await ask();
        for (let i = 0; i < 5; i += 1) expect((await rebind(wrong(code))).meta.code).toBe(Code.VERIFY_CODE_MISMATCH);
      }
      expect((await rebind(code)).meta.code).toBe(Code.TOO_MANY_ATTEMPTS);
      later();
      expect((await t.post(`${M}/email/sms/request`, { purpose: 'rebindOld' }, { token })).meta.code).toBe(
        Code.TOO_MANY_ATTEMPTS,
      );
    });

    it('lets the right code through within the cap and then forgets the tries', async () => {
      const email = 'within-unbind@example.com';
      const { id, token } = await boundMember(email);
      await wrongUnbinds(token, await unbindCode(token, email), 5);
      const code = await unbindCode(token, email);
      await wrongUnbinds(token, code, 4);
      expect((await unbind(token, code)).meta.code).toBe(200);
      const rows = await t.db.db
        .selectFrom('loginThrottle')
        .select('key')
        .where('key', '=', `bindTry:${id}:email:unbind`)
        .execute();
      expect(rows).toEqual([]);
    });

    it('counts racing tries one by one: of 14 at once, exactly 10 are looked at', async () => {
      const email = 'racing-unbind@example.com';
      const { id, token } = await boundMember(email);
      const code = await unbindCode(token, email);
      const answers = await Promise.all(Array.from({ length: 14 }, () => unbind(token, wrong(code))));
      const codes = answers.map((r) => r.meta.code);
      // Of the 10 looked at, the code itself allows 5 (then it is locked: 7200).
      expect(codes.filter((c) => c === Code.VERIFY_CODE_MISMATCH)).toHaveLength(5);
      expect(codes.filter((c) => c === Code.VERIFY_CODE_EXPIRED)).toHaveLength(5);
      expect(codes.filter((c) => c === Code.TOO_MANY_ATTEMPTS)).toHaveLength(4);
      const row = await t.db.db
        .selectFrom('loginThrottle')
        .select('count')
        .where('key', '=', `bindTry:${id}:email:unbind`)
        .executeTakeFirst();
      expect(Number(row?.count)).toBe(14);
    });
  });

  describe('forgotten password by e-mail', () => {
    const resetCode = async (email: string) =>
      t.post<CodeSent>(`${M}/password/resetPwdByEmail/request`, {
        email,
        key: await t.captcha(),
        captcha: TEST_CAPTCHA,
      });

    it('needs a right captcha', async () => {
      const res = await t.post(`${M}/password/resetPwdByEmail/request`, {
        email: 'x@example.com',
        key: await t.captcha(),
        captcha: 'NOPE',
      });
      expect(res.meta.code).toBe(Code.CAPTCHA_ERROR);
    });

    it('answers the same for an unknown address and sends nothing to it', async () => {
      const unknown = await resetCode('nobody@example.com');
      expect(unknown.meta.code).toBe(200);
      expect(unknown.data).toEqual({ resendSeconds: 60, expiresSeconds: 600 });
      expect((await resetCode('nobody@example.com')).meta.code).toBe(Code.RESEND_TOO_SOON);
      await new Promise((r) => setTimeout(r, 200));
      expect(count('nobody@example.com')).toBe(0);
      const reset = await t.post(`${M}/password/resetPwdByEmail`, {
        email: 'nobody@example.com',
        code: '123456',
        password: 'Another#2026',
      });
      expect(reset.meta.code).toBe(Code.VERIFY_CODE_EXPIRED);
    });

    it('answers a wrong code alike for an account and an unknown address (issue 38)', async () => {
      const { id } = await member();
      await setMember(id, { email: 'real-reset@example.com' });
      expect((await resetCode('real-reset@example.com')).meta.code).toBe(200);
      expect((await resetCode('ghost-reset@example.com')).meta.code).toBe(200);
      const bad = wrong(await codeFor('real-reset@example.com', 0));
      const attempt = (email: string, locale: string) =>
        t.post(`${M}/password/resetPwdByEmail`, { email, code: bad, password: 'Another#2026' }, { locale });
      for (const locale of ['zh-TW', 'en-US']) {
        const real = await attempt('real-reset@example.com', locale);
        const ghost = await attempt('ghost-reset@example.com', locale);
        expect(real.meta.code).toBe(Code.VERIFY_CODE_EXPIRED);
        expect(real.meta).toEqual(ghost.meta);
      }
    });

    it('sets a new password with the e-mailed code and signs out every session', async () => {
      const { id, login, token } = await member();
      await setMember(id, { email: 'forgot@example.com' });
      const second = await t.login(login, STAFF_PASSWORD);
      const sent = await resetCode('Forgot@example.com');
      expect(sent.meta.code).toBe(200);
      const code = await codeFor('forgot@example.com', 0);
      const short = await t.post(`${M}/password/resetPwdByEmail`, {
        email: 'forgot@example.com',
        code,
        password: 'short',
      });
      expect(short.meta.code).toBe(400);
      const res = await t.post(`${M}/password/resetPwdByEmail`, {
        email: 'forgot@example.com',
        code,
        password: 'Brand#New2026',
      });
      expect(res.meta.code).toBe(200);
      for (const s of [token, second.token])
        expect((await t.get(`${M}/profile`, {}, { token: s })).meta.code).toBe(401);
      await expect(t.login(login, STAFF_PASSWORD)).rejects.toThrow();
      expect((await t.login(login, 'Brand#New2026')).mid).toBe(id);
      const again = await t.post(`${M}/password/resetPwdByEmail`, {
        email: 'forgot@example.com',
        code,
        password: 'Other#New2026',
      });
      expect(again.meta.code).toBe(Code.VERIFY_CODE_EXPIRED);
    });

    // Decision 341: at most 10 wrong codes per address in 24 hours across its codes, not 5 per code and a new code
    // every minute.
    const tryReset = (email: string, code: string, locale?: string) =>
      t.post(`${M}/password/resetPwdByEmail`, { email, code, password: 'Brand#New2026' }, { locale });
    async function resetMember(email: string) {
      const m = await member();
      await setMember(m.id, { email });
      return m;
    }
    // A fresh code for the address (past the resend block), and how many e-mails it had before.
    async function freshCode(email: string): Promise<string> {
      later();
      const before = count(email);
      expect((await resetCode(email)).meta.code).toBe(200);
      return codeFor(email, before);
    }
    async function wrongTries(email: string, code: string, n: number) {
      for (let i = 0; i < n; i += 1)
        expect((await tryReset(email, wrong(code))).meta.code).toBe(Code.VERIFY_CODE_EXPIRED);
    }

    it('refuses reset codes for an address after 10 wrong ones across codes, the right code of a fresh one too', async () => {
      const email = 'capped-reset@example.com';
      const { login } = await resetMember(email);
      await wrongTries(email, await freshCode(email), 5);
      await wrongTries(email, await freshCode(email), 4);
      // A fresh code after 9 wrong ones: one more wrong try is still answered as such, then the cap holds.
      const fresh = await freshCode(email);
      await wrongTries(email, fresh, 1);
      const right = await tryReset(email, fresh, 'en-US');
      expect(right.meta.code).toBe(Code.TOO_MANY_ATTEMPTS);
      expect(right.meta.message).toBe(
        'Too many wrong codes for this e-mail address: password reset is paused, try again in 24 hour(s)',
      );
      expect((await tryReset(email, fresh, 'zh-TW')).meta.message).toContain('重設密碼');
      expect((await tryReset(email, fresh, 'zh-CN')).meta.message).toContain('重置密码');
      // No new code is sent to it meanwhile, and the password was not changed.
      later();
      const before = count(email);
      expect((await resetCode(email)).meta.code).toBe(Code.TOO_MANY_ATTEMPTS);
      await new Promise((r) => setTimeout(r, 200));
      expect(count(email)).toBe(before);
      expect((await t.login(login, STAFF_PASSWORD)).token).toBeTruthy();
      // An unknown address gets the same answer after as many tries (it tells no account apart).
      for (let i = 0; i < 10; i += 1)
        expect((await tryReset('ghost-capped@example.com', '123456')).meta.code).toBe(Code.VERIFY_CODE_EXPIRED);
      expect((await tryReset('ghost-capped@example.com', '123456', 'en-US')).meta).toEqual(
        (await tryReset(email, fresh, 'en-US')).meta,
      );
      // The window passes: a new code works again.
      clock.advance(24 * 60 * 60_000);
      const next = await freshCode(email);
      expect((await tryReset(email, next)).meta.code).toBe(200);
      expect((await t.login(login, 'Brand#New2026')).token).toBeTruthy();
    });

    it('lets the right code through within the cap, after wrong ones on earlier codes', async () => {
      const email = 'within-reset@example.com';
      const { login } = await resetMember(email);
      await wrongTries(email, await freshCode(email), 5);
      const code = await freshCode(email);
      await wrongTries(email, code, 4);
      expect((await tryReset(email, code)).meta.code).toBe(200);
      expect((await t.login(login, 'Brand#New2026')).token).toBeTruthy();
      // The reset forgot the address's tries: ten more are answered, the eleventh refused.
      const again = await freshCode(email);
      await wrongTries(email, again, 5);
      await wrongTries(email, await freshCode(email), 5);
      expect((await tryReset(email, again)).meta.code).toBe(Code.TOO_MANY_ATTEMPTS);
    });

    it('counts racing tries one by one: of 14 at once, exactly 10 are looked at', async () => {
      const email = 'racing-reset@example.com';
      await resetMember(email);
      const code = await freshCode(email);
      const answers = await Promise.all(Array.from({ length: 14 }, () => tryReset(email, wrong(code))));
      const codes = answers.map((r) => r.meta.code);
      expect(codes.filter((c) => c === Code.VERIFY_CODE_EXPIRED)).toHaveLength(10);
      expect(codes.filter((c) => c === Code.TOO_MANY_ATTEMPTS)).toHaveLength(4);
      // Counted once each in the database, shared by every server.
      const rows = await t.db.db
        .selectFrom('loginThrottle')
        .select(['key', 'count'])
        .where('key', 'like', 'resetTry:%')
        .execute();
      expect(rows.some((r) => r.count === 14)).toBe(true);
      expect(JSON.stringify(rows)).not.toContain('racing-reset');
    });
  });
});

describe('forgotten-password codes per network address', () => {
  const t = useTestApp({ env: { RESET_CODE_MAX_PER_HOUR: '2' } });

  it('refuses a third request within the hour from one address (1005), before anything is looked up', async () => {
    const ask = async (email: string) =>
      t.post(`${M}/password/resetPwdByEmail/request`, { email, key: await t.captcha(), captcha: TEST_CAPTCHA });
    // No mail server is set up here: 7205 for the first two, alike for every address.
    expect((await ask('a@example.com')).meta.code).toBe(Code.MAIL_UNAVAILABLE);
    expect((await ask('b@example.com')).meta.code).toBe(Code.MAIL_UNAVAILABLE);
    const third = await ask('c@example.com');
    expect(third.meta.code).toBe(Code.TOO_MANY_ATTEMPTS);
  });
});
