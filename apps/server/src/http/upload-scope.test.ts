import { describe, expect, it } from 'vitest';
import { Code } from '@study-crm/shared';
import { useTestApp } from '../test/signed-in.js';
import { multipart } from '../test/harness.js';
import { PNG_1x1 } from '../test/application-fixtures.js';

// Issue 43: @fastify/multipart's hooks run only on the routes that read a multipart form (app.ts puts them in a
// scope of their own). Those routes keep the whole contract of the scope above them.
describe('the upload scope', () => {
  const t = useTestApp({ signIn: true });
  const upload = '/api/v1/fms/upload';

  it('holds the multipart reader; the other routes do not carry it', () => {
    expect(t.app.uploads.hasRequestDecorator('isMultipart')).toBe(true);
    expect(t.app.hasRequestDecorator('isMultipart')).toBe(false);
    const multipartRoutes = t.app.routeTable.filter((r) => t.app.uploads.hasRoute({ method: r.method, url: r.url }));
    expect(multipartRoutes.map((r) => r.url)).toContain(upload);
  });

  it('checks the client, the session and the permission, with the headers of every answer', async () => {
    const form = multipart({}, { name: 'a.png', content: PNG_1x1 });
    const res = await t.app.inject({
      method: 'POST',
      url: `${upload}?appId=${t.config.appId}&mcId=COM`,
      headers: { ...t.headers({ token: null }), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.json<{ meta: { code: number } }>().meta.code).toBe(Code.UNAUTHORIZED);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect((await t.send(upload, form, { token: null, sign: 'wrong' })).meta.code).toBe(Code.INVALID_CLIENT);
    const stored = await t.send<{ name: string }>(upload, multipart({}, { name: 'a.png', content: PNG_1x1 }), t.admin);
    expect(stored.meta.code).toBe(200);
  });

  it('answers a multipart body sent to another route with 400, never a 500', async () => {
    const res = await t.send('/api/v1/member/profile/update', multipart({ nickname: 'x' }), t.admin);
    expect(res.meta.code).toBe(400);
  });
});
