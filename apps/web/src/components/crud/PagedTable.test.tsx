import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryRouter,
  Route,
  RouterProvider,
  Routes,
  UNSAFE_createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router';
import { guardedHistory } from '../../navigation/history';
import i18n from '../../i18n';
import type { Params } from '../../api/client';
import { PagedTable, type PagedTableProps } from './PagedTable';
import { firstListParams, useListState, type ListStateApi } from './useListState';

afterEach(cleanup);

type Item = { id: number; name: string };
const rows: Item[] = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));

// A list screen on the kit showing what `query` answers for its list state, in one Name column (sortable with
// `sortable`): its params (what it would send) are recorded at every render.
function tableScreen(query: (list: ListStateApi) => PagedTableProps<Item>['query'], sortable = false) {
  const seen: Params[] = [];
  function Screen() {
    const list = useListState();
    seen.push(list.params);
    return (
      <PagedTable<Item>
        columns={[{ title: 'Name', dataIndex: 'name', key: 'name', ...(sortable ? { sorter: true } : {}) }]}
        query={query(list)}
        list={list}
      />
    );
  }
  return { Screen, last: () => seen[seen.length - 1]! };
}

// A sortable screen of 200 rows, 20 a page, with this cursor to the next page.
const listScreen = (nextCursor: string | null, isPlaceholderData = false) =>
  tableScreen(
    () => ({
      data: { list: rows, total: 200, nextCursor },
      isFetching: isPlaceholderData,
      isPlaceholderData,
      error: null,
      refetch: () => 0,
    }),
    true,
  );

// A screen on the data router at the last of `entries` (those before it are its history), with a query client of
// its own.
function renderOnRouter(Screen: () => ReactNode, entries: string[]) {
  const router = createMemoryRouter([{ path: '*', element: <Screen /> }], { initialEntries: entries });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// A list screen on the data router, starting at `path`.
function renderList(path: string, nextCursor: string | null, isPlaceholderData = false) {
  const { Screen, last } = listScreen(nextCursor, isPlaceholderData);
  return { last, router: renderOnRouter(Screen, [path]) };
}

const next = () => fireEvent.click(document.querySelector('.ant-pagination-next button')!);
const prev = () => fireEvent.click(document.querySelector('.ant-pagination-prev button')!);
const pageLink = (n: number) => fireEvent.click(screen.getByTitle(String(n)));

describe('PagedTable with keyset cursors', () => {
  it("reads the next page from the server's nextCursor and jumps by page number", () => {
    const { last, router } = renderList('/cursor/list', 'CUR-1');
    expect(last()).toMatchObject({ pageNum: 1, pageSize: 20 });
    expect(last().cursor).toBeUndefined();
    next();
    expect(last()).toMatchObject({ pageNum: 2, pageSize: 20, cursor: 'CUR-1' });
    // The address keeps the page number only: a reload reads page 2 by number.
    expect(router.state.location.search).toContain('pageNum=2');
    expect(router.state.location.search).not.toContain('CUR-1');
    next();
    expect(last()).toMatchObject({ pageNum: 3, cursor: 'CUR-1' });
    // A jump and "previous" go by number.
    pageLink(5);
    expect(last()).toMatchObject({ pageNum: 5 });
    expect(last().cursor).toBeUndefined();
    prev();
    expect(last()).toMatchObject({ pageNum: 4 });
    expect(last().cursor).toBeUndefined();
  });

  it('drops the cursor when the sort changes, and pages by number when the server offers none', () => {
    const a = renderList('/cursor/sorted', 'CUR-9');
    next();
    expect(a.last()).toMatchObject({ pageNum: 2, cursor: 'CUR-9' });
    fireEvent.click(screen.getByText('Name'));
    expect(a.last()).toMatchObject({ pageNum: 1, sortField: 'name' });
    expect(a.last().cursor).toBeUndefined();
    cleanup();
    const b = renderList('/cursor/none', null);
    next();
    expect(b.last()).toMatchObject({ pageNum: 2 });
    expect(b.last().cursor).toBeUndefined();
  });

  it("does not seek from the cursor of another query's page kept on screen while this one loads", () => {
    // E.g. the sort changed a moment ago: the page shown is still the old order's, and so is its cursor.
    const { last } = renderList('/cursor/kept', 'CUR-OLD', true);
    next();
    expect(last()).toMatchObject({ pageNum: 2 });
    expect(last().cursor).toBeUndefined();
    expect(document.querySelector('[data-busy="true"]')).not.toBeNull();
  });

  it('makes the first change on an address without list state a history entry of its own, which Back undoes', async () => {
    const { last, router } = renderList('/cursor/history', null);
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByText('Name'));
    expect(last()).toMatchObject({ pageNum: 1, sortField: 'name' });
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.search).toContain('sortField=name');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(last().sortField).toBeUndefined();
  });

  it('Back from page 2 returns to page 1 of the same sort, and Forward to page 2', async () => {
    const { last, router } = renderList('/cursor/back', null);
    fireEvent.click(screen.getByText('Name'));
    next();
    expect(last()).toMatchObject({ pageNum: 2, sortField: 'name' });
    expect(router.state.location.search).toContain('pageNum=2');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).not.toContain('pageNum=2');
    expect(last()).toMatchObject({ pageNum: 1, sortField: 'name' });
    await act(() => router.navigate(1));
    expect(last()).toMatchObject({ pageNum: 2, sortField: 'name' });
  });

  it('the same on the portal router (plain router over the guarded history)', () => {
    const { Screen, last } = listScreen(null);
    const inner = UNSAFE_createMemoryHistory({ initialEntries: ['/cursor/plain'], v5Compat: true });
    const { history } = guardedHistory('', inner);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HistoryRouter history={history}>
          <Routes>
            <Route path="*" element={<Screen />} />
          </Routes>
        </HistoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByText('Name'));
    next();
    expect(last()).toMatchObject({ pageNum: 2, sortField: 'name' });
    expect(inner.location.search).toContain('pageNum=2');
    act(() => history.go(-1));
    expect(inner.location.search).not.toContain('pageNum=2');
    expect(last()).toMatchObject({ pageNum: 1, sortField: 'name' });
  });
});

