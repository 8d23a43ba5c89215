import { beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
const info = vi.fn();
vi.mock('../lib/feedback', () => ({
  toastError: (...args: unknown[]) => toastError(...args),
  dialog: { info },
  feedbackAvailable: () => true,
}));

const { api, accessChanged, accessChanging, handleEnvelope, encodeParams, unwrap, ApiError, setTwoFactorSetupHandler } =
  await import('./client');
const { session } = await import('./session');

const envelope = (code: number, message = `m${code}`, data: unknown = null) => ({ meta: { code, message }, data });

function mockFetch(body: unknown, ok = true) {
  const fn = vi.fn(async () =>
    ok
      ? new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
      : Promise.reject(new TypeError('Failed to fetch')),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('api client (spec sections 7 and 8)', () => {
  beforeEach(() => {
    toastError.mockReset();
    info.mockReset();
    localStorage.clear();
  });

  it('sends the member to two-factor setup on 1012 unless the caller handles that code itself', () => {
    const setup = vi.fn();
    setTwoFactorSetupHandler(setup);
    handleEnvelope(envelope(1012), { apiResCode: [1012] });
    expect(setup).not.toHaveBeenCalled();
    handleEnvelope(envelope(1012, 'Set up two-factor sign-in first'), {});
    expect(setup).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Set up two-factor sign-in first', null);
    setTwoFactorSetupHandler(() => undefined);
  });

  it('passes silent codes through without a toast', () => {
    for (const code of [200, 404, 5403, 6400, 9003, 9002, 1008, 1007, 1001, 1002, 4001, 9004, 1105, 1005, 1006, 7400]) {
      expect(handleEnvelope(envelope(code), {}).meta.code).toBe(code);
    }
    expect(toastError).not.toHaveBeenCalled();
  });

  it('toasts meta.message for other codes unless the caller suppresses that code', () => {
    handleEnvelope(envelope(5401, 'This tag already exists'), {});
    expect(toastError).toHaveBeenCalledWith('This tag already exists', null);
    toastError.mockReset();
    // A parameter error: the sentence is the headline, its code and field a details line (issue 36).
    handleEnvelope(envelope(400, 'The e-mail address is required. Check it and try again. [400 · email]'), {});
    expect(toastError).toHaveBeenCalledWith(
      'The e-mail address is required. Check it and try again.',
      expect.stringMatching(/400 · email$/),
    );
    expect(toastError.mock.calls[0]?.[0]).not.toMatch(/Parameter error|\[400/);
    toastError.mockReset();
    handleEnvelope(envelope(5401), { apiResCode: [5401] });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says nothing for a quiet call (a read ahead of a screen), whatever the answer', () => {
    handleEnvelope(envelope(5403, 'No permission'), { quiet: true });
    handleEnvelope(envelope(400, 'Parameter error'), { quiet: true });
    handleEnvelope({ nothing: true }, { quiet: true });
    expect(toastError).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  });

  it('toasts the [509] fallback for an answer without meta or without a message', () => {
    handleEnvelope({ nothing: true }, {});
    expect(toastError).toHaveBeenLastCalledWith(expect.stringContaining('[509]'));
    handleEnvelope(envelope(500, ''), {});
    expect(toastError).toHaveBeenLastCalledWith(expect.stringContaining('[509]'), null);
  });

  it('shows the 401 dialog once, never for login calls', () => {
    handleEnvelope(envelope(401), { isLogin: true });
    expect(info).not.toHaveBeenCalled();
    handleEnvelope(envelope(401), {});
    handleEnvelope(envelope(401), {});
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]?.[0]).toMatchObject({ okText: expect.any(String), closable: false });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('sends GET as query parameters with the common ones, and the token only in a header', async () => {
    session.save('secret-token', 7);
    const fetch = mockFetch(envelope(200, 'ok', [1]));
    await api.get('/api/v1/x', { type: 'gender', pageSize: null });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const q = new URL(url, 'http://h').searchParams;
    expect(q.get('appId')).toBeTruthy();
    expect(q.get('mcId')).toBe('COM');
    expect(q.get('memberId')).toBe('7');
    expect(q.get('type')).toBe('gender');
    expect(q.get('pageSize')).toBe('');
    expect(url).not.toContain('secret-token');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-token']).toBe('secret-token');
    expect(headers.sign).toBeTruthy();
  });

  it('sends POST as a form-urlencoded body with nulls as empty strings', async () => {
    const fetch = mockFetch(envelope(200));
    await api.post('/api/v1/y', { name: 'A', note: null, ids: [1, 2] });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['content-type']).toContain('application/x-www-form-urlencoded');
    const body = new URLSearchParams(String(init.body));
    expect(body.get('note')).toBe('');
    expect(body.getAll('ids')).toEqual(['1', '2']);
  });

  it('toasts and rethrows a transport failure', async () => {
    mockFetch(null, false);
    await expect(api.get('/api/v1/z')).rejects.toThrow('Failed to fetch');
    expect(toastError).toHaveBeenCalledWith('Failed to fetch');
  });

  it('says nothing of a 403 to a call sent before or answered during a role switch, and toasts it otherwise', async () => {
    // A call sent, then `between` (a step of the switch), then answered with `body`.
    async function answeredAfter(url: string, body: unknown, between: () => void) {
      let answer!: (r: Response) => void;
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
      );
      const pending = api.get(url);
      between();
      answer(new Response(JSON.stringify(body)));
      return pending;
    }
    const list = '/api/v1/mc/paymentRecord/list';
    // Sent before the switch, answered once it has ended.
    const whole = () => {
      accessChanging();
      accessChanged();
    };
    expect((await answeredAfter(list, envelope(403), whole)).meta.code).toBe(403);
    // Sent and answered while the switch is under way (a screen reading again before the switch closes it)…
    accessChanging();
    expect((await answeredAfter(list, envelope(403), () => undefined)).meta.code).toBe(403);
    // …or sent then and answered after its end.
    expect((await answeredAfter(list, envelope(403), accessChanged)).meta.code).toBe(403);
    expect(toastError).not.toHaveBeenCalled();
    // Sent under the access it is answered in, the switch over: shown.
    mockFetch(envelope(403, 'No permission [403]'));
    expect((await api.get(list)).meta.code).toBe(403);
    expect(toastError).toHaveBeenCalledTimes(1);
    // Another refusal of a call sent before the change is still shown.
    await answeredAfter('/api/v1/z', envelope(400, 'The id is required. [400 · id]'), whole);
    expect(toastError).toHaveBeenCalledTimes(2);
  });

  it('unwraps data of a 200 and throws ApiError otherwise', async () => {
    await expect(unwrap(Promise.resolve(envelope(200, 'ok', { a: 1 })))).resolves.toEqual({ a: 1 });
    await expect(unwrap(Promise.resolve(envelope(9004)))).rejects.toBeInstanceOf(ApiError);
    // A form shows a parameter error's sentence, and its code and field apart.
    const refused = await unwrap(
      Promise.resolve(envelope(400, 'The file is required. Check it and try again. [400 · file]')),
    ).catch((e: unknown) => e);
    if (!(refused instanceof ApiError)) throw new Error('not refused');
    expect(refused.message).toBe('The file is required. Check it and try again.');
    expect(refused.details).toMatch(/400 · file$/);
  });

  it('encodes arrays as repeated keys', () => {
    expect(encodeParams({ a: [1, 2] }).getAll('a')).toEqual(['1', '2']);
  });
});

// Decision 352: what counts as a person's activity for the session's idle limit.
describe('activity', () => {
  beforeEach(async () => {
    localStorage.clear();
    (await import('./activity')).forgetActivity();
  });

  it('notes a signed call the server took, not a background one, one that was refused as signed out, or one unsigned', async () => {
    const { lastActivity } = await import('./activity');
    const fetch = mockFetch(envelope(200));
    await api.get('/api/v1/x');
    expect(lastActivity()).toBe(0);
    session.save('tok', 7);
    const before = Date.now();
    await api.get('/api/v1/x', {}, { background: true });
    const sent = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect((sent[1].headers as Record<string, string>)['x-background']).toBe('1');
    expect(lastActivity()).toBe(0);
    mockFetch(envelope(401));
    await api.get('/api/v1/x', {}, { quiet: true });
    expect(lastActivity()).toBe(0);
    const plain = mockFetch(envelope(5401));
    await api.post('/api/v1/x', {}, { quiet: true });
    expect((plain.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('x-background');
    expect(lastActivity()).toBeGreaterThanOrEqual(before);
    // Shared with the portal's other tabs.
    expect(Number(localStorage.getItem('lastCallAt'))).toBe(lastActivity());
  });

  it("does not count a proxy's error page or a refused client as the server's activity", async () => {
    const { lastActivity } = await import('./activity');
    session.save('tok', 7);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502 Bad Gateway</html>', { status: 502 })),
    );
    await api.get('/api/v1/x', {}, { quiet: true });
    mockFetch(envelope(9001));
    await api.get('/api/v1/x', {}, { quiet: true });
    expect(lastActivity()).toBe(0);
  });

  // Decision 376: the server does not look at the session for a public route, so the idle countdown must not either.
  // The shared endpoints carry the mark (publicCall): nothing need load first to know it.
  it('does not count a signed call to an endpoint marked public, and counts one to its neighbour', async () => {
    const { lastActivity } = await import('./activity');
    const { call } = await import('./call');
    const { contentApi, feedbackApi, merchantApi } = await import('@study-crm/shared');
    session.save('tok', 7);
    const fetch = mockFetch(envelope(200));
    // The portal's brand read, published content, public feedback: with the token, as every call is sent.
    await call(merchantApi.view);
    await call(contentApi.published, { locale: 'en-US' });
    await call(feedbackApi.submit, { content: 'x' });
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toHaveProperty('x-token', 'tok');
    expect(lastActivity()).toBe(0);
    // A route that needs the session, at a neighbouring address: counted.
    const before = Date.now();
    await call(merchantApi.update, { nameEn: 'x' });
    expect(lastActivity()).toBeGreaterThanOrEqual(before);
  });

  it("keeps the fixed end as this browser's instant, and the limits for the session they were read for", async () => {
    const { limitsOutdated, sessionLimits, setSessionLimits } = await import('./activity');
    session.save('first', 7);
    const before = Date.now();
    setSessionLimits({ idleSeconds: 1800, endsInSeconds: 3600 });
    const limits = sessionLimits()!;
    expect(limits.idleSeconds).toBe(1800);
    expect(limits.endsAt).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(limits.endsAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(limitsOutdated()).toBe(false);
    // Another tab signs in again: the token every tab uses is another session's.
    session.save('second', 7);
    expect(sessionLimits()).toBeNull();
    expect(limitsOutdated()).toBe(true);
  });
});
