import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { useWebDist } from '../test/web-dist.js';

// Issue 13, must fix 5: every answer (API and web app) carries the security headers; index.html gets a fresh nonce.
describe('security headers', () => {
  const webDist = useWebDist({
    'index.html': '<html><head><meta name="csp-nonce" content="__CSP_NONCE__" /></head><body></body></html>',
  });
  const t = useTestApp({ env: { WEB_DIST: webDist } });

  const directives = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );

  it('sends CSP, frame, nosniff, referrer and permissions headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/mc/sys/role/list', headers: t.headers() });
    const csp = String(res.headers['content-security-policy']);
    const d = directives(csp);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')?.[0]).toBe("'self'");
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(res.headers['permissions-policy'])).toContain('camera=()');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('writes the response nonce into index.html, different on every load, matching the CSP header', async () => {
    const load = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sadmin/login' });
      const nonce = /content="([0-9a-f]{32})"/.exec(res.body)?.[1];
      return { res, nonce };
    };
    const a = await load();
    const b = await load();
    expect(a.nonce).toBeDefined();
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.res.headers['cache-control']).toBe('no-store');
    expect(directives(String(a.res.headers['content-security-policy'])).get('style-src')).toEqual([
      "'self'",
      `'nonce-${a.nonce}'`,
    ]);
  });
});
