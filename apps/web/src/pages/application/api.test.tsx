import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useInvalidateApplication } from './api';

describe('an application write', () => {
  it('reads again the applications, the dashboard, the record timeline and the operation log', async () => {
    const client = new QueryClient();
    const load = (queryKey: unknown[], reads?: ('application' | '*')[]) =>
      client.query({ queryKey, queryFn: async () => 1, ...(reads ? { meta: { reads } } : {}) });
    await load(['application', 'list', {}]);
    await load(['dashboard', { days: 7 }], ['application']);
    await load(['audit', 'timeline', 'application', 3], ['*']);
    await load(['audit', 'list', {}], ['*']);
    await load(['tags', 'list', {}]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

    await renderHook(() => useInvalidateApplication(), { wrapper }).result.current();

    const stale = (queryKey: unknown[]) => client.getQueryState(queryKey)?.isInvalidated;
    expect(stale(['application', 'list', {}])).toBe(true);
    expect(stale(['dashboard', { days: 7 }])).toBe(true);
    expect(stale(['audit', 'timeline', 'application', 3])).toBe(true);
    expect(stale(['audit', 'list', {}])).toBe(true);
    expect(stale(['tags', 'list', {}])).toBe(false);
  });
});
