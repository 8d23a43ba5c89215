import type { Filters } from './urlState';
import type { ListStateApi } from './useListState';
import type { ValueStrings } from './strings';
import { DictFilter, EnumFilter } from './filters';

type Look = { width?: number; testId?: string };

// A list's selects bound to it, one call each, so that a screen's filter bar reads as its filters' own specifics:
// a fixed set of values, one dictionary type. With `draft` they join the draft that Search applies (lists with a
// keyword box); otherwise they apply at once.
export function listFilters<F extends Filters>(
  list: Pick<ListStateApi<F>, 'filters' | 'apply' | 'draft' | 'patchDraft'>,
  draft = false,
) {
  return {
    enum: <V extends string>(
      name: keyof F & string,
      values: readonly V[],
      labels: ValueStrings<V>,
      look?: Look & { placeholder?: string },
    ) => <EnumFilter<F, V> list={list} name={name} values={values} labels={labels} draft={draft} {...look} />,
    dict: (name: keyof F & string, type: string, placeholder: string, look?: Look) => (
      <DictFilter<F> list={list} name={name} type={type} placeholder={placeholder} draft={draft} {...look} />
    ),
  };
}

export type ListFilters<F extends Filters> = ReturnType<typeof listFilters<F>>;
