import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateDomains } from '../../lib/queryDomains';
import { ERASURE_TOUCHES } from './ErasureDialog';

describe('erasing a person', () => {
  it('reads again the payment records, totals and operation log, the applications and the audit log', async () => {
    const client = new QueryClient();
    const keys = [
      ['payment', 'list', {}],
      ['payment', 'totals', {}],
      ['track', 'list', {}],
      ['application', 'list', {}],
      ['members', 'staff', {}],
      ['feedback', 'list', {}],
    ];
    for (const queryKey of keys) await client.query({ queryKey, queryFn: async () => 1 });
    // The record timeline reads every domain.
    await client.query({
      queryKey: ['audit', 'timeline', 'member', 1],
      queryFn: async () => 1,
      meta: { reads: ['*'] },
    });
    await client.query({ queryKey: ['tags', 'list', {}], queryFn: async () => 1 });

    await invalidateDomains(client, ERASURE_TOUCHES);

    const stale = (queryKey: unknown[]) => client.getQueryState(queryKey)?.isInvalidated;
    for (const queryKey of keys) expect(stale(queryKey), String(queryKey[0])).toBe(true);
    expect(stale(['audit', 'timeline', 'member', 1])).toBe(true);
    expect(stale(['tags', 'list', {}])).toBe(false);
  });
});
