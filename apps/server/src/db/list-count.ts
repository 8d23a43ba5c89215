import type { Db } from './database.js';
import type { ListCountTable } from './schema.js';

// The maintained total of a list's live rows (table list_count, kept by triggers in the same transaction as each
// write): one bucket, several summed, or every bucket summed when none is given. A handful of rows, whatever the
// table's size.
export async function listCount(
  db: Db,
  list: ListCountTable['list'],
  bucket?: string | readonly string[] | null,
): Promise<number> {
  let q = db
    .selectFrom('listCount')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), eb.lit(0)).as('n'))
    .where('list', '=', list);
  if (typeof bucket === 'string') q = q.where('bucket', '=', bucket);
  else if (bucket?.length) q = q.where('bucket', 'in', bucket);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}
