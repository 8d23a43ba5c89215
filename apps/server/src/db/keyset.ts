import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TimelineCursor } from '../lib/timeline.js';

// The rows of a timeline source older than the cursor in the order (time, kind's place, id) descending
// (lib/timeline.ts): `at` and `id` are the source's columns, `rank` its kind's place. True without a cursor.
export function olderThan(at: string, id: string, rank: number, c: TimelineCursor | null): RawBuilder<SqlBool> {
  if (!c) return sql<SqlBool>`1 = 1`;
  const a = sql.ref(at);
  if (rank < c.rank) return sql<SqlBool>`${a} <= ${c.at}`;
  if (rank > c.rank) return sql<SqlBool>`${a} < ${c.at}`;
  return sql<SqlBool>`(${a} < ${c.at} or (${a} = ${c.at} and ${sql.ref(id)} < ${c.id}))`;
}
