import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
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
// Runs on a loose view, as insertReturningId does; the signature keeps the table's column names.
export async function countDemoRows<T extends keyof Database>(
  db: Db,
  table: T,
  column: keyof Database[T] & string,
  pattern: string,
): Promise<number> {
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const name: string = table;
  const like: string = column;
  const row = await loose.selectFrom(name).select(countAll).where(like, 'like', pattern).executeTakeFirstOrThrow();
  return Number(row.n);
}
