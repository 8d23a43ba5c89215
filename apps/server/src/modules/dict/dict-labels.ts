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

// A list page whose rows carry, as `dictLabel`, the labels of the dictionary entry of one of their values (undefined
// where there is no enabled entry): the lists' exports show them in the reader's language.
export async function withDictLabels<T extends object>(
  repo: Pick<DictRepository, 'options'>,
  type: string,
  page: Promise<Page<T>>,
  valueOf: (row: T) => string | null,
): Promise<Page<T & { dictLabel: Record<Locale, string> | undefined }>> {
  const [p, labels] = await Promise.all([page, dictLabels(repo, type)]);
  return {
    ...p,
    list: p.list.map((r) => {
      const value = valueOf(r);
      return { ...r, dictLabel: value ? labels.get(value) : undefined };
    }),
  };
}
