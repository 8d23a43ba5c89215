import { describe, expect, it } from 'vitest';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { invalidateDomains, type QueryDomain } from './queryDomains';

describe('one invalidation rule by query domain', () => {
  it('a change invalidates the queries of the domains it touches and of the queries that read them', async () => {
    const client: QueryClient = new QueryClient({
      mutationCache: new MutationCache({
        onSuccess: (_d, _v, _c, m) => invalidateDomains(client, m.meta?.touches ?? []),
      }),
    });
    const load = (queryKey: string[], reads?: QueryDomain[]) =>
      client.query({ queryKey, queryFn: async () => 1, ...(reads ? { meta: { reads } } : {}) });
    await load(['roles', 'list']);
    // The employee form's role choices declare that they show roles.
    await load(['member', 'roleOptions'], ['roles']);
    await load(['tags', 'list']);

    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => null, meta: { touches: ['roles'] } })
      .execute(undefined);

    const stale = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['roles', 'list'])).toBe(true);
    expect(stale(['member', 'roleOptions'])).toBe(true);
    expect(stale(['tags', 'list'])).toBe(false);
  });

  it('refuses a domain name that no query uses at compile time', async () => {
    const client = new QueryClient();
    // @ts-expect-error 'payments' is not a domain: payment queries are keyed 'payment'.
    await invalidateDomains(client, ['payments']);
    await invalidateDomains(client, ['payment', 'track']);
  });
});
