import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { EndpointData, ViewEndpoint } from '@study-crm/shared';
import type { QueryDomain } from '../lib/queryDomains';
import { fetchData } from './call';

type Options<R extends ViewEndpoint['response']> = Omit<
  UseQueryOptions<EndpointData<ViewEndpoint<R>>>,
  'queryKey' | 'queryFn' | 'enabled'
>;

// One record by its id, read while `id` is set (a drawer or view opened on a row): its query key is
// `[root, 'view', id]`, so the writes that touch `root` refresh it, and closing cancels it.
// `endpoint` is a view call taking `{ id }` (`xApi.view`).
export function useRecord<R extends ViewEndpoint['response']>(
  root: QueryDomain,
  endpoint: ViewEndpoint<R>,
  id: number | null,
  options: Options<R> = {},
) {
  return useQuery({
    ...options,
    enabled: id !== null,
    queryKey: [root, 'view', id],
    queryFn: ({ signal }) => fetchData(endpoint, { id }, { signal }),
  });
}
