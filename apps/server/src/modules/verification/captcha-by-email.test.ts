import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type CodeSent } from '@study-crm/shared';
import type { Updateable } from 'kysely';
import type { MemberTable } from '../../db/schema.js';
import { CAPTCHA_ALPHABET } from '../../lib/captcha-image.js';
import { createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { startTestApp, testClock, type TestApp } from '../../test/harness.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';

const BY_EMAIL = '/api/v1/sys/code/sendByEmail';
const LOGIN = '/api/v1/mc/auth/login/loginName';
const smtp = await useSmtpServer();

// Decision 369 (WCAG 3.3.8): whoever cannot read the sign-in picture has its code e-mailed. The codes here are the
// real random ones: server B draws them (no test code), server A, on the same database, set up the mail server and
// the member (its sign-in uses the fixed test code).
describe('the sign-in captcha by e-mail', () => {
  let a: TestApp;
  let b: TestApp;
  let n = 0;
  // B's clock, to pass the minute between two e-mails to one address.
  const clock = testClock(Date.now());

  beforeAll(async () => {
    const dir = `/tmp/study-crm-captcha-mail-${randomBytes(4).toString('hex')}`;
    a = await startTestApp({ onFile: true, env: { DATA_DIR: dir } });
    b = await startTestApp({
      joins: a,
      clock,
      env: { CAPTCHA_TEST_CODE: undefined, DELIVERY_POLL_MS: '20', RESET_CODE_MAX_PER_HOUR: '1000' },
    });
    await addSenderFor(a, smtp, await a.login());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function staff(email: string, values: Pick<Updateable<MemberTable>, 'memberType' | 'status'> = {}) {
    n += 1;
    const login = `captcha.mail.${n}`;
    const id = await createStaff(a.db.db, login, []);
    await a.db.db
      .updateTable('member')
      .set({ email, ...values })
      .where('id', '=', id)
      .execute();
    return login;
  }
  async function codeFor(address: string, before: number): Promise<{ code: string; text: string }> {
    for (let i = 0; i < 400; i += 1) {
      const got = smtp.mailsTo(address);
      if (got.length > before) {
        const text = got[got.length - 1]!.mail.text ?? '';
        const m = new RegExp(`\\b([${CAPTCHA_ALPHABET}]{4})\\b`).exec(text);
        if (!m) throw new Error(`no code in: ${text}`);
        return { code: m[1]!, text };
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no e-mail arrived for ${address}`);
  }
  const request = (email: string, key: string, locale?: string) =>
    b.post<CodeSent>(BY_EMAIL, { email, key }, locale ? { locale } : {});

  it('counts against the network address’s hourly budget of code e-mails (1005), its own', async () => {
    // Server A keeps the default budget (RESET_CODE_MAX_PER_HOUR, 20): the 21st request of the hour is refused. First,
    // as both servers count the one test address in the one database.
    const answers: number[] = [];
    for (let i = 0; i < 22; i += 1)
      answers.push((await a.post(BY_EMAIL, { email: `budget-${i}@example.com`, key: await a.captcha() })).meta.code);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(answers.slice(20)).toEqual([Code.TOO_MANY_ATTEMPTS, Code.TOO_MANY_ATTEMPTS]);
  });

  it('sends a member the code that signs them in, once', async () => {
    const login = await staff('mail-captcha@example.com');
    const key = await b.captcha();
    const sent = await request('Mail-Captcha@Example.com', key, 'en-US');
    expect(sent.meta.code, sent.meta.message).toBe(200);
    expect(sent.data).toEqual({ resendSeconds: 60, expiresSeconds: 300 });
    const { code, text } = await codeFor('mail-captcha@example.com', 0);
    expect(text).toContain(`Your verification code is ${code}`);
    const signIn = () => b.post(LOGIN, { loginName: login, password: STAFF_PASSWORD, key, code });
    expect((await signIn()).meta.code).toBe(200);
    // Single use, as the picture's code.
    expect((await signIn()).meta.code).toBe(Code.CAPTCHA_EXPIRED);
  });

  // Decision 371: whoever reads one staff mailbox cannot answer other accounts' sign-ins with its codes.
  it('answers only for the account it was e-mailed to: another sign-in, another reset, feedback are told 4001', async () => {
    const own = await staff('bound-own@example.com');
    const other = await staff('bound-other@example.com');
    let received = 0;
    // A fresh key with the code e-mailed to the own account's address.
    const mailedKey = async () => {
      const key = await b.captcha();
      expect((await request('bound-own@example.com', key)).meta.code).toBe(200);
      clock.advance(61_000);
      const { code } = await codeFor('bound-own@example.com', received);
      received += 1;
      return { key, code };
    };
    const signIn = (loginName: string, k: { key: string; code: string }) =>
      b.post(LOGIN, { loginName, password: STAFF_PASSWORD, ...k });
    // Another account, one that does not exist, and the key is spent either way.
    const first = await mailedKey();
    expect((await signIn(other, first)).meta.code).toBe(Code.CAPTCHA_ERROR);
    expect((await signIn(own, first)).meta.code).toBe(Code.CAPTCHA_EXPIRED);
    expect((await signIn('no.such.account', await mailedKey())).meta.code).toBe(Code.CAPTCHA_ERROR);
    // A reset code for another address; feedback.
    const reset = await mailedKey();
    const resetOther = await b.post('/api/v1/member/password/resetPwdByEmail/request', {
      email: 'bound-other@example.com',
      key: reset.key,
      captcha: reset.code,
    });
    expect(resetOther.meta.code).toBe(Code.CAPTCHA_ERROR);
    const feedback = await mailedKey();
    const sent = await b.post('/api/v1/mc/feedbacks/submit', {
      name: 'Someone',
      email: 'someone@example.com',
      content: 'hello',
      key: feedback.key,
      code: feedback.code,
    });
    expect(sent.meta.code).toBe(Code.CAPTCHA_ERROR);
    // Its own account: the sign-in and its own reset.
    expect((await signIn(own, await mailedKey())).meta.code).toBe(200);
    const ownReset = await mailedKey();
    const resetOwn = await b.post('/api/v1/member/password/resetPwdByEmail/request', {
      email: 'bound-own@example.com',
      key: ownReset.key,
      captcha: ownReset.code,
    });
    expect(resetOwn.meta.code, resetOwn.meta.message).toBe(200);
  });

  it('answers an unknown address as a member’s, sends it nothing, and spoils the picture’s code either way', async () => {
    const key = await b.captcha();
    const unknown = await request('nobody-captcha@example.com', key);
    expect(unknown.meta.code).toBe(200);
    expect(unknown.data).toEqual({ resendSeconds: 60, expiresSeconds: 300 });
    // One e-mail a minute per address, known or not.
    expect((await request('nobody-captcha@example.com', await b.captcha())).meta.code).toBe(Code.RESEND_TOO_SOON);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mailsTo('nobody-captcha@example.com')).toHaveLength(0);
    // The key's answer changed: its stored hash is not the one the picture was drawn with.
    const login = await staff('spoiled-captcha@example.com');
    const key2 = await b.captcha();
    const hashOf = async (k: string) =>
      (await b.db.db.selectFrom('captcha').select('codeHash').where('key', '=', k).executeTakeFirstOrThrow()).codeHash;
    const picture = await hashOf(key2);
    expect((await request('spoiled-captcha@example.com', key2)).meta.code).toBe(200);
    expect(await hashOf(key2)).not.toBe(picture);
    const { code } = await codeFor('spoiled-captcha@example.com', 0);
    expect((await b.post(LOGIN, { loginName: login, password: STAFF_PASSWORD, key: key2, code })).meta.code).toBe(200);
  });

  it('refuses a dead key (4002) without taking the address’s minute', async () => {
    await staff('dead-key@example.com');
    const dead = await request('dead-key@example.com', randomBytes(12).toString('hex'));
    expect(dead.meta.code).toBe(Code.CAPTCHA_EXPIRED);
    expect((await request('dead-key@example.com', await b.captcha())).meta.code).toBe(200);
    await codeFor('dead-key@example.com', 0);
  });

  it('sends nothing to a student or an inactive member, who cannot sign in, and answers alike', async () => {
    await staff('student-captcha@example.com', { memberType: 'student' });
    await staff('inactive-captcha@example.com', { status: 'inactive' });
    for (const address of ['student-captcha@example.com', 'inactive-captcha@example.com']) {
      const res = await request(address, await b.captcha());
      expect(res.meta.code).toBe(200);
      expect(res.data).toEqual({ resendSeconds: 60, expiresSeconds: 300 });
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mailsTo('student-captcha@example.com')).toHaveLength(0);
    expect(smtp.mailsTo('inactive-captcha@example.com')).toHaveLength(0);
  });

  it('sends one address at most 20 a day (1005), known or not', async () => {
    await staff('daily-captcha@example.com');
    for (const address of ['daily-captcha@example.com', 'daily-nobody@example.com']) {
      for (let i = 0; i < 20; i += 1) {
        expect((await request(address, await b.captcha())).meta.code, `${address} ${i}`).toBe(200);
        clock.advance(61_000);
      }
      const over = await request(address, await b.captcha(), 'en-US');
      expect(over.meta.code).toBe(Code.TOO_MANY_ATTEMPTS);
      expect(over.meta.message).toMatch(/^Too many codes were e-mailed to this address today: try again in 24 hour/);
    }
    // Twenty codes (an e-mail may arrive twice here: the clock's jumps end the outbox's leases, decision 31).
    const codes = () => new Set(smtp.mailsTo('daily-captcha@example.com').map((r) => r.mail.text));
    await expect.poll(() => codes().size, { timeout: 10_000 }).toBe(20);
  });

  it('names the field of hostile input (400) and writes nothing', async () => {
    const key = await b.captcha();
    for (const email of ['a@example.com\r\nBcc: x@example.com', 'a\u0000@example.com', 'x'.repeat(300), ''])
      expectParamError(await b.post(BY_EMAIL, { email, key }), 'email');
    for (const bad of ['short', 'k'.repeat(65), 'key with spaces', `${key}\u0000`])
      expectParamError(await b.post(BY_EMAIL, { email: 'a@example.com', key: bad }), 'key');
    const row = await b.db.db.selectFrom('captcha').select('createdAt').where('key', '=', key).executeTakeFirst();
    expect(row).toBeDefined();
  });

  // Decision 374: a request counts only in its own windows; those that have passed are the retention run's to drop.
  it('never counts a window that has passed, and leaves it to the retention run, which drops it', async () => {
    const db = b.db.db;
    const now = clock.now();
    const HOUR = 60 * 60_000;
    const throttle = (prefix: string) =>
      db
        .selectFrom('loginThrottle')
        .select(['key', 'windowStart', 'count'])
        .where('key', 'like', `${prefix}%`)
        .orderBy('key')
        .execute();
    const keys = async (prefix: string) => (await throttle(prefix)).map((r) => r.key);
    // This network address's hour, made long past and far over B's budget (1,000): it must not count.
    expect((await request('spent-windows-1@example.com', await b.captcha())).meta.code).toBe(200);
    const ownHour = await db
      .updateTable('loginThrottle')
      .set({ windowStart: now - 2 * HOUR, count: 5000 })
      .where('key', 'like', 'captchaMail:%')
      .executeTakeFirst();
    expect(Number(ownHour.numUpdatedRows)).toBe(1);
    // Other addresses' windows: each counter's (an hour per network address, a day per e-mail address) just passed,
    // or not yet.
    await db
      .insertInto('loginThrottle')
      .values([
        { key: 'captchaMail:192.0.2.1', windowStart: now - HOUR + 60_000, count: 3 },
        { key: 'captchaMail:192.0.2.2', windowStart: now - HOUR - 60_000, count: 3 },
        { key: 'captchaMailTo:zz-current', windowStart: now - 23 * HOUR, count: 3 },
        { key: 'captchaMailTo:zz-spent', windowStart: now - 25 * HOUR, count: 3 },
      ])
      .execute();
    expect((await request('spent-windows-2@example.com', await b.captcha())).meta.code).toBe(200);
    // Its own hour started again at one; the request dropped nothing.
    const ownKey = (await throttle('captchaMail:')).find((r) => !r.key.startsWith('captchaMail:192.0.2.'));
    expect(ownKey).toMatchObject({ windowStart: now, count: 1 });
    expect(await keys('captchaMail:192.0.2.')).toEqual(['captchaMail:192.0.2.1', 'captchaMail:192.0.2.2']);
    expect(await keys('captchaMailTo:zz-')).toEqual(['captchaMailTo:zz-current', 'captchaMailTo:zz-spent']);
    // The two addresses' days, begun now.
    const days = (await throttle('captchaMailTo:')).filter((r) => r.windowStart === now).map((r) => r.key);
    expect(days).toHaveLength(2);

    expect(await b.app.retention.run()).not.toBeNull();
    // The windows that had passed are gone; the current ones stay, this request's hour and days among them.
    expect(await keys('captchaMail:192.0.2.')).toEqual(['captchaMail:192.0.2.1']);
    expect(await keys('captchaMailTo:zz-')).toEqual(['captchaMailTo:zz-current']);
    expect(await keys('captchaMail:')).toContain(ownKey!.key);
    expect(await keys('captchaMailTo:')).toEqual(expect.arrayContaining(days));
  });
});
