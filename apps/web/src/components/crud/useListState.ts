import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { create } from 'zustand';
import type { EndpointQuery } from '@study-crm/shared';
import { useScreenActive } from './screenActive';
import {
  decodeList,
  encodeList,
  listPart,
  screenPath,
  type FilterValue,
  type Filters,
  type ListState,
  type SortOrder,
} from './urlState';

// `cursor`: the server's keyset cursor that reads `pageNum` (of `pageSize`) by seek, kept while the list stays on
// that page (any other change of the list state drops it). Not part of the address: a reload reads by number.
type Cursor = { pageNum: number; pageSize: number; value: string };
type Entry = { state: ListState; draft: Filters; cursor?: Cursor };

// One entry per screen path. Tabs keep several list screens mounted, each reading and writing only its own entry.
const useListStore = create<{ entries: Record<string, Entry>; put: (key: string, entry: Entry) => void }>()((set) => ({
  entries: {},
  put: (key, entry) => set((s) => ({ entries: { ...s.entries, [key]: entry } })),
}));

export type ListDefaults = { pageSize?: number; sortField?: string; order?: SortOrder; filters?: Filters };

const sameFilters = (a: Filters, b: Filters) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? '') === (b[k] ?? ''));
};

const stateOf = (defaults?: ListDefaults): ListState => ({
  filters: defaults?.filters ?? {},
  pageNum: 1,
  pageSize: defaults?.pageSize ?? 20,
  sortField: defaults?.sortField,
  order: defaults?.order,
});

// The keys of paging and sort, which the list state keeps apart from its filters.
type PageKey = 'pageNum' | 'pageSize' | 'sortField' | 'sortBy' | 'order' | 'cursor';

// A list's filters as its endpoint's query names them (`ListFilters<typeof paymentApi.list>`): a filter the server
// does not read fails to compile. The keyword box holds text (never null), as the toolbar's filters expect.
export type ListFilters<E> = {
  [K in Exclude<keyof EndpointQuery<E>, PageKey> & string]?: K extends 'keyword'
    ? string
    : Extract<EndpointQuery<E>[K], FilterValue> | null;
};

// What a list state asks the server for: the filters, the page, the sort (a field and its direction, or neither) and
// the keyset cursor of the page when the pager moved to the next one. A list endpoint's params take it as it is.
export type ListParams<F extends Filters = Filters> = F & {
  pageNum: number;
  pageSize: number;
  sortField?: string;
  order?: SortOrder;
  cursor?: string;
};

const paramsOf = <F extends Filters>(state: ListState<F>, cursor?: string): ListParams<F> => ({
  ...state.filters,
  pageNum: state.pageNum,
  pageSize: state.pageSize,
  ...(state.sortField ? { sortField: state.sortField, order: state.order ?? 'asc' } : {}),
  ...(cursor ? { cursor } : {}),
});

// The params a list screen with these defaults asks for first when opened at an address with this query string
// (what useListState computes on its first render), for reading its first page before the screen is drawn.
export const firstListParams = (search: string, defaults?: ListDefaults): ListParams => {
  const initial = stateOf(defaults);
  return paramsOf(decodeList(search, initial) ?? initial);
};

