import { sql } from 'kysely';
import { compileOnce, compileShapes } from './compiled.js';
import type { Db } from './database.js';
import type { ListCountTable } from './schema.js';

const sumOf = (db: Db) =>
  db.selectFrom('listCount').select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), eb.lit(0)).as('n'));

// The two statements of every list's total (all buckets of a list, or one), compiled once per database (issue 43).
function compiled(db: Db) {
  return {
    all: compileOnce(db, ['list'], (s) => sumOf(db).where('list', '=', s.list)),
    one: compileOnce(db, ['list', 'bucket'], (s) =>
      sumOf(db).where('list', '=', s.list).where('bucket', '=', s.bucket),
    ),
    // Several buckets (slots b0, b1, ...), one statement per number of them.
    some: compileShapes(db, (n: number, s) =>
      sumOf(db)
        .where('list', '=', s.list!)
        .where(
          'bucket',
          'in',
          Array.from({ length: n }, (_, i) => s[`b${i}`]!),
        ),
    ),
  };
}
const byDb = new WeakMap<Db, ReturnType<typeof compiled>>();

// The same total as a subquery that another statement selects (the list written into its SQL; the buckets values
// or compiled slots, every bucket when none is given): one statement where there were two (decision 269).
export function listCountSubquery(db: Db, list: ListCountTable['list'], buckets: readonly unknown[] = []) {
  const q = sumOf(db).where('list', '=', sql.lit(list));
  if (!buckets.length) return q;
  return buckets.length === 1
    ? q.where('bucket', '=', buckets[0] as string)
    : q.where('bucket', 'in', buckets as string[]);
}

// The total a page carried in its own statement (decision 269): its rows' `total` column. An empty page carries
// none: the first page of a list is then 0, any other (past the last row, after the last cursor) is counted alone.
export async function carriedTotal(
  rows: readonly { total?: number | string | null }[],
  firstPage: boolean,
  countAlone: () => Promise<number>,
): Promise<number> {
  if (rows.length) return Number(rows[0]!.total);
  return firstPage ? 0 : countAlone();
}

// The maintained total of a list's live rows (table list_count, kept by triggers in the same transaction as each
// write): one bucket, several summed, or every bucket summed when none is given. A handful of rows, whatever the
// table's size.
export async function listCount(
  db: Db,
  list: ListCountTable['list'],
  bucket?: string | readonly string[] | null,
): Promise<number> {
  let q = byDb.get(db);
  if (!q) byDb.set(db, (q = compiled(db)));
  let row: { n: number | string } | undefined;
  if (typeof bucket === 'string') row = (await q.one({ list, bucket })).rows[0];
  else if (!bucket?.length) row = (await q.all({ list })).rows[0];
  else {
    const values: Record<string, unknown> = { list };
    bucket.forEach((b, i) => (values[`b${i}`] = b));
    row = (await q.some(String(bucket.length), bucket.length, values)).rows[0];
  }
  return Number(row?.n ?? 0);
}
