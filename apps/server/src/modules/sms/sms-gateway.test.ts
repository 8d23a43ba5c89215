import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmsGateway } from '../../test/sms-gateway-fixture.js';
import { DeliveryError } from '../delivery/index.js';
import { loadConfig } from '../../config.js';
import { createHttpGatewayProvider, createNoGatewayProvider, createSmsProvider } from './index.js';
import { engineFree } from '../../test/engine.js';

const SECRET = 'gateway-secret-0123456789';

engineFree.describe('HTTP SMS gateway adapter', () => {
  let gw: Awaited<ReturnType<typeof startSmsGateway>>;
  beforeAll(async () => {
    gw = await startSmsGateway(SECRET, { slowMs: 1500 });
  });
  afterAll(() => gw.close());
  const provider = (over: { secret?: string; timeoutMs?: number } = {}) =>
    createHttpGatewayProvider({
      url: gw.url,
      key: 'key-1',
      secret: over.secret ?? SECRET,
      timeoutMs: over.timeoutMs ?? 500,
      from: 'StudyCRM',
    });
  const failure = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DeliveryError);
    return err as DeliveryError;
  };

  it('sends a signed request and returns the gateway id', async () => {
    const res = await provider().send({ to: '+886912345678', content: '您好 Amy', from: null });
    expect(res.id).toMatch(/^gw-\d+$/);
    expect(gw.received.at(-1)).toEqual({ to: '+886912345678', content: '您好 Amy', from: 'StudyCRM', key: 'key-1' });
  });

  it('fails a refused number for good, with the gateway message', async () => {
    const err = await failure(provider().send({ to: '+886912340000', content: 'x', from: null }));
    expect(err).toMatchObject({ isPermanent: true, code: 'REJECTED' });
    expect(err.message).toBe('400 INVALID_NUMBER: number refused');
  });

  it('fails a wrongly signed request for good (the gateway refuses the credentials)', async () => {
    const err = await failure(
      provider({ secret: 'another-secret-0123456' }).send({ to: '+886912345678', content: 'x', from: null }),
    );
    expect(err).toMatchObject({ isPermanent: true, code: 'REJECTED' });
  });

  it('retries a busy gateway (5xx) and a timeout', async () => {
    const busy = await failure(provider().send({ to: '+886912345555', content: 'x', from: null }));
    expect(busy).toMatchObject({ isPermanent: false, code: 'TEMPORARY', message: '503 busy' });
    // The message names the 200 ms timeout: the provider gave up before the slow gateway answered.
    const slow = await failure(provider({ timeoutMs: 200 }).send({ to: '+886912349999', content: 'x', from: null }));
    expect(slow).toMatchObject({ isPermanent: false, code: 'CONNECTION', message: 'gateway timeout after 200 ms' });
  });

  it('retries when the gateway cannot be reached', async () => {
    const p = createHttpGatewayProvider({
      url: 'http://127.0.0.1:9/send',
      key: undefined,
      secret: SECRET,
      timeoutMs: 500,
      from: undefined,
    });
    const err = await failure(p.send({ to: '+886912345678', content: 'x', from: null }));
    expect(err).toMatchObject({ isPermanent: false, code: 'CONNECTION' });
  });

  it('the embedded default never delivers: a permanent "no SMS gateway configured" failure', async () => {
    const p = createNoGatewayProvider();
    expect(p.isConfigured).toBe(false);
    const err = await failure(p.send({ to: '+886912345678', content: 'x', from: null }));
    expect(err).toMatchObject({
      isPermanent: true,
      code: 'NO_GATEWAY',
      message: 'not delivered: no SMS gateway configured',
    });
  });

  it('is chosen by configuration: the gateway with URL and secret, the embedded default without', () => {
    expect(() => loadConfig({ SMS_GATEWAY_URL: gw.url })).toThrow(
      /SMS_GATEWAY_SECRET is required with SMS_GATEWAY_URL/,
    );
    const configured = loadConfig({ SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_SECRET: SECRET });
    expect(createSmsProvider(configured)).toMatchObject({ name: 'http', isConfigured: true });
    expect(createSmsProvider(loadConfig({}))).toMatchObject({ name: 'none', isConfigured: false });
  });
});
