import { describe, expect, it } from 'vitest';
import { Code } from '@study-crm/shared';
import { APP_ID, SIGN, TEST_CAPTCHA, testClock, type Envelope } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { SUBMIT_LIMIT } from './index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Decision 379 left one request that deleted: every public feedback submission first dropped every address's
// submission windows begun more than a day before. A submission now only counts; the daily retention run drops the
// windows that have passed (an hour) and keeps those still counting, which go on counting (both engines).
describe("feedback's per-address windows go with the retention run, not with a submission", () => {
  const clock = testClock();
  const t = useTestApp({ clock });

  async function submit(ip: string) {
    const payload = new URLSearchParams({
      appId: APP_ID,
      mcId: 'COM',
      key: await t.captcha(),
      code: TEST_CAPTCHA,
      name: 'Amy Chen',
      email: 'amy@example.com',
      content: 'When does the UCAS deadline close?',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mc/feedbacks/submit',
      remoteAddress: ip,
      headers: { sign: SIGN, 'accept-language': 'en-US', 'content-type': 'application/x-www-form-urlencoded' },
      payload: payload.toString(),
    });
    return (res.json() as Envelope<unknown>).meta.code;
  }
  const keys = async () =>
    (await t.db.db.selectFrom('loginThrottle').select('key').where('key', 'like', 'feedback:%').execute())
      .map((r) => r.key)
      .sort();
  const windowOf = (ip: string) =>
    t.db.db
      .selectFrom('loginThrottle')
      .select(['windowStart', 'count'])
      .where('key', '=', `feedback:${ip}`)
      .executeTakeFirst();
  const setWindow = (ip: string, ago: number, count: number) =>
    t.db.db
      .insertInto('loginThrottle')
      .values({ key: `feedback:${ip}`, windowStart: clock.now() - ago, count })
      .execute();

  it('a submission deletes no window; the retention run drops the passed ones and keeps those counting', async () => {
    // Other addresses: a window begun two days ago (a submission deleted it before), one that passed a minute ago,
    // one with ten minutes left; and this address's own, passed and far over the limit.
    await setWindow('10.62.0.1', 2 * DAY, 3);
    await setWindow('10.62.0.2', HOUR + MINUTE, 3);
    await setWindow('10.62.0.3', HOUR - 10 * MINUTE, 1);
    await setWindow('10.62.0.9', 2 * HOUR, 5000);
    const all = ['10.62.0.1', '10.62.0.2', '10.62.0.3', '10.62.0.9'].map((ip) => `feedback:${ip}`).sort();

    expect(await submit('10.62.0.9')).toBe(200);
    // Nothing deleted; the address's passed window counts as none and starts again at one.
    expect(await keys()).toEqual(all);
    expect(await windowOf('10.62.0.9')).toEqual({ windowStart: clock.now(), count: 1 });

    clock.advance(MINUTE);
    expect(await t.app.retention.run()).not.toBeNull();
    // Before, the run dropped none of them.
    expect(await keys()).toEqual(['feedback:10.62.0.3', 'feedback:10.62.0.9']);
    // The windows kept still count, up to the limit.
    for (let i = 1; i < SUBMIT_LIMIT.max; i++) expect(await submit('10.62.0.9')).toBe(200);
    expect(await windowOf('10.62.0.9')).toEqual({ windowStart: clock.now() - MINUTE, count: SUBMIT_LIMIT.max });
    expect(await submit('10.62.0.9')).toBe(Code.TOO_MANY_ATTEMPTS);
    for (let i = 1; i < SUBMIT_LIMIT.max; i++) expect(await submit('10.62.0.3')).toBe(200);
    expect(await submit('10.62.0.3')).toBe(Code.TOO_MANY_ATTEMPTS);
  });
});
