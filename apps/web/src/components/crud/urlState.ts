// How a list's state is written in its screen's URL: paging and sort under fixed names, each filter as `f.<name>`.
// Only these parameters are list state; every other parameter (e.g. `id`) names the screen itself.
export const PAGE_KEYS = ['pageNum', 'pageSize', 'sortField', 'order'] as const;
export const FILTER_PREFIX = 'f.';

export type SortOrder = 'asc' | 'desc';
export type FilterValue = string | number | null | undefined;
export type Filters = Record<string, FilterValue>;

export type ListState<F extends Filters = Filters> = {
  filters: F;
  pageNum: number;
  pageSize: number;
  sortField?: string;
  order?: SortOrder;
};

export const isListParam = (key: string) =>
  (PAGE_KEYS as readonly string[]).includes(key) || key.startsWith(FILTER_PREFIX);

// The screen's identity (tab, cached screen, stored list state): its path and search without list parameters.
export function screenPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (isListParam(key)) params.delete(key);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

// The list parameters of a search string, in a stable order (empty when there are none).
export function listPart(search: string): string {
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const [key, value] of [...params.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (isListParam(key)) out.append(key, value);
  }
  return out.toString();
}

export function encodeList(state: ListState): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined && value !== null && value !== '') out.append(`${FILTER_PREFIX}${key}`, String(value));
  }
  if (state.sortField) out.append('sortField', state.sortField);
  if (state.sortField && state.order) out.append('order', state.order);
  out.append('pageNum', String(state.pageNum));
  out.append('pageSize', String(state.pageSize));
  return listPart(`?${out.toString()}`);
}

const INT = /^-?\d{1,15}$/;

// Reads the list state back; anything missing or malformed falls back to `defaults`. Whole numbers come back as
// numbers (ids of selects), everything else as text.
export function decodeList(search: string, defaults: ListState): ListState | null {
  const part = listPart(search);
  if (!part) return null;
  const params = new URLSearchParams(part);
  const filters: Filters = {};
  for (const [key, value] of params.entries()) {
    if (key.startsWith(FILTER_PREFIX) && value !== '') {
      filters[key.slice(FILTER_PREFIX.length)] = INT.test(value) ? Number(value) : value;
    }
  }
  const num = (key: string, fallback: number, max: number) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
  };
  const order = params.get('order');
  return {
    filters,
    pageNum: num('pageNum', 1, 1_000_000),
    pageSize: num('pageSize', defaults.pageSize, 500),
    sortField: params.get('sortField') || defaults.sortField,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
  };
}
