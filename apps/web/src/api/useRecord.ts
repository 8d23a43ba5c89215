import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Endpoint, EndpointData, EndpointParams } from '@study-crm/shared';
import { fetchData } from './call';

type Options<E extends Endpoint> = Omit<UseQueryOptions<EndpointData<E>>, 'queryKey' | 'queryFn' | 'enabled'>;

// One record by its id, read while `id` is set (a drawer or view opened on a row): its query key is
// `[root, 'view', id]`, so the writes that touch `root` refresh it, and closing cancels it.
// `endpoint` is a view call taking `{ id }` (`xApi.view`).
export function useRecord<E extends Endpoint>(root: string, endpoint: E, id: number | null, options: Options<E> = {}) {
  return useQuery({
    ...options,
    enabled: id !== null,
    queryKey: [root, 'view', id],
    queryFn: ({ signal }) => fetchData(endpoint, { id } as unknown as EndpointParams<E>, { signal }),
  });
}
