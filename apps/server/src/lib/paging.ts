// Paging, written once for every list: page 1 and 20 rows unless asked otherwise, newest first. The upper limit
// of pageSize (PAGE_SIZE_MAX) is enforced by the shared zPaging schema every list query extends.
export const DEFAULT_PAGE_SIZE = 20;

export type SortOrder = 'asc' | 'desc';
export type PageWindow = { pageNum: number; pageSize: number; limit: number; offset: number; order: SortOrder };
export type PagingInput = {
  pageNum?: number | null | undefined;
  pageSize?: number | null | undefined;
  order?: SortOrder | null | undefined;
};

export function pageWindow(p: PagingInput, defaults: { pageSize?: number; order?: SortOrder } = {}): PageWindow {
  const pageNum = p.pageNum ?? 1;
  const pageSize = p.pageSize ?? defaults.pageSize ?? DEFAULT_PAGE_SIZE;
  return {
    pageNum,
    pageSize,
    limit: pageSize,
    offset: (pageNum - 1) * pageSize,
    order: p.order ?? defaults.order ?? 'desc',
  };
}

// The wire's page: the rows plus the window they were read with.
export const pageResult = <T>(list: T[], total: number, w: Pick<PageWindow, 'pageNum' | 'pageSize'>) => ({
  list,
  total,
  pageNum: w.pageNum,
  pageSize: w.pageSize,
});

// The total a page tells by itself, so that no count is run for it (issue 43): a page read from a known position
// (`offset` rows skipped; undefined after a cursor) that is not full holds the list's last row, so the list has
// offset + its rows; an empty page tells it only when it is the first (0). A full page, or an empty one past the
// first, tells nothing: undefined, and the total is counted.
export function pageTotal(rows: number, limit: number, offset: number | undefined): number | undefined {
  if (offset === undefined || rows >= limit || (rows === 0 && offset > 0)) return undefined;
  return offset + rows;
}

// A page with each row turned into its response (by the mapper), the window unchanged.
export const mapPage = <P extends { list: unknown[] }, T>(page: P, toItem: (row: P['list'][number]) => T) =>
  Object.assign({}, page, { list: page.list.map((row) => toItem(row)) });

// Keyset paging's cursor, "<sort key>~<id>": the last row's sort key and id, after which the next page starts. The
// list's query schema has checked its shape (APPLICATION_CURSOR, MEMBER_CURSOR in the shared package).
export const cursorOf = (key: string | number, id: number) => `${key}~${id}`;

export function readCursor(cursor: string): { key: string; id: number } {
  const at = cursor.lastIndexOf('~');
  return { key: cursor.slice(0, at), id: Number(cursor.slice(at + 1)) };
}

// The cursor of the page after `rows`: only when the page is full (a shorter page is the last).
export const nextCursorOf = <R extends { id: number }>(rows: R[], limit: number, key: (row: R) => string | number) => {
  const last = rows.at(-1);
  return last && rows.length === limit ? cursorOf(key(last), last.id) : null;
};
