import type { Query, QueryClient } from '@tanstack/react-query';

// One mechanism keeps cached data true after a change, across every open tab: each query key starts with its
// domain ('roles', 'members', …); a mutation names the domains it changes in `meta.touches`; a query that shows
// another domain's data names it in `meta.reads` (the employee form's role choices read 'roles'). On a successful
// mutation the query client invalidates every matching query, so mounted screens (hidden tabs too) refetch. A query
// that reads '*' (the operation log, which every write adds to) depends on every domain.
// The domains are a closed list, so a mistyped name ('payments' for 'payment') fails to compile instead of leaving
// stale data on screen.
export type QueryDomain =
  | 'admissionsCycles'
  | 'application'
  | 'assistant'
  | 'audit'
  | 'contents'
  | 'contributions'
  | 'dashboard'
  | 'dataRequests'
  | 'dict'
  | 'dictAdmin'
  | 'emailAgents'
  | 'emails'
  | 'feedback'
  | 'jobs'
  | 'kpiTypes'
  | 'labels'
  | 'mailSenders'
  | 'member'
  | 'members'
  | 'merchant'
  | 'messageBox'
  | 'notices'
  | 'payment'
  | 'permissionTree'
  | 'projects'
  | 'roles'
  | 'search'
  | 'sms'
  | 'smsGateway'
  | 'smsTemplates'
  | 'sysConfigs'
  | 'tags'
  | 'tasks'
  | 'templateOptions'
  | 'templates'
  | 'track'
  | 'visaStages'
  | 'wallet';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { touches?: readonly QueryDomain[] };
    queryMeta: { reads?: readonly (QueryDomain | '*')[] };
  }
}

export function dependsOn(query: Query, touched: readonly QueryDomain[]): boolean {
  const domain = String(query.queryKey[0]);
  return (
    (touched as readonly string[]).includes(domain) ||
    (query.meta?.reads ?? []).some((d) => d === '*' || touched.includes(d))
  );
}

export function invalidateDomains(client: QueryClient, touched: readonly QueryDomain[]): Promise<void> {
  if (!touched.length) return Promise.resolve();
  return client.invalidateQueries({ predicate: (query) => dependsOn(query, touched) });
}
