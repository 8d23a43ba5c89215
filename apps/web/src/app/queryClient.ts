import { MutationCache, QueryClient } from '@tanstack/react-query';
import { invalidateDomains } from '../lib/queryDomains';

// The portal's one query cache (the login page has none: it loads with the router, after sign-in).
export const queryClient: QueryClient = new QueryClient({
  // A successful change refreshes every cached query of the domains it touches (lib/queryDomains.ts).
  mutationCache: new MutationCache({
    onSuccess: (_data, _vars, _ctx, mutation) => invalidateDomains(queryClient, mutation.meta?.touches ?? []),
  }),
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
