import { describe, expect, it } from 'vitest';
import * as shared from '@study-crm/shared';
import { ACCESS_EXCEPTIONS } from '../../../server/src/http/access';
import { PUBLIC_URLS } from './publicRoutes';

// The shared endpoint descriptions (the calls the web app can make): method and address.
const endpoints = Object.values(shared as Record<string, unknown>)
  .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
  .flatMap((api) => Object.values(api))
  .filter(
    (e): e is { method: string; url: string } =>
      typeof e === 'object' && e !== null && 'method' in e && typeof (e as { url?: unknown }).url === 'string',
  );

// Decision 376: a call to a route that needs no session is no activity of it (api/activity.ts).
describe('the routes that need no session', () => {
  it("are the server's public routes, no more and no fewer", () => {
    const serverPublic = Object.entries(ACCESS_EXCEPTIONS)
      .filter(([, access]) => access === 'public')
      .map(([route]) => route.slice(route.indexOf(' ') + 1));
    expect([...PUBLIC_URLS].sort()).toEqual([...new Set(serverPublic)].sort());
  });

  it('are each the address of a shared endpoint, with no route that needs the session at the same address', () => {
    for (const url of PUBLIC_URLS) {
      const calls = endpoints.filter((e) => e.url === url);
      expect(calls.length, url).toBeGreaterThan(0);
      for (const e of calls) expect(ACCESS_EXCEPTIONS[`${e.method} ${e.url}`], `${e.method} ${url}`).toBe('public');
    }
  });
});
