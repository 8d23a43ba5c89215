import { beforeAll, describe, expect, it } from 'vitest';
// app.swagger(): @fastify/swagger's addition to Fastify's types (the app registers it in http/openapi.ts, which this
// file sees as its declaration, without the import).
import type {} from '@fastify/swagger';
import { useTestApp } from '../test/signed-in.js';
import { APP_ID } from '../test/harness.js';

type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

// Hostile values: wrong types, huge and NUL-containing text, ids outside every column, SQL and HTML payloads.
const HOSTILE: readonly string[] = [
  'not-a-number',
  '{"a":1}',
  'x'.repeat(100_000),
  'a\u0000b',
  '\u0000',
  '2147483648',
  '-2147483649',
  '99999999999999999999999',
  '1e308',
  '-1',
  '0.5',
  'NaN',
  "' OR 1=1 --",
  '1; DROP TABLE member; --',
  '<script>alert(1)</script>',
  '%00',
  '\uD800',
];
const JSON_HOSTILE: readonly unknown[] = [{ nested: { deep: [1, 2] } }, [1, 'a', null], true, -1e308, 2 ** 53];

const SKIP = new Set(['/api/v1/member/logout']);

// Every route of the OpenAPI, with hostile values in every field it declares: no answer may be a 500.
// Bounded: one request per (route, value) with all fields hostile, plus one per (route, field) for the values
// most likely to reach SQL (NUL, out-of-range id, SQL text), and JSON bodies of the wrong shape.
describe('fuzz over the OpenAPI', () => {
  const t = useTestApp({ signIn: true });
  let doc: OpenApi;

  beforeAll(async () => {
    doc = t.app.swagger() as unknown as OpenApi;
  });

  function fieldsOf(op: Operation): string[] {
    const names = new Set<string>();
    for (const p of op.parameters ?? []) if (p.in === 'query') names.add(p.name);
    for (const media of Object.values(op.requestBody?.content ?? {})) {
      for (const name of Object.keys(media.schema?.properties ?? {})) names.add(name);
    }
    return [...names];
  }

  async function send(method: string, url: string, values: Record<string, unknown>, json = false) {
    const common = { appId: APP_ID, mcId: 'COM' };
    const headers = { ...t.headers(t.admin) };
    const concrete = url.replace(/\{\w+\}/g, '1');
    if (method === 'get') {
      const q = new URLSearchParams({ ...common });
      for (const [k, v] of Object.entries(values)) q.append(k, String(v));
      return t.app.inject({ method: 'GET', url: `${concrete}?${q.toString()}`, headers });
    }
    if (json) {
      return t.app.inject({
        method: 'POST',
        url: concrete,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...common, ...values }),
      });
    }
    const body = new URLSearchParams({ ...common });
    for (const [k, v] of Object.entries(values)) body.append(k, String(v));
    return t.app.inject({
      method: 'POST',
      url: concrete,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
  }

  // Over a thousand requests: minutes on a loaded machine (speed is measured by npm run bench, never here).
  it('finds no 500 on any route', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let requests = 0;
    const check = async (label: string, run: () => ReturnType<typeof send>) => {
      requests++;
      const res = await run();
      const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
      const code = isJson ? (res.json() as { meta?: { code?: number } }).meta?.code : undefined;
      if (res.statusCode >= 500 || code === 500) failures.push(`${label} → HTTP ${res.statusCode} code ${code}`);
    };
    const routes = Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.entries(ops)
        .filter(([method]) => method === 'get' || method === 'post')
        .map(([method, op]) => ({ url, method, fields: fieldsOf(op) })),
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const { url, method, fields } of routes.filter((r) => !SKIP.has(r.url))) {
      const label = `${method.toUpperCase()} ${url}`;
      const names = fields.length ? fields : ['id'];
      for (const value of HOSTILE) {
        await check(`${label} all=${JSON.stringify(value.slice(0, 20))}`, () =>
          send(method, url, Object.fromEntries(names.map((n) => [n, value]))),
        );
      }
      for (const name of names) {
        for (const value of ['a\u0000b', '2147483648', "' OR 1=1 --"]) {
          await check(`${label} ${name}=${JSON.stringify(value)}`, () => send(method, url, { [name]: value }));
        }
      }
      if (method === 'post') {
        for (const value of JSON_HOSTILE) {
          await check(`${label} json all=${JSON.stringify(value)}`, () =>
            send(method, url, Object.fromEntries(names.map((n) => [n, value])), true),
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  });
});
