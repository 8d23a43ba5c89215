import type { Db } from '../db/database.js';
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
