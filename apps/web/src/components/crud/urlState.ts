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

// Only what differs from the screen's defaults is written, so an untouched list keeps a clean address (the home
// screen stays `/sadmin/…/applicationList`); an address without list parameters means the defaults.
export function encodeList(state: ListState, defaults?: ListState): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined && value !== null && value !== '') out.append(`${FILTER_PREFIX}${key}`, String(value));
  }
  const sortIsDefault = state.sortField === defaults?.sortField && state.order === defaults?.order;
  if (state.sortField && !sortIsDefault) {
    out.append('sortField', state.sortField);
    if (state.order) out.append('order', state.order);
  }
  if (!defaults || state.pageNum !== 1) out.append('pageNum', String(state.pageNum));
  if (!defaults || state.pageSize !== defaults.pageSize) out.append('pageSize', String(state.pageSize));
  return listPart(`?${out.toString()}`);
}

// A whole number as String(n) writes it: no leading zero, no '-0', exact in a double.
const INT = /^(0|-?[1-9]\d{0,14})$/;

// Reads the list state back; anything missing or malformed falls back to `defaults`. Whole numbers come back as
// numbers (ids of selects), except in the keyword box; everything else, digits with a leading zero included, as text.
export function decodeList(search: string, defaults: ListState): ListState | null {
  const part = listPart(search);
  if (!part) return null;
  const params = new URLSearchParams(part);
  const filters: Filters = {};
  for (const [key, value] of params.entries()) {
    if (key.startsWith(FILTER_PREFIX) && value !== '') {
      const name = key.slice(FILTER_PREFIX.length);
      // The keyword comes back as typed ('007' stays '007', '123' stays text).
      filters[name] = INT.test(value) && name !== 'keyword' ? Number(value) : value;
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
