import { Alert, Button, Table, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page } from '@study-crm/shared';
import { useGroupText, type ListStrings, type TableStrings } from './strings';
import type { ListStateApi } from './useListState';

export type PagedTableProps<T> = {
  columns: TableColumnsType<T>;
  // The list query: its page, whether it is fetching, and its error.
  query: {
    data: (Pick<Page<T>, 'list'> & { total?: number; nextCursor?: string | null }) | undefined;
    isFetching: boolean;
    // The page shown is the previous query's, kept while this one loads (its cursor belongs to that query).
    isPlaceholderData?: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  // The list's paging and sort; without it the table shows every row the query returned (no pagination).
  list?: Pick<ListStateApi, 'page' | 'sort' | 'setPage' | 'setSort' | 'filtered'>;
  // "Nothing yet" and "nothing matches the filters" texts: given, else the string group's `.empty` and `.noMatch`,
  // else the kit's generic ones.
  strings?: TableStrings | ListStrings;
  emptyText?: string;
  noMatchText?: string;
  scrollX?: number | 'max-content';
  testId?: string;
  rowKey?: TableProps<T>['rowKey'];
};

type Column<T> = TableColumnsType<T>[number];

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
  rowKey = 'id',
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  const text = useGroupText(strings);
  const sorted = columns.map((c): Column<T> => {
    if (!c.sorter || !list) return c;
    const key = String(c.key ?? ('dataIndex' in c ? c.dataIndex : ''));
    const order = list?.sort.sortField === key ? list.sort.order : undefined;
    return {
      ...c,
      key,
      sortOrder: order === 'asc' ? 'ascend' : order === 'desc' ? 'descend' : null,
      sortDirections: ['ascend', 'descend', 'ascend'],
    };
  });
  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (!list) return;
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = s?.order ? String(s.columnKey) : undefined;
      list.setSort(field, s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined);
      return;
    }
    const page = { pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? list.page.pageSize };
    // The next page of the same size is read from the server's keyset cursor when it offers one (a seek, as cheap
    // deep as on page 1); jumps and other sizes go by page number.
    const next = page.pageNum === list.page.pageNum + 1 && page.pageSize === list.page.pageSize;
    // Only the cursor of the page this state asked for: while another sort's or filter's page is kept on screen,
    // its cursor would seek from a row of that other list.
    list.setPage(page, next && !query.isPlaceholderData ? query.data?.nextCursor : undefined);
  };
  const loading = query.isFetching;
  const rows = query.data?.list ?? [];
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
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={sorted}
        dataSource={rows}
        loading={loading}
        onChange={onChange}
        // No empty text under the spinner: while loading an empty page the table shows only the spinner.
        locale={{ emptyText: loading ? <div style={{ height: 120 }} /> : empty }}
        scroll={scrollX ? { x: scrollX } : undefined}
        data-testid={testId}
        // Set in the same render as the page asked for (the spinner shows a moment later): tests wait on it.
        data-busy={loading ? 'true' : 'false'}
        pagination={
          list
            ? {
                current: list.page.pageNum,
                pageSize: list.page.pageSize,
                total: query.data?.total ?? 0,
                showSizeChanger: true,
                showTotal: (total) => t('crud.total', { total }),
              }
            : false
        }
      />
    </>
  );
}
