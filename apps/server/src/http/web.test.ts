import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { useWebDist } from '../test/web-dist.js';

// The web app's assets travel compressed: the build writes x.js.br and x.js.gz beside x.js (apps/web/vite.config.ts)
// and the server sends the one the browser accepts.
describe('web app assets', () => {
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;
  const webDist = useWebDist({
    'index.html': '<html><body></body></html>',
    'assets/app-abc123.js': script,
    'assets/app-abc123.js.br': brotliCompressSync(script),
    'assets/app-abc123.js.gz': gzipSync(script),
  });
  const t = useTestApp({ env: { WEB_DIST: webDist } });

  const get = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/sadmin/assets/app-abc123.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends brotli, else gzip, else the plain file, saying it varies on Accept-Encoding', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['cache-control'])).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 2);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a page of the app (deep links, index.html itself) with the shell, a missing asset with a 404', async () => {
    for (const url of ['/sadmin', '/sadmin/', '/sadmin/login', '/sadmin/student/list?page=2', '/sadmin/index.html']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<body>');
      // The shell is never cached (each answer carries a nonce of its own), unlike the files beside it.
      expect(page.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/sadmin/assets/app-missing.js', '/sadmin/assets/', '/sadmin/%2e%2e/%2e%2e/package.json']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().meta.code, url).toBe(404);
    }
  });
});
