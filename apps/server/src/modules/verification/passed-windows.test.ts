import { beforeAll, describe, expect, it } from 'vitest';
import { Code, type CodeSent } from '@study-crm/shared';
import { STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { staffWith } from '../../test/application-fixtures.js';
import { testClock, TEST_CAPTCHA } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';

const M = '/api/v1/member';
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const smtp = await useSmtpServer();

// Decision 374's way for the other counters: a reset or binding request only counts in its own window, one that has
// passed counts as none, and the daily retention run drops those that have passed (both engines).
describe('passed counting windows wait for the retention run', () => {
  const clock = testClock();
  const t = useTestApp({ clock, env: { DELIVERY_POLL_MS: '20', RESET_CODE_MAX_PER_HOUR: '1000' } });
  let n = 0;

  beforeAll(async () => {
    await addSenderFor(t, smtp, await t.login());
  });

  // A fresh staff member with this e-mail address (or none), signed in.
  async function member(email: string | null = null) {
    n += 1;
    const login = `windows${n}`;
    const id = await staffWith(t, login, []);
    await t.db.db.updateTable('member').set({ email }).where('id', '=', id).execute();
    return { id, token: (await t.login(login, STAFF_PASSWORD)).token };
  }
  async function codeFor(address: string): Promise<string> {
    for (let i = 0; i < 400; i += 1) {
      const m = /\b(\d{6})\b/.exec(smtp.mailsTo(address).at(-1)?.mail.text ?? '');
      if (m) return m[1]!;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no e-mail arrived for ${address}`);
  }
  const keys = async (prefix: string) =>
    (await t.db.db.selectFrom('loginThrottle').select('key').where('key', 'like', `${prefix}%`).execute())
      .map((r) => r.key)
      .sort();
  const windowOf = (key: string) =>
    t.db.db.selectFrom('loginThrottle').select(['windowStart', 'count']).where('key', '=', key).executeTakeFirst();
  // A key's window begun `ago` before now, far over any limit.
  const setWindow = (key: string, ago: number, count = 5000) =>
    t.db.db
      .insertInto('loginThrottle')
      .values({ key, windowStart: clock.now() - ago, count })
      .onConflict((oc) => oc.column('key').doUpdateSet({ windowStart: clock.now() - ago, count }))
      .execute();
  // Two other keys under the prefix: one whose window passed a minute ago, one with a minute left.
  async function others(prefix: string, windowMs: number) {
    const spent = `${prefix}zz-spent`;
    const current = `${prefix}zz-current`;
    await setWindow(spent, windowMs + 60_000, 3);
    await setWindow(current, windowMs - 60_000, 3);
    return [current, spent];
  }

  it('a reset code request drops no passed window, and its own passed one, far over the cap, counts as none', async () => {
    const email = 'passed-reset@example.com';
    await member(email);
    const tryReset = (code: string) =>
      t.post(`${M}/password/resetPwdByEmail`, { email, code, password: 'Brand#New2026' });
    // The address's tries (under a keyed hash): begun two days ago, far past the 10 a day.
    expect((await tryReset('000000')).meta.code).toBe(Code.VERIFY_CODE_EXPIRED);
    const [own] = await keys('resetTry:');
    await setWindow(own!, 2 * DAY);
    const other = await others('resetTry:', DAY);

    const sent = await t.post<CodeSent>(`${M}/password/resetPwdByEmail/request`, {
      email,
      key: await t.captcha(),
      captcha: TEST_CAPTCHA,
    });
    expect(sent.meta.code, sent.meta.message).toBe(200);
    expect(await keys('resetTry:')).toEqual([own, ...other].sort());
    // The next try starts the address's window again at one, and the right code resets the password.
    const code = await codeFor(email);
    expect((await tryReset(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))).meta.code).toBe(
      Code.VERIFY_CODE_EXPIRED,
    );
    expect(await windowOf(own!)).toEqual({ windowStart: clock.now(), count: 1 });
    expect((await tryReset(code)).meta.code).toBe(200);
  });

  it('a binding code request drops no passed window, and its own passed one, far over the cap, counts as none', async () => {
    const email = 'passed-bind@example.com';
    const { id, token } = await member();
    const own = `bindTry:${id}:email:bind`;
    await setWindow(own, 2 * DAY);
    const other = await others('bindTry:', DAY);

    const sent = await t.post(`${M}/email/sms/request`, { purpose: 'bind', email }, { token });
    expect(sent.meta.code, sent.meta.message).toBe(200);
    expect(await keys('bindTry:')).toEqual([own, ...other].sort());
    expect((await t.post(`${M}/email/bindEmail`, { email, code: await codeFor(email) }, { token })).meta.code).toBe(
      200,
    );
  });

  it('the retention run drops each counter’s passed windows and keeps those still counting', async () => {
    const kept: string[] = [];
    const dropped: string[] = [];
    for (const [prefix, windowMs] of [
      ['reset:run-', HOUR],
      ['resetTry:run-', DAY],
      ['bindTry:run-', DAY],
    ] as const) {
      const [current, spent] = await others(prefix, windowMs);
      kept.push(current!);
      dropped.push(spent!);
    }
    // And one begun this instant.
    await setWindow('reset:run-now', 0, 1);
    kept.push('reset:run-now');

    expect(await t.app.retention.run()).not.toBeNull();
    const left = [...(await keys('reset:run-')), ...(await keys('resetTry:run-')), ...(await keys('bindTry:run-'))];
    expect(left.sort()).toEqual(kept.sort());
    for (const key of dropped) expect(left).not.toContain(key);
  });
});
