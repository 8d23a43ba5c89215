import { sql, type ReferenceExpression, type SelectQueryBuilder, type StringReference } from 'kysely';
import { pageResult, pageTotal, pageWindow, type PageWindow, type PagingInput, type SortOrder } from '../lib/paging.js';
import { compileShapes, type Slots } from './compiled.js';
import { isPostgres } from './database.js';
import type { Conn } from './conn.js';
import { countAll } from './sql-helpers.js';

type Window = Pick<PageWindow, 'limit' | 'offset'>;
type Counted = { n: number | string | bigint };

// PostgreSQL plans a prepared statement again on every call while its LIMIT is a parameter: a generic plan is costed
// for an unknown limit (a tenth of the rows) and never wins against one made for the call's values, and planning a
// list's page cost as much as running it (decision 321). A first page (offset 0) therefore has its limit written into
// the statement (a handful of page sizes: a handful of texts), and PostgreSQL keeps one plan for it; a deeper page
// keeps both as parameters and is planned with their values (a generic plan for an unknown offset walked whole
// tables). On SQLite both stay parameters here: its driver writes every integer limit into the statement itself
// (db/statement-cache.ts, decision 323), deep pages' too, as SQLite plans a bound LIMIT with its value.
export const firstPageLimit = (db: Conn, w: Window): number | null =>
  w.offset === 0 && isPostgres(db) ? w.limit : null;

// A query's window: the limit written in (firstPageLimit) or the limit and offset as the values or slots given.
export function windowed<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  first: number | null,
  limit: number,
  offset: number,
): SelectQueryBuilder<DB, TB, O> {
  return first === null ? q.limit(limit).offset(offset) : q.limit(sql.lit(first));
}

// A page read with one filter: the rows of the window (`rows`, ordered) and the total of all that match (`count`: the
// same filter `.select(countAll)`, db/sql-helpers.ts).
// - SQLite (in process): the page first; the count only when the page does not tell the total (pageTotal: a page that
//   is not full, read from a known position, holds the list's last row; decision 282).
// - PostgreSQL, where a statement costs a round trip and 60–80 µs of this process's CPU: the page carries the count as
//   a scalar subquery of its own statement, which PostgreSQL runs once (decision 283). An empty page carries nothing:
//   the first page of a list is then 0 rows of 0; a page past the last row is counted on its own.
export async function pageRows<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB>(
  db: Conn,
  rows: SelectQueryBuilder<DB, TB, O>,
  count: SelectQueryBuilder<CDB, CTB, Counted>,
  w: Window,
): Promise<{ rows: O[]; total: number }> {
  const counted = async () => Number((await count.executeTakeFirst())?.n ?? 0);
  if (!isPostgres(db)) {
    const list = await rows.limit(w.limit).offset(w.offset).execute();
    return { rows: list, total: pageTotal(list.length, w.limit, w.offset) ?? (await counted()) };
  }
  // (With the tables generic here, Kysely cannot name the added column's type: it is said.)
  const found = (await windowed(
    rows.select(sql<number | string>`${count}`.as('pageTotal')),
    firstPageLimit(db, w),
    w.limit,
    w.offset,
  ).execute()) as (O & { pageTotal: number | string })[];
  if (!found.length) return { rows: [], total: w.offset === 0 ? 0 : await counted() };
  const list: O[] = [];
  for (const { pageTotal: _total, ...row } of found) list.push(row as O);
  return { rows: list, total: Number(found[0]!.pageTotal) };
}

