import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Endpoint, EndpointData, EndpointParams } from '@study-crm/shared';
import type { QueryDomain } from '../lib/queryDomains';
import { fetchData } from './call';

type Options<E extends Endpoint> = Omit<UseQueryOptions<EndpointData<E>>, 'queryKey' | 'queryFn' | 'placeholderData'>;

// A read whose previous answer stays on screen while the next one loads (a list's next page, a picker's next
// matches, the dashboard's next period): its query key is `key` followed by the params, and leaving cancels it.
export function useKeptRead<E extends Endpoint>(
  key: readonly [QueryDomain, ...unknown[]],
  endpoint: E,
  params: EndpointParams<E>,
  options: Options<E> = {},
) {
  return useQuery({
    ...options,
    queryKey: [...key, params],
    queryFn: ({ signal }) => fetchData(endpoint, params, { signal }),
    placeholderData: keepPreviousData,
  });
}
