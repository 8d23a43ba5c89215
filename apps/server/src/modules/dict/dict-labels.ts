import type { Locale, Page } from '@study-crm/shared';
import type { DictRepository } from './dict.repository.js';

type Convert = (text: string) => string;
let simplify: Promise<Convert> | undefined;
// Dictionary labels are entered in Traditional Chinese; zh-CN shows them in Simplified Chinese, as the web app does.
function simplifier(): Promise<Convert> {
  simplify ??= import('opencc-js/t2cn').then(({ Converter }) => Converter({ from: 'tw', to: 'cn' }));
  return simplify;
}

// The label of each enabled entry of a dictionary type in the three languages, as the lists show it (English: the
// second label, else the first). A value without an enabled entry has none (the caller shows the value itself).
export async function dictLabels(
  repo: Pick<DictRepository, 'options'>,
  type: string,
): Promise<Map<string, Record<Locale, string>>> {
  const [rows, toCn] = await Promise.all([repo.options(type), simplifier()]);
  return new Map(
    rows.map((r) => [r.value, { 'zh-TW': r.label, 'zh-CN': toCn(r.label), 'en-US': r.label2 || r.label }]),
  );
}

// A page of a list with the label of one dictionary field of each row (`dictText`, undefined without an enabled
// entry), read beside the page: an export writes the label the list shows.
export async function withDictText<T>(
  repo: Pick<DictRepository, 'options'>,
  type: string,
  page: Promise<Page<T>>,
  valueOf: (row: T) => string | null,
): Promise<Page<T & { dictText: Record<Locale, string> | undefined }>> {
  const [p, labels] = await Promise.all([page, dictLabels(repo, type)]);
  return {
    ...p,
    list: p.list.map((r) => {
      const v = valueOf(r);
      return Object.assign({}, r, { dictText: v === null ? undefined : labels.get(v) });
    }),
  };
}

// What the exporter of a list with a dictionary field takes: the list's service at `K` (its list call) and the
// dictionary the field's labels come from (dictPages).
export type DictListDeps<K extends string, S extends { list: unknown }> = Record<K, Pick<S, 'list'>> & {
  dict: Pick<DictRepository, 'options'>;
};

// The `page` of an export whose list call takes the list's query with its page (as `listPages` in modules/export),
// each row with its dictionary label (`withDictText`).
export const dictPages =
  <Q, T>(
    repo: Pick<DictRepository, 'options'>,
    type: string,
    list: (q: Q & { pageNum: number; pageSize: number }) => Promise<Page<T>>,
    valueOf: (row: T) => string | null,
  ) =>
  (q: Q, _caller: unknown, pageNum: number, pageSize: number) =>
    withDictText(repo, type, list({ ...q, pageNum, pageSize }), valueOf);
