import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type CodeSent } from '@study-crm/shared';
import { CAPTCHA_ALPHABET } from '../../lib/captcha-image.js';
import { createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addSenderFor, startSmtpServer } from '../../test/smtp-fixture.js';

const BY_EMAIL = '/api/v1/sys/code/sendByEmail';
const LOGIN = '/api/v1/mc/auth/login/loginName';
const smtp = await startSmtpServer({ user: 'office@example.com', pass: 'right-pass' });
afterAll(() => smtp.close());

// Decision 369 (WCAG 3.3.8): whoever cannot read the sign-in picture has its code e-mailed. The codes here are the
// real random ones: server B draws them (no test code), server A, on the same database, set up the mail server and
// the member (its sign-in uses the fixed test code).
describe('the sign-in captcha by e-mail', () => {
  let a: TestApp;
  let b: TestApp;
  let n = 0;

  beforeAll(async () => {
    const dir = `/tmp/study-crm-captcha-mail-${randomBytes(4).toString('hex')}`;
    a = await startTestApp({ onFile: true, env: { DATA_DIR: dir } });
    b = await startTestApp({
      joins: a,
      env: { CAPTCHA_TEST_CODE: undefined, DELIVERY_POLL_MS: '20', RESET_CODE_MAX_PER_HOUR: '8' },
    });
    await addSenderFor(a, smtp, await a.login());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function staff(email: string) {
    n += 1;
    const login = `captcha.mail.${n}`;
    const id = await createStaff(a.db.db, login, []);
    await a.db.db.updateTable('member').set({ email }).where('id', '=', id).execute();
    return login;
  }
  const mails = (address: string) => smtp.received.filter((r) => r.envelopeTo.includes(address));
  async function codeFor(address: string, before: number): Promise<{ code: string; text: string }> {
    for (let i = 0; i < 400; i += 1) {
      const got = mails(address);
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

  it('sends a member the code that signs them in, once', async () => {
    const login = await staff('mail-captcha@example.com');
    const key = await b.captcha();
    const sent = await request('Mail-Captcha@Example.com', key, 'en-US');
    expect(sent.meta.code, sent.meta.message).toBe(200);
    expect(sent.data).toEqual({ resendSeconds: 60, expiresSeconds: 300 });
    const { code, text } = await codeFor('mail-captcha@example.com', 0);
    expect(text).toContain(`Your sign-in verification code is ${code}`);
    const signIn = () => b.post(LOGIN, { loginName: login, password: STAFF_PASSWORD, key, code });
    expect((await signIn()).meta.code).toBe(200);
    // Single use, as the picture's code.
    expect((await signIn()).meta.code).toBe(Code.CAPTCHA_EXPIRED);
  });

  it('answers an unknown address as a member’s, sends it nothing, and spoils the picture’s code either way', async () => {
    const key = await b.captcha();
    const unknown = await request('nobody-captcha@example.com', key);
    expect(unknown.meta.code).toBe(200);
    expect(unknown.data).toEqual({ resendSeconds: 60, expiresSeconds: 300 });
    // One e-mail a minute per address, known or not.
    expect((await request('nobody-captcha@example.com', await b.captcha())).meta.code).toBe(Code.RESEND_TOO_SOON);
    await new Promise((r) => setTimeout(r, 200));
    expect(mails('nobody-captcha@example.com')).toHaveLength(0);
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

  it('names the field of hostile input (400) and writes nothing', async () => {
    const key = await b.captcha();
    for (const email of ['a@example.com\r\nBcc: x@example.com', 'a\u0000@example.com', 'x'.repeat(300), ''])
      expectParamError(await b.post(BY_EMAIL, { email, key }), 'email');
    for (const bad of ['short', 'k'.repeat(65), 'key with spaces', `${key}\u0000`])
      expectParamError(await b.post(BY_EMAIL, { email: 'a@example.com', key: bad }), 'key');
    const row = await b.db.db.selectFrom('captcha').select('createdAt').where('key', '=', key).executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('counts against the network address’s hourly budget of code e-mails (1005)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1)
      answers.push((await request(`budget-${i}@example.com`, await b.captcha())).meta.code);
    expect(answers).toContain(Code.TOO_MANY_ATTEMPTS);
    expect(answers.at(-1)).toBe(Code.TOO_MANY_ATTEMPTS);
  });
});
