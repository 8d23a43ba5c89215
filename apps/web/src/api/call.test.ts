import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getCall, postCall } from '@study-crm/shared';

vi.mock('../lib/feedback', () => ({ toastError: vi.fn(), dialog: {}, feedbackAvailable: () => false }));
const { call, fetchData } = await import('./call');

const Item = z.object({ id: z.number(), name: z.string() });
const view = getCall('/admin/v1/things/view', z.object({ id: z.number() }), Item);
const add = postCall('/admin/v1/things/add', z.object({ name: z.string() }), Item);

function answer(data: unknown, code = 200) {
  const fn = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ meta: { code, message: 'm' }, data }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('call(endpoint, params)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a GET endpoint as query parameters to its own URL', async () => {
    const fetch = answer({ id: 7, name: 'seven' });
    const env = await call(view, { id: 7 });
    expect(env.data.name).toBe('seven');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toContain('/admin/v1/things/view?');
    expect(url).toContain('id=7');
    expect(init?.method).toBe('GET');
  });

  it('sends a POST endpoint as a form-urlencoded body', async () => {
    const fetch = answer({ id: 1, name: '陳' });
    await call(add, { name: '陳' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toMatch(/\/admin\/v1\/things\/add$/);
    expect(init?.method).toBe('POST');
    expect(String(init?.body)).toContain(`name=${encodeURIComponent('陳')}`);
  });

  it('fetchData rejects with the code of a refused call', async () => {
    answer(null, 5412);
    await expect(fetchData(add, { name: 'x' })).rejects.toMatchObject({ code: 5412 });
  });
});
