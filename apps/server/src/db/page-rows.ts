import { sql, type SelectQueryBuilder } from 'kysely';
import { pageResult, pageTotal, type PageWindow } from '../lib/paging.js';
import { isPostgres } from './database.js';
import type { Conn } from './conn.js';

type Window = Pick<PageWindow, 'limit' | 'offset'>;
type Counted = { n: number | string | bigint };

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
  const found = (await rows
    .select(sql<number | string>`${count}`.as('pageTotal'))
    .limit(w.limit)
    .offset(w.offset)
    .execute()) as (O & { pageTotal: number | string })[];
  if (!found.length) return { rows: [], total: w.offset === 0 ? 0 : await counted() };
  const list: O[] = [];
  for (const { pageTotal: _total, ...row } of found) list.push(row as O);
  return { rows: list, total: Number(found[0]!.pageTotal) };
}

// The same as the wire's page.
export async function readPage<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB>(
  db: Conn,
  rows: SelectQueryBuilder<DB, TB, O>,
  count: SelectQueryBuilder<CDB, CTB, Counted>,
  w: PageWindow,
) {
  const { rows: list, total } = await pageRows(db, rows, count, w);
  return pageResult(list, total, w);
}
