import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { TimelineKind } from '@study-crm/shared';
import { kindRank, type TimelineCursor } from '../lib/timeline.js';

// The rows of a timeline source older than the cursor in the order (time, kind's place, id) descending
// (lib/timeline.ts): `at` and `id` are the source's columns, `rank` its kind's place. True without a cursor.
export function olderThan(at: string, id: string, rank: number, c: TimelineCursor | null): RawBuilder<SqlBool> {
  if (!c) return sql<SqlBool>`1 = 1`;
  const a = sql.ref(at);
  if (rank < c.rank) return sql<SqlBool>`${a} <= ${c.at}`;
  if (rank > c.rank) return sql<SqlBool>`${a} < ${c.at}`;
  return sql<SqlBool>`(${a} < ${c.at} or (${a} = ${c.at} and ${sql.ref(id)} < ${c.id}))`;
}

// One page of a timeline source of this kind: its rows older than the cursor, newest first (created_at, then id),
// at most `limit`. `table` is the alias the query reads the source's created_at and id from, when it has one.
export function timelinePage(kind: TimelineKind, cursor: TimelineCursor | null, limit: number, table?: string) {
  const at = table ? `${table}.created_at` : 'created_at';
  const id = table ? `${table}.id` : 'id';
  return <DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    q
      .where(olderThan(at, id, kindRank(kind), cursor))
      .orderBy(sql.ref(at), 'desc')
      .orderBy(sql.ref(id), 'desc')
      .limit(limit);
}
