import { useQuery } from '@tanstack/react-query';
import { Code, dictApi, type Endpoint, type EndpointParams } from '@study-crm/shared';
import { fetchData } from '../../../api/call';
import { DICT_QUERY_ROOT } from '../../../components/dict/useDictOptions';
import { usePagedList, useWrite } from '../../../components/crud/crud';

export const DICT_ADMIN_ROOT = 'dictAdmin';

export const useDictTypes = (keyword: string) =>
  useQuery({
    queryKey: [DICT_ADMIN_ROOT, 'types', keyword],
    queryFn: ({ signal }) => fetchData(dictApi.typeList, { keyword }, { signal }),
  });

export const useDictEntries = (params: EndpointParams<typeof dictApi.list>, enabled: boolean) =>
  usePagedList(DICT_ADMIN_ROOT, dictApi.list, params, enabled);

// Every dictionary write also refreshes the options every other screen's selects and badges use.
function useDictWrite<E extends Endpoint>(endpoint: E, silentCodes: readonly number[] = []) {
  return useWrite(DICT_ADMIN_ROOT, endpoint, { silentCodes, touches: [DICT_QUERY_ROOT] });
}
const FORM_CODES = [Code.DICT_EXISTS, Code.BAD_REQUEST, Code.CONFLICT];
export const useDictAdd = () => useDictWrite(dictApi.add, FORM_CODES);
export const useDictUpdate = () => useDictWrite(dictApi.update, FORM_CODES);
export const useDictRemove = () => useDictWrite(dictApi.remove);
