import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { Select, type DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ListStateApi } from './useListState';
import type { Filters, FilterValue } from './urlState';
import type { Option } from './options';

// Filters that apply as soon as they change (no Search click): selects and date ranges above a list.
type Applies<F extends Filters> = { list: Pick<ListStateApi<F>, 'filters' | 'apply'> };

const DAY = 'YYYY-MM-DD';

// One filter picked from options; `search` lets a long list (staff, students) be typed into.
export function FilterSelect<F extends Filters, V extends string | number>({
  list,
  name,
  placeholder,
  options,
  width = 160,
  search = false,
  loading,
  testId,
}: Applies<F> & {
  name: keyof F & string;
  placeholder: string;
  options: Option<V>[] | undefined;
  width?: number;
  search?: boolean;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Select<V>
      allowClear
      showSearch={search ? { optionFilterProp: 'label' } : false}
      style={{ width }}
      placeholder={placeholder}
      options={options}
      loading={loading}
      value={(list.filters[name] ?? undefined) as V | undefined}
      onChange={(v?: V) => list.apply({ [name]: v } as Partial<F>)}
      data-testid={testId}
    />
  );
}

const LazyRangePicker = lazy(() => import('./rangePicker'));

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
      value={start && end ? [dayjs(String(start)), dayjs(String(end))] : null}
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
      value={start && end ? [dayjs(Number(start)), dayjs(Number(end)).subtract(1, 'day')] : null}
      onChange={(v) =>
        list.apply({
          [from]: v?.[0] ? v[0].startOf('day').valueOf() : null,
          [to]: v?.[1] ? v[1].add(1, 'day').startOf('day').valueOf() : null,
        } as Partial<F>)
      }
    />
  );
}
