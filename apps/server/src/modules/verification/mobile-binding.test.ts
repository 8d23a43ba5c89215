import { afterAll, describe, expect, it } from 'vitest';
import { Code } from '@study-crm/shared';
import { staffWith } from '../../test/application-fixtures.js';
import { testClock } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { startSmsGateway } from '../../test/sms-gateway-fixture.js';
import { expectParamError } from '../../test/expect-envelope.js';

const M = '/api/v1/member';
const SECRET = 'gateway-secret-0123456789';
const gw = await startSmsGateway(SECRET);
afterAll(() => gw.close());

// Mobile codes travel through the SMS module (outbox → SMS channel → HTTP gateway), read here from a local gateway.
describe('mobile binding with codes sent through the SMS gateway', () => {
  const clock = testClock();
  const t = useTestApp({ clock, env: { DELIVERY_POLL_MS: '20', SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_SECRET: SECRET } });
  let n = 0;

  async function member() {
    n += 1;
    const login = `mobile${n}`;
    await staffWith(t, login, []);
    return (await t.login(login, 'Staff#2026pass')).token;
  }
  // The 6-digit code of the latest text that reached the gateway for the number after `before` texts had.
  async function codeFor(e164: string, before: number): Promise<string> {
    for (let i = 0; i < 400; i += 1) {
      const got = gw.received.filter((r) => r.to === e164);
      if (got.length > before) {
        const m = /\b(\d{6})\b/.exec(got[got.length - 1]!.content);
        if (!m) throw new Error(`no code in: ${got[got.length - 1]!.content}`);
        return m[1]!;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no text reached the gateway for ${e164}`);
  }
  const sent = (e164: string) => gw.received.filter((r) => r.to === e164).length;
  const request = (token: string, body: Record<string, string>) => t.post(`${M}/mobile/sms/request`, body, { token });

  it('binds, replaces and unbinds a mobile with codes read from the gateway', async () => {
    const token = await member();
    const first = '+886912345671';
    const before = sent(first);
    expect((await request(token, { purpose: 'bind', areaCode: '886', mobile: '0912345671' })).meta.code).toBe(200);
    const code = await codeFor(first, before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await t.post(
      `${M}/mobile/bindMobile`,
      { areaCode: '886', mobile: '0912345671', code: wrong },
      { token },
    );
    expect(refused.meta.code).toBe(Code.VERIFY_CODE_MISMATCH);
    const bound = await t.post(`${M}/mobile/bindMobile`, { areaCode: '886', mobile: '0912345671', code }, { token });
    expect(bound.meta.code).toBe(200);
    const profile = await t.get<{ mobile: string; areaCode: string }>(`${M}/profile`, {}, { token });
    expect(profile.data).toMatchObject({ areaCode: '886', mobile: '912345671' });

    // Replace: a code to the old number, then one to the new number.
    clock.advance(61_000);
    const second = '+886912345672';
    const [oldBefore, newBefore] = [sent(first), sent(second)];
    // The web form sends the new number's fields empty with the code to the current one ('' counts as absent).
    expect((await request(token, { purpose: 'rebindOld', areaCode: '', mobile: '' })).meta.code).toBe(200);
    const oldCode = await codeFor(first, oldBefore);
    const rebindNew = await request(token, { purpose: 'rebindNew', areaCode: '886', mobile: '0912345672' });
    expect(rebindNew.meta.code).toBe(200);
    const newCode = await codeFor(second, newBefore);
    const replaced = await t.post(
      `${M}/mobile/reBindMobile`,
      { oldCode, areaCode: '886', mobile: '0912345672', code: newCode },
      { token },
    );
    expect(replaced.meta.code).toBe(200);
    expect((await t.get<{ mobile: string }>(`${M}/profile`, {}, { token })).data.mobile).toBe('912345672');

    // Unbind (the member still signs in with a login name): a code to the bound number, its fields sent empty.
    clock.advance(61_000);
    const unbindBefore = sent(second);
    expect((await request(token, { purpose: 'unbind', areaCode: '', mobile: '' })).meta.code).toBe(200);
    const unbindCode = await codeFor(second, unbindBefore);
    expect((await t.post(`${M}/mobile/unbindMobile`, { code: unbindCode }, { token })).meta.code).toBe(200);
    const after = await t.get<{ mobile: string | null }>(`${M}/profile`, {}, { token });
    expect(after.data.mobile).toBeNull();
  });

  it('refuses a number no text can reach, and a number another member holds (5402), before sending anything', async () => {
    const owner = await member();
    const held = '+886912345673';
    const before = sent(held);
    await request(owner, { purpose: 'bind', areaCode: '886', mobile: '0912345673' });
    const code = await codeFor(held, before);
    expect(
      (await t.post(`${M}/mobile/bindMobile`, { areaCode: '886', mobile: '0912345673', code }, { token: owner })).meta
        .code,
    ).toBe(200);

    const other = await member();
    const taken = await request(other, { purpose: 'bind', areaCode: '886', mobile: '0912345673' });
    expect(taken.meta.code).toBe(Code.MOBILE_EXISTS);
    // A UK fixed line: no text reaches it.
    const fixed = await request(other, { purpose: 'bind', areaCode: '44', mobile: '02079460000' });
    expectParamError(fixed, 'mobile');
    expect(sent(held)).toBe(before + 1);
  });
});
