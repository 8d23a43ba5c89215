import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';
import { looseView } from '../db/loose-view.js';
import type { Database } from '../db/schema.js';
import { countAll } from '../db/sql-helpers.js';

// What the demo generators share: repeatable random numbers, and how many demo rows a table holds already.

// A small deterministic generator so two runs produce the same data.
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// The demo rows already in `table`: those whose `column` is LIKE `pattern` (a generator adds only the missing ones).
// Runs on the loose view (db/loose-view.ts), as insertReturningId does.
export async function countDemoRows<T extends keyof Database>(
  db: Db,
  table: T,
  column: keyof Database[T] & string,
  pattern: string,
): Promise<number> {
  const loose = looseView(db);
  const name: string = table;
  const like: string = column;
  const row = await loose.selectFrom(name).select(countAll).where(like, 'like', pattern).executeTakeFirstOrThrow();
  return Number(row.n);
}

// SQL that both engines read alike: a table of literals, a zero-padded number, a pseudo-random pick.
export const sqlValues = (name: string, cols: string[], rows: (string | number)[][]) =>
  sql`${sql.raw(name)}(${sql.raw(cols.join(', '))}) as (values ${sql.join(
    rows.map((r) => sql`(${sql.join(r.map((v) => sql.lit(v)))})`),
  )})`;
// A list as the table `name(i, col)`, numbered from 0: a row's value is picked by its number.
export const sqlList = (name: string, values: readonly (string | number)[], col = 'v') =>
  sqlValues(
    name,
    ['i', col],
    values.map((v, i) => [i, v]),
  );
export const sqlPadded = (n: RawBuilder<unknown> | string, width: number) =>
  sql`substr(cast(${sql.raw(String(10 ** width))} + ${typeof n === 'string' ? sql.raw(n) : n} as varchar(20)), 2)`;
// A repeatable number in [0, m) for row n and a salt (a multiplicative hash: n times a large odd constant).
export const sqlPick = (salt: number, m: number, n = 'g.n') =>
  sql.raw(`((${n} * ${2_654_435_761 % 1_000_003} + ${salt * 7_919}) % 1000003 * ${salt * 2 + 1} % 1000003 % ${m})`);
// An ISO day (YYYY-MM-DD) `k` days after the ISO day `base`, on either engine.
export const sqlDay = (db: Db, base: string, k: RawBuilder<unknown>) =>
  isPostgres(db)
    ? sql`to_char(date ${sql.lit(base)} + cast(${k} as integer), 'YYYY-MM-DD')`
    : sql`date(${sql.lit(base)}, '+' || ${k} || ' days')`;
// A recursive CTE `g(n)` counting n from `from` up to `to` (exclusive): the rows of a generated chunk.
export const sqlCount = (from: number, to: number) =>
  sql`g(n) as (select cast(${sql.lit(from)} as bigint) union all select n + 1 from g where n + 1 < ${sql.lit(to)})`;