// pageRows for a list whose SQL depends on the call (which filters are given, the order), each shape built and
// compiled once (issue 43: building a list's queries cost as much as running them). `build` answers the shape's rows
// (ordered, without a window) and the count of the same filter, taking every value from the slots (compileShapes'
// rule); the call names its shape by `key` and gives the slots' `values`. The window's limit and offset are slots of
// their own.
export function compiledPageRows<S, DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB>(
  db: Conn,
  build: (
    shape: S,
    s: Slots<string>,
  ) => { rows: SelectQueryBuilder<DB, TB, O>; count: SelectQueryBuilder<CDB, CTB, Counted> },
): (key: string, shape: S, values: Record<string, unknown>, w: Window) => Promise<{ rows: O[]; total: number }> {
  const pg = isPostgres(db);
  const page = compileShapes(db, ({ shape, first }: { shape: S; first: number | null }, s) => {
    const { rows, count } = build(shape, s);
    const inWindow = windowed(rows, first, s.limit!, s.offset!);
    // (As pageRows: on PostgreSQL the page carries its count.)
    return pg ? inWindow.select(sql<number | string>`${count}`.as('pageTotal')) : inWindow;
  });
  const count = compileShapes(db, (shape: S, s) => build(shape, s).count);
  return async (key, shape, values, w) => {
    const counted = async () => Number((await count(key, shape, values)).rows[0]?.n ?? 0);
    const first = firstPageLimit(db, w);
    const found = (
      await page(
        first === null ? key : `${key}|L${first}`,
        { shape, first },
        first === null ? Object.assign({ limit: w.limit, offset: w.offset }, values) : values,
      )
    ).rows;
    if (!pg) return { rows: found, total: pageTotal(found.length, w.limit, w.offset) ?? (await counted()) };
    if (!found.length) return { rows: [], total: w.offset === 0 ? 0 : await counted() };
    const total = Number((found[0] as O & { pageTotal: number | string }).pageTotal);
    // (The column is left on the rows: deleting it would slow every later read of them, decision 297.)
    return { rows: found, total };
  };
}

// A list screen's page (pageResult) of one filter, whose SQL depends only on which filters are given and the order:
// the rows `filter(s)` keeps, as `select` reads them, by `sort` then id in the window's order, and the total of the
// same filter; each shape compiled once (compiledPageRows). The function returned takes the paging input (its window
// with `defaults`, pageWindow) and the filter's values (givenValues).
export function sortedListPage<DB, TB extends keyof DB, O>(
  db: Conn,
  filter: (s: Slots<string>) => SelectQueryBuilder<DB, TB, object>,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  sort: StringReference<DB, TB>,
  defaults: Parameters<typeof pageWindow>[1] = {},
) {
  const id = 'id' as StringReference<DB, TB>;
  const page = compiledPageRows(db, (order: SortOrder, s) => ({
    rows: select(filter(s)).orderBy(sort, order).orderBy(id, order),
    // (With the tables generic here, Kysely cannot name the count's type: it is said.)
    count: filter(s).select(countAll) as SelectQueryBuilder<DB, TB, Counted>,
  }));
  return async (q: PagingInput, filters: Record<string, unknown>) => {
    const w = pageWindow(q, defaults);
    const { key, values } = givenValues(filters);
    const { rows, total } = await page(`${key}:${w.order}`, w.order, values, w);
    return pageResult(rows, total, w);
  };
}

// A filter's given values (not undefined, null or ''), as slots' values, and a key naming which are given: the shape
// of a compiled list's filter. A query built from such slots tests a filter where its slot is given (the stand-in is
// a non-empty string), so the one filter function serves every shape.
export function givenValues(filter: Record<string, unknown>): { key: string; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  let key = '';
  for (const name in filter) {
    const v = filter[name];
    if (v === undefined || v === null || v === '') continue;
    values[name] = v;
    key += `${name},`;
  }
  return { key, values };
}

// A compiled list's equality filters from its slots (givenValues): for each of `columns` whose slot of the same name
// is given, `column = slot`, in the order named.
export function whereEqual<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  s: Slots<string>,
  ...columns: (keyof DB[TB] & string)[]
): SelectQueryBuilder<DB, TB, O> {
  for (const column of columns) if (s[column]) q = q.where(column as ReferenceExpression<DB, TB>, '=', s[column]);
  return q;
}
