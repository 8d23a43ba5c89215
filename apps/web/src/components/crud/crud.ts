import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Code } from '@study-crm/shared';
import type { Page } from '@study-crm/shared';
import { api, unwrap, type Params } from '../../api/client';

// A server-paged list: filters and paging go to the server; the previous page stays while the next loads.
export function usePagedList<T>(root: string, url: string, params: Params, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [root, 'list', params],
    queryFn: ({ signal }) => unwrap(api.get<Page<T>>(url, params, { signal })),
    placeholderData: keepPreviousData,
  });
}

// A POST whose success refreshes every query of `root` and of the other domains it `touches` (in every tab).
// `silentCodes` are shown by the caller.
export function useWrite<TBody extends Params, TResult = unknown>(
  root: string,
  url: string,
  opts: { silentCodes?: readonly number[]; touches?: readonly string[] } = {},
) {
  return useMutation({
    mutationFn: (body: TBody) => unwrap(api.post<TResult>(url, body, { apiResCode: opts.silentCodes ?? [] })),
    meta: { touches: [root, ...(opts.touches ?? [])] },
  });
}

// The list/add/update/remove hooks of a resource under `base`; `existsCode` (and a 400) is shown in the form.
// A stale copy (409) is shown in the form too. `touches`: other domains that show this resource.
export function crudApi<T>(root: string, base: string, existsCode: number, touches: readonly string[] = []) {
  const silentCodes = [existsCode, 400, Code.CONFLICT];
  return {
    queryRoot: root,
    useList: (params: Params) => usePagedList<T>(root, `${base}/list`, params),
    useAdd: () => useWrite(root, `${base}/add`, { silentCodes, touches }),
    useUpdate: () => useWrite(root, `${base}/update`, { silentCodes, touches }),
    useRemove: () => useWrite(root, `${base}/remove`, { touches }),
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
