import { dictApi } from '@study-crm/shared';
import { call } from '../../api/call';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictOption } from '@study-crm/shared';
import { useScript } from './script';

export const DICT_QUERY_ROOT = 'dict';
export const dictQueryKey = (type: string) => [DICT_QUERY_ROOT, type] as const;

// Spec section 7: page size and number travel empty; a non-200 or no answer is an empty list.
export async function fetchDictOptions(type: string): Promise<DictOption[]> {
  try {
    const env = await call(dictApi.options, { type, pageSize: '', pageNum: '' });
    return env.meta.code === 200 && Array.isArray(env.data) ? env.data : [];
  } catch {
    return [];
  }
}

// The one cached source of dictionary options for every select and badge (and a change's values, decision 248).
export const dictQuery = (type: string) => ({
  queryKey: dictQueryKey(type),
  queryFn: () => fetchDictOptions(type),
  staleTime: 5 * 60_000,
});

export function useDictOptions(type: string) {
  const query = useQuery({ ...dictQuery(type), enabled: type !== '' });
  return { options: query.data ?? [], isLoading: query.isLoading };
}

// After a dictionary edit: every screen's options refetch without a reload.
export function invalidateDicts(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [DICT_QUERY_ROOT] });
}

// The option's name in the UI language: English for en-US, Chinese otherwise.
export function dictText(option: Pick<DictOption, 'label' | 'label2'>, language: string): string {
  return language.startsWith('en') ? option.label2 || option.label : option.label;
}

// dictText in the script of the current language (Simplified Chinese for zh-CN).
export function useDictText() {
  const { i18n } = useTranslation();
  const script = useScript();
  return (option: Pick<DictOption, 'label' | 'label2'>) => script(dictText(option, i18n.language));
}
