import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSaved, FileRecord } from '@study-crm/shared';
import { useTestApp } from '../test/signed-in.js';
import { BASE, fullForm, PDF_MINI } from '../test/application-fixtures.js';
import type { RouteInfo } from './route.js';

// Walks the whole route table: routes added later by other modules are covered automatically.
const concrete = (url: string) => url.replace(/:\w+/g, '1');

// Issue 38, item 5 (ASVS 8.2.1): no signed-in answer may be kept by a cache.
describe('signed-in answers are not cached', () => {
  const t = useTestApp({ signIn: true });
  let routes: RouteInfo[];

  beforeAll(() => {
    routes = [...t.app.routeTable].filter((r) => r.access !== 'public');
  });

  const call = (route: RouteInfo, token: string | null) =>
    t.app.inject({
      method: route.method as 'GET' | 'POST',
      url: `${concrete(route.url)}?appId=${t.config.appId}&mcId=COM`,
      headers: {
        ...t.headers({ token }),
        ...(route.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(route.method === 'POST' ? { payload: '' } : {}),
    });

  it('says no-store on every non-public route, signed in or refused', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const missing: string[] = [];
    // The member's own calls first (logout last), so the session lives through the walk.
    const ordered = [...routes].sort((a, b) => Number(a.url.includes('logout')) - Number(b.url.includes('logout')));
    for (const route of ordered) {
      for (const token of [t.admin.token, null]) {
        const res = await call(route, token);
        if (!String(res.headers['cache-control'] ?? '').includes('no-store'))
          missing.push(`${route.method} ${route.url} (${token ? 'signed in' : 'no token'}): ${res.statusCode}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says no-store on the answers the issue names and on a private file download', async () => {
    const { token } = await t.login();
    for (const url of [
      '/api/v1/member/profile',
      '/api/v1/member/wallet/view',
      '/api/v1/mc/member',
      '/admin/v1/mailSenders/list',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?appId=${t.config.appId}`,
        headers: t.headers({ token }),
      });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const created = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), { token });
    const file = await t.upload<FileRecord>(
      `${BASE}/uploadFile`,
      { applicationId: String(created.data.id), type: 'passport' },
      { name: 'passport.pdf', content: PDF_MINI },
      { token },
    );
    expect(file.meta.code).toBe(200);
    const dl = await t.app.inject({
      method: 'GET',
      url: `${BASE}/downloadFile?id=${file.data.id}&appId=${t.config.appId}&mcId=COM`,
      headers: t.headers({ token }),
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(String(dl.headers['cache-control'])).toContain('no-store');
  });
});
