import { useEffect } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page } from '@study-crm/shared';
import { useGroupText, type ListStrings, type TableStrings } from './strings';
import type { ListStateApi } from './useListState';
import { DataTable, type DataColumn, type RowKey } from './DataTable';
import { TablePager } from './TablePager';

export type PagedTableProps<T> = {
  columns: DataColumn<T>[];
  // The list query: its page, whether it is fetching, and its error.
  query: {
    // `totalCapped`: the server stopped counting, `total` is a floor (one past what it counted up to or reached).
    data: (Pick<Page<T>, 'list'> & { total?: number; totalCapped?: boolean; nextCursor?: string | null }) | undefined;
    isFetching: boolean;
    // The page shown is the previous query's, kept while this one loads (its cursor belongs to that query).
    isPlaceholderData?: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  // The list's paging and sort; without it the table shows every row the query returned (no pagination).
  list?: Pick<ListStateApi, 'page' | 'sort' | 'setPage' | 'setSort' | 'filtered'> &
    Partial<Pick<ListStateApi, 'replacePage'>>;
  // "Nothing yet" and "nothing matches the filters" texts: given, else the string group's `.empty` and `.noMatch`,
  // else the kit's generic ones.
  strings?: TableStrings | ListStrings;
  emptyText?: string;
  noMatchText?: string;
  // As wide as the cells want (scrolling sideways); otherwise the table fits its box (DataTable's fitColumns).
  scrollX?: 'max-content';
  testId?: string;
  rowKey?: RowKey<T>;
};

// A table over one server page: sortable columns (`sorter: true`, named by `key`) show and change the list's sort,
// the pagination reads "N in total", the spinner never sits over an empty text, and a failed load offers a retry.
// "Next page" passes the page's nextCursor (when the server answers one) so the next page is read by seek.
export function PagedTable<T extends object>({
  columns,
  query,
  list,
  strings,
  emptyText,
  noMatchText,
  scrollX,
  testId,
  rowKey = 'id' as RowKey<T>,
}: PagedTableProps<T>) {
  const { t, i18n } = useTranslation();
  const text = useGroupText(strings);
  const onPage = (pageNum: number, pageSize: number) => {
    if (!list) return;
    // On a new page size antd's Pagination keeps the page when it still exists, else goes to the last one.
    const page = { pageNum, pageSize };
    // The next page of the same size is read from the server's keyset cursor when it offers one (a seek, as cheap
    // deep as on page 1); jumps and other sizes go by page number.
    const next = page.pageNum === list.page.pageNum + 1 && page.pageSize === list.page.pageSize;
    // Only the cursor of the page this state asked for: while another sort's or filter's page is kept on screen,
    // its cursor would seek from a row of that other list.
    list.setPage(page, next && !query.isPlaceholderData ? query.data?.nextCursor : undefined);
  };
  const loading = query.isFetching;
  // A page past the end (its last rows deleted here or elsewhere; the server answers no rows there, decision 237):
  // the last page that has rows is shown instead of an empty table. After every render: the list state may adopt
  // its address after this effect (a screen just shown).
  useEffect(() => {
    const d = query.data;
    // (While a page loads, the rows shown may be the last page's: placeholder data.)
    if (!list || !d || loading || d.list.length) return;
    const { pageNum, pageSize } = list.page;
    // (Past the count's cap the total is a floor, one more than the cap: that many rows do exist.)
    const last = Math.ceil((d.total ?? 0) / pageSize);
    if (last < 1 || last >= pageNum) return;
    if (list.replacePage) list.replacePage(last);
    else list.setPage({ pageNum: last, pageSize });
  });
  // "N in total", or "N+ in total" where the server stopped counting (the operation log, decision 249).
  const totalText = (n: number) =>
    query.data?.totalCapped
      ? t('crud.totalMore', { total: (n - 1).toLocaleString(i18n.language) })
      : t('crud.total', { total: n });
  const empty = list?.filtered
    ? (noMatchText ?? text('noMatch') ?? t('crud.noMatch'))
    : (emptyText ?? text('empty') ?? t('crud.empty'));
  return (
    <>
      {query.error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('crud.loadFailed')}
          data-testid="list-error"
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('crud.retry')}
            </Button>
          }
        />
      ) : null}
      <DataTable<T>
        columns={columns}
        rows={query.data?.list ?? []}
        rowKey={rowKey}
        loading={loading}
        empty={empty}
        sort={list ? { field: list.sort.sortField, order: list.sort.order } : undefined}
        onSort={list ? (field, order) => list.setSort(field, order) : undefined}
        sortTitles={{ asc: t('crud.sortAsc'), desc: t('crud.sortDesc') }}
        scrollX={scrollX}
        testId={testId}
      />
      {/* What the list now holds, said by assistive technology when a search, filter or page changes it (a
          status message, WCAG 4.1.3): the count, or the empty text; nothing while it loads. */}
      <div role="status" className="sr-only" data-testid="list-status">
        {loading ? '' : query.data?.list.length ? totalText(query.data.total ?? query.data.list.length) : empty}
      </div>
      {list ? (
        <TablePager
          current={list.page.pageNum}
          pageSize={list.page.pageSize}
          total={query.data?.total ?? 0}
          onChange={onPage}
          sizeChanger
          totalText={totalText}
        />
      ) : null}
    </>
  );
}
