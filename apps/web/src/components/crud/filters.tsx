import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { lazyPart } from '../lazyPart';
import { Input, Select, type DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ListStateApi } from './useListState';
import type { Filters, FilterValue } from './urlState';
import { useTranslation } from 'react-i18next';
import { enumOptions, type Option } from './options';
import type { ValueStrings } from './strings';
import { DictSelect } from '../dict';
import { useQuery } from '@tanstack/react-query';
import { applicationApi, holdsWords } from '@study-crm/shared';
import { fetchData } from '../../api/call';

// Filters that apply as soon as they change (no Search click): selects and date ranges above a list.
export type Applies<F extends Filters> = { list: Pick<ListStateApi<F>, 'filters' | 'apply'> };

const DAY = 'YYYY-MM-DD';

// A list that a filter may also set in the draft, which Search applies (lists with a keyword box).
type Drafts<F extends Filters> = Applies<F>['list'] & Partial<Pick<ListStateApi<F>, 'draft' | 'patchDraft'>>;

// Filter `name` of a list, as a select's value and change: the draft's with `draft`, else applied at once.
function bound<F extends Filters, V>(list: Drafts<F>, name: keyof F & string, draft: boolean) {
  return {
    value: ((draft ? list.draft! : list.filters)[name] ?? undefined) as V | undefined,
    onChange: (v?: V) =>
      draft ? list.patchDraft!({ [name]: v ?? null } as Partial<F>) : list.apply({ [name]: v } as Partial<F>),
  };
}

// Typed words each part of an option's label, accents and case aside ("amy chan" finds "Chan Amy").
const byWords = { filterOption: (input: string, o?: { label?: unknown }) => holdsWords(String(o?.label ?? ''), input) };

// One filter picked from options; `search` lets a long list (staff, students) be typed into.
export function FilterSelect<F extends Filters, V extends string | number>({
  list,
  name,
  placeholder,
  options,
  width = 160,
  search = false,
  loading,
  draft = false,
  testId,
}: {
  list: Drafts<F>;
  name: keyof F & string;
  placeholder: string;
  options: Option<V>[] | undefined;
  width?: number;
  search?: boolean;
  loading?: boolean;
  draft?: boolean;
  testId?: string;
}) {
  return (
    <Select<V>
      allowClear
      showSearch={search ? byWords : false}
      style={{ width }}
      placeholder={placeholder}
      // Its name for assistive technology: the placeholder's text, which names what it filters (issue 42).
      aria-label={placeholder}
      options={options}
      loading={loading}
      {...bound<F, V>(list, name, draft)}
      data-testid={testId}
    />
  );
}

// The keyword box of a list that lays out its own toolbar: typing changes the draft, Enter or the search button
// applies it with the other filters.
export function KeywordSearch<F extends Filters & { keyword?: string | null }>({
  list,
  placeholder,
  width = 280,
  testId,
}: {
  list: Pick<ListStateApi<F>, 'draft' | 'patchDraft' | 'search'>;
  placeholder: string;
  width?: number;
  testId?: string;
}) {
  return (
    <Input.Search
      allowClear
      style={{ width }}
      placeholder={placeholder}
      aria-label={placeholder}
      value={String(list.draft.keyword ?? '')}
      onChange={(e) => list.patchDraft({ keyword: e.target.value } as Partial<F>)}
      onSearch={list.search}
      data-testid={testId}
    />
  );
}

// A filter over a fixed set of values (statuses, kinds), each shown as the text `<labels>.<value>`, "all
// statuses" until one is picked; its test id is `<labels with dashes>-filter`. With `draft` it joins the draft that
// Search applies (lists with a keyword box), otherwise it applies at once.
export function EnumFilter<F extends Filters, V extends string>({
  values,
  labels,
  draft = false,
  width = draft ? 140 : 160,
  placeholder,
  testId,
  ...rest
}: {
  list: Pick<ListStateApi<F>, 'filters' | 'apply' | 'draft' | 'patchDraft'>;
  name: keyof F & string;
  values: readonly V[];
  labels: ValueStrings<V>;
  draft?: boolean;
  placeholder?: string;
  width?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect<F, V>
      {...rest}
      options={enumOptions(values, (v) => t(`${labels}.${v}` as never) as string)}
      draft={draft}
      width={width}
      placeholder={placeholder ?? t('crud.allStatus')}
      testId={testId ?? `${labels.replaceAll('.', '-')}-filter`}
    />
  );
}