describe('firstListParams', () => {
  // What a screen with these defaults asks for on its first render at an address, read ahead of the screen.
  const defaults = { sortField: 'applicationDate', order: 'desc' as const };
  function firstAsked(path: string) {
    const seen: Params[] = [];
    function Screen() {
      seen.push(useListState({ defaults }).params);
      return null;
    }
    renderOnRouter(Screen, [path]);
    return seen[0];
  }

  it.each([
    // Each its own path: the kit keeps a list's state per screen path for the session.
    '/first/a',
    '/first/b?f.status=submitted&f.teacherId=3&sortField=name&order=asc&pageNum=4&pageSize=50',
    '/first/c?id=9&pageNum=2&f.keyword=%E9%99%B3',
    '/first/d?pageNum=x&pageSize=-1&order=up',
  ])('is what the screen asks first at %s', (path) => {
    const search = path.includes('?') ? path.slice(path.indexOf('?')) : '';
    expect(firstListParams(search, defaults)).toEqual(firstAsked(path));
  });
});

describe('a total the server stopped counting (the operation log, decision 249)', () => {
  function renderTotal(total: number, totalCapped: boolean) {
    const { Screen } = tableScreen(() => ({
      data: { list: rows, total, totalCapped, nextCursor: '5~1' },
      isFetching: false,
      error: null,
      refetch: () => 0,
    }));
    renderOnRouter(Screen, ['/capped']);
  }

  it('reads "10,000+" past the cap, its pager still offering the next page', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderTotal(10_001, true);
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('10,000+ in total');
    expect(screen.getByTestId('list-status').textContent).toBe('10,000+ in total');
    expect(document.querySelector('.ant-pagination-next')?.getAttribute('aria-disabled')).toBe('false');
    cleanup();
    await act(() => i18n.changeLanguage('zh-TW'));
    renderTotal(10_001, true);
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('共 10,000+ 筆');
    cleanup();
    renderTotal(200, false);
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('共 200 筆');
  });
});

describe('a page past the end (its last rows deleted)', () => {
  it('shows the last page that has rows, in place of the empty one in the history', async () => {
    // 21 rows: page 2 holds the last one; the server answers no rows past the end (decision 237).
    const { Screen, last } = tableScreen(({ page }) => ({
      data: { list: page.pageNum <= 2 ? rows.slice(0, page.pageNum === 1 ? 20 : 1) : [], total: 21 },
      isFetching: false,
      error: null,
      refetch: () => 0,
    }));
    const router = renderOnRouter(Screen, ['/gone', '/gone?pageNum=3']);
    expect(last()).toMatchObject({ pageNum: 2 });
    expect(router.state.location.search).toContain('pageNum=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('row 1')).toBeTruthy();
    // Back leaves the list instead of returning to the empty page.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(last()).toMatchObject({ pageNum: 1 });
  });

  it('stays on page 1 of an empty list, and on an empty page while it loads', () => {
    const { Screen, last } = tableScreen(() => ({
      data: { list: [], total: 21 },
      isFetching: true,
      error: null,
      refetch: () => 0,
    }));
    renderOnRouter(Screen, ['/loading?pageNum=3']);
    expect(last()).toMatchObject({ pageNum: 3 });
  });
});