// Filters (applied and being edited), sort, page and page size of a list screen. The state belongs to the screen's
// path; while the screen is shown it is mirrored into the URL (so a reload, a shared link and the back button keep
// it), and a URL carrying list parameters (reload, link, back/forward) is adopted. `queryRoot`: Search on unchanged
// filters re-fetches the queries under it instead of doing nothing.
export function useListState<F extends Filters>(opts: { defaults?: ListDefaults; queryRoot?: QueryKey } = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const active = useScreenActive();
  const client = useQueryClient();
  const key = screenPath(location.pathname, location.search);
  const defaults = stateOf(opts.defaults);
  const stored = useListStore((s) => s.entries[key]);
  const put = useListStore((s) => s.put);
  const fromUrl = stored ? null : decodeList(location.search, defaults);
  const entry: Entry = stored ?? {
    state: fromUrl ?? defaults,
    draft: (fromUrl ?? defaults).filters,
  };
  const state = entry.state as ListState<F>;
  const draft = entry.draft as Partial<F>;

  const write = (next: Partial<ListState>, nextDraft: Filters = entry.draft, cursor?: Cursor) =>
    put(key, { state: { ...entry.state, ...next }, draft: nextDraft, ...(cursor ? { cursor } : {}) });
  const cursor =
    entry.cursor && entry.cursor.pageNum === state.pageNum && entry.cursor.pageSize === state.pageSize
      ? entry.cursor.value
      : undefined;

  // URL ↔ store, only for the shown screen. `seen`: the URL's list part at the previous run (null: just shown);
  // `written`: list parts this screen navigated to and whose arrival in the location is still awaited.
  const seen = useRef<string | null>(null);
  const written = useRef<string[]>([]);
  // The next write replaces the address's history entry instead of adding one (a page that no longer exists).
  const replaceNext = useRef(false);
  const urlPart = listPart(location.search);
  const statePart = encodeList(entry.state, defaults);
  useEffect(() => {
    if (!active) {
      seen.current = null;
      written.current = [];
      return;
    }
    if (!stored) put(key, entry);
    const first = seen.current === null;
    const urlChanged = !first && urlPart !== seen.current;
    seen.current = urlPart;
    if (urlPart === statePart) {
      written.current = [];
      return;
    }
    // The echo of an earlier write of ours, overtaken by a newer state: the newer navigation is on its way.
    if (written.current.includes(urlPart)) return;
    // Shown through an address carrying list state (a link from another screen, e.g. the dashboard's figures):
    // the link's filters win over what the screen kept. Without list parameters the kept state is written back.
    if (urlChanged || (first && urlPart)) {
      // Back/forward or a pasted link: the URL wins (no list parameters: the defaults).
      const read = decodeList(location.search, defaults) ?? defaults;
      put(key, { state: read, draft: read.filters });
      return;
    }
    const params = new URLSearchParams(location.search);
    for (const k of [...params.keys()]) if (new URLSearchParams(urlPart).has(k)) params.delete(k);
    const search = [params.toString(), statePart].filter(Boolean).join('&');
    written.current = [...written.current, statePart];
    const replace = first || replaceNext.current;
    replaceNext.current = false;
    // A change made on this screen is a new history entry, the first one on an address without list state too
    // (Back undoes it); writing the kept state into the address the screen was just shown at is not.
    // A page that turned out not to exist is replaced, so Back does not lead to it again.
    navigate({ pathname: location.pathname, search: `?${search}` }, { replace });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, key, urlPart, statePart]);

  const refetch = () => (opts.queryRoot ? void client.invalidateQueries({ queryKey: opts.queryRoot }) : undefined);

  return {
    draft,
    filters: state.filters,
    page: { pageNum: state.pageNum, pageSize: state.pageSize },
    sort: { sortField: state.sortField, order: state.order },
    // Whether any filter is applied (the empty text then says "no match" rather than "nothing yet").
    filtered: !sameFilters(state.filters, defaults.filters),
    params: paramsOf(state, cursor),
    patchDraft: (patch: Partial<F>) => write({}, { ...entry.draft, ...patch }),
    // Applies filters at once (selects that filter on change), back to page 1.
    apply: (patch: Partial<F>) => {
      const filters = { ...entry.state.filters, ...patch };
      write({ filters, pageNum: 1 }, { ...entry.draft, ...patch });
    },
    // A page by number; with `cursor` (the server's nextCursor of the page shown, when `page` is the next one) the
    // page is read by seek from there instead of by offset.
    setPage: (page: { pageNum: number; pageSize: number }, cursor?: string | null) =>
      write(page, entry.draft, cursor ? { ...page, value: cursor } : undefined),
    firstPage: () => write({ pageNum: 1 }),
    // Instead of a page that turned out to be past the end (its last rows deleted): `pageNum`, in place of it in the
    // history.
    replacePage: (pageNum: number) => {
      replaceNext.current = true;
      write({ pageNum });
    },
    setSort: (sortField: string | undefined, order: SortOrder | undefined) =>
      write({ sortField: sortField ?? defaults.sortField, order: sortField ? order : defaults.order, pageNum: 1 }),
    // Applies the drafts; the same filters again still go to the server.
    search: () => {
      if (sameFilters(entry.draft, entry.state.filters) && entry.state.pageNum === 1) refetch();
      write({ filters: entry.draft, pageNum: 1 });
    },
    reset: () => {
      if (sameFilters(defaults.filters, entry.state.filters) && entry.state.pageNum === 1) refetch();
      write(
        { filters: defaults.filters, pageNum: 1, sortField: defaults.sortField, order: defaults.order },
        defaults.filters,
      );
    },
  };
}

export type ListStateApi<F extends Filters = Filters> = ReturnType<typeof useListState<F>>;

// Paging of a list inside a dialog (no URL of its own): the same table props as a screen's list, kept in state.
export function useLocalPaging(pageSize = 10) {
  const [page, setPage] = useState({ pageNum: 1, pageSize });
  return {
    page,
    setPage,
    sort: { sortField: undefined as string | undefined, order: undefined as SortOrder | undefined },
    setSort: () => undefined,
    filtered: false,
  };
}