// A filter over the entries of one dictionary type (statuses, platforms, currencies): applies at once, or with
// `draft` joins the draft that Search applies.
export function DictFilter<F extends Filters>({
  list,
  name,
  type,
  placeholder,
  width = 160,
  draft = false,
  testId,
}: {
  list: Pick<ListStateApi<F>, 'filters' | 'apply' | 'draft' | 'patchDraft'>;
  name: keyof F & string;
  type: string;
  placeholder: string;
  width?: number;
  draft?: boolean;
  testId?: string;
}) {
  return (
    <DictSelect
      type={type}
      style={{ width }}
      placeholder={placeholder}
      aria-label={placeholder}
      {...bound<F, string>(list, name, draft)}
      data-testid={testId}
    />
  );
}

const LazyRangePicker = lazyPart(() => import('./rangePicker'));

// The range picker, loaded with the first date filter drawn; a box of its size stands in until then.
function RangePicker(props: ComponentProps<typeof DatePicker.RangePicker>) {
  return (
    <Suspense fallback={<span className="range-picker-placeholder" aria-hidden="true" />}>
      <LazyRangePicker {...props} />
    </Suspense>
  );
}

// A closed date range kept as two `YYYY-MM-DD` filters (`dateFrom`/`dateTo` unless named otherwise).
export function DateRangeFilter<F extends Filters>({
  list,
  from = 'dateFrom',
  to = 'dateTo',
  presets,
}: Applies<F> & {
  from?: keyof F & string;
  to?: keyof F & string;
  presets?: { label: ReactNode; value: [Dayjs, Dayjs] }[];
}) {
  const start: FilterValue = list.filters[from];
  const end: FilterValue = list.filters[to];
  return (
    <RangePicker
      value={start || end ? [start ? dayjs(String(start)) : null, end ? dayjs(String(end)) : null] : null}
      presets={presets}
      onChange={(v) => list.apply({ [from]: v?.[0]?.format(DAY), [to]: v?.[1]?.format(DAY) } as Partial<F>)}
    />
  );
}

// A range of whole days kept as two epoch-millisecond filters, `from` inclusive and `to` exclusive (the day after
// the last one), for lists whose server filters by instants.
export function InstantRangeFilter<F extends Filters>({
  list,
  from = 'from',
  to = 'to',
}: Applies<F> & { from?: keyof F & string; to?: keyof F & string }) {
  const start = list.filters[from];
  const end = list.filters[to];
  return (
    <RangePicker
      value={
        start || end ? [start ? dayjs(Number(start)) : null, end ? dayjs(Number(end)).subtract(1, 'day') : null] : null
      }
      onChange={(v) =>
        list.apply({
          [from]: v?.[0] ? v[0].startOf('day').valueOf() : null,
          [to]: v?.[1] ? v[1].add(1, 'day').startOf('day').valueOf() : null,
        } as Partial<F>)
      }
    />
  );
}

// The staff members as select options (teachers, operators), here with the filter over them: the list screens load
// the kit's filters anyway, so neither costs a chunk of its own.
export const useStaffOptions = () =>
  useQuery({
    queryKey: ['application', 'staff'],
    queryFn: () => fetchData(applicationApi.staffOptions),
    select: (staff) => staff.map((s) => ({ value: s.id, label: s.name })),
    meta: { reads: ['members'] },
    staleTime: 5 * 60_000,
  });

// A list filter by one staff member (the teacher, the operator), searchable by name.
export function StaffFilter<F extends Filters>({
  list,
  name,
  placeholder,
  width,
}: Applies<F> & { name: keyof F & string; placeholder: string; width?: number }) {
  const staff = useStaffOptions();
  return (
    <FilterSelect
      list={list}
      name={name}
      search
      width={width}
      placeholder={placeholder}
      loading={staff.isLoading}
      options={staff.data}
    />
  );
}
