import { useMutation } from '@tanstack/react-query';
import { Code, type Endpoint, type EndpointParams } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { useKeptRead } from '../../api/useKeptRead';
import type { Params } from '../../api/client';
import type { QueryDomain } from '../../lib/queryDomains';

// A server-paged list: filters and paging go to the server; the previous page stays while the next loads.
export const usePagedList = <E extends Endpoint>(
  root: QueryDomain,
  endpoint: E,
  params: EndpointParams<E>,
  enabled = true,
) => useKeptRead([root, 'list'], endpoint, params, { enabled });

// A POST whose success refreshes every query of `root` and of the other domains it `touches` (in every tab).
// `silentCodes` are shown by the caller.
export function useWrite<E extends Endpoint>(
  root: QueryDomain,
  endpoint: E,
  opts: { silentCodes?: readonly number[]; touches?: readonly QueryDomain[] } = {},
) {
  return useMutation({
    mutationFn: (body: EndpointParams<E>) => fetchData(endpoint, body, { apiResCode: opts.silentCodes ?? [] }),
    meta: { touches: [root, ...(opts.touches ?? [])] },
  });
}

type CrudEndpoints<L extends Endpoint, A extends Endpoint, U extends Endpoint, D extends Endpoint> = {
  list: L;
  add: A;
  update: U;
  remove: D;
};

// The list/add/update/remove hooks of a resource from its shared endpoint descriptions; `existsCode` (and a 400)
// is shown in the form. A stale copy (409) is shown in the form too. `touches`: other domains that show it.
export function crudApi<L extends Endpoint, A extends Endpoint, U extends Endpoint, D extends Endpoint>(
  root: QueryDomain,
  endpoints: CrudEndpoints<L, A, U, D>,
  existsCode: number,
  touches: readonly QueryDomain[] = [],
) {
  const silentCodes = [existsCode, Code.BAD_REQUEST, Code.CONFLICT];
  return {
    queryRoot: root,
    existsCode,
    useList: (params: EndpointParams<L>) => usePagedList(root, endpoints.list, params),
    useAdd: () => useWrite(root, endpoints.add, { silentCodes, touches }),
    useUpdate: () => useWrite(root, endpoints.update, { silentCodes, touches }),
    useRemove: () => useWrite(root, endpoints.remove, { touches }),
  };
}

// Form values → wire params: undefined stays out, everything else (null → '') is sent.
export function toParams(values: Record<string, unknown>): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    out[k] = v === null ? null : typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean);
  }
  return out;
}

// A listed row as its update body (for the status switch): every field but the timestamps and `readOnly` ones.
export function rowBody(row: object, readOnly: readonly string[] = []): Params {
  const skip = new Set(['createdAt', 'updatedAt', ...readOnly]);
  return toParams(Object.fromEntries(Object.entries(row).filter(([k]) => !skip.has(k))));
}
