import { sql, type RawBuilder, type SqlBool } from 'kysely';

// LIKE patterns with the user's %, _ and \ taken literally.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const containsPattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;
export const prefixPattern = (text: string) => `${escapeLike(text.toLowerCase())}%`;

// Case-insensitive LIKE that behaves the same on SQLite and PostgreSQL.
export function likeLower(column: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
// lower(column) starts with `text`: a range an index on lower(column) can serve, plus the LIKE that makes it
// exact under any collation.
export function startsWithLower(column: string, text: string): RawBuilder<SqlBool> {
  const low = text.toLowerCase();
  const last = low.charCodeAt(low.length - 1);
  const like = sql<SqlBool>`lower(${sql.ref(column)}) like ${prefixPattern(text)} escape '\\'`;
  if (!low || last >= 0xffff) return like;
  const next = low.slice(0, -1) + String.fromCharCode(last + 1);
  return sql<SqlBool>`(lower(${sql.ref(column)}) >= ${low} and lower(${sql.ref(column)}) < ${next} and ${like})`;
}

// A unique index refused the row (SQLite or PostgreSQL).
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
