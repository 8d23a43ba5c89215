import { useQuery } from '@tanstack/react-query';
import { Code, type DictEntry, type DictTypeSummary } from '@study-crm/shared';
import { api, unwrap, type Params } from '../../../api/client';
import { DICT_QUERY_ROOT } from '../../../components/dict/useDictOptions';
import { usePagedList, useWrite } from '../../../components/crud/crud';

export const DICT_ADMIN_ROOT = 'dictAdmin';
const BASE = '/admin/v1/sys/dict';

export const useDictTypes = (keyword: string) =>
  useQuery({
    queryKey: [DICT_ADMIN_ROOT, 'types', keyword],
    queryFn: ({ signal }) => unwrap(api.get<DictTypeSummary[]>(`${BASE}/typeList`, { keyword }, { signal })),
  });

export const useDictEntries = (params: Params, enabled: boolean) =>
  usePagedList<DictEntry>(DICT_ADMIN_ROOT, `${BASE}/list`, params, enabled);

// Every dictionary write also refreshes the options every other screen's selects and badges use.
function useDictWrite(url: string, silentCodes: readonly number[] = []) {
  return useWrite(DICT_ADMIN_ROOT, url, { silentCodes, touches: [DICT_QUERY_ROOT] });
}
export const useDictAdd = () => useDictWrite(`${BASE}/add`, [Code.DICT_EXISTS, 400, Code.CONFLICT]);
export const useDictUpdate = () => useDictWrite(`${BASE}/update`, [Code.DICT_EXISTS, 400, Code.CONFLICT]);
export const useDictRemove = () => useDictWrite(`${BASE}/remove`);
