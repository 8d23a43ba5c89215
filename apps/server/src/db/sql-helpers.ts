import {
  sql,
  type ExpressionBuilder,
  type Generated,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { isPostgres, type Db } from './database.js';
import { looseView } from './loose-view.js';
import type { Database } from './schema.js';
import type { Conn } from './transaction.js';

// Tables whose rows get a generated numeric id.
export type IdTable = {
  [T in keyof Database]: Database[T] extends { id: Generated<number> } ? T : never;
}[keyof Database];

// Inserts one row and answers its generated id (on the loose view, db/loose-view.ts).
export async function insertReturningId<T extends IdTable>(
  conn: Conn,
  table: T,
  row: Insertable<Database[T]>,
): Promise<number> {
  const loose = looseView<{ id: Generated<number> }>(conn);
  const name: string = table;
  const r = await loose.insertInto(name).values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

// Sets `patch` on the rows matching `match` whose `column` is still null, in one statement, and answers whether any
// changed: a step taken once (a code used, a pending secret enabled, a notice deleted) that of two racing writes only
// one takes. Runs on the loose view, like insertReturningId.
export async function updateWhileNull<T extends keyof Database>(
  conn: Conn,
  table: T,
  match: Partial<Selectable<Database[T]>>,
  column: keyof Database[T] & string,
  patch: Updateable<Database[T]>,
): Promise<boolean> {
  const loose = looseView(conn);
  const name: string = table;
  let q = loose.updateTable(name).set(patch);
  for (const [key, value] of Object.entries(match)) q = q.where(key, '=', value);
  const r = await q.where(column, 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// `count(*) as n`, the total of a page (lib/paging.ts readPage): `.select(countAll)`.
export const countAll = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => eb.fn.countAll<number>().as('n');

// The upper bound of a prefix range on a column compared in code point order (SQLite's binary, PostgreSQL's
// collate "C"): every string that starts with `prefix` is >= prefix and < prefixEnd(prefix), whatever follows,
// characters beyond U+FFFF (CJK Extension B, in some names) included. U+10FFFF is a noncharacter no text holds.
export const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

// The stored file names among `names` that `read` finds in its table (the orphan upload sweep keeps those files),
// asked 500 at a time so that a long list stays within the engines' bound-parameter limits.
export async function referencedNames(
  names: readonly string[],
  read: (chunk: string[]) => Promise<{ name: string | null }[]>,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < names.length; i += 500)
    for (const r of await read(names.slice(i, i + 500))) if (r.name) found.add(r.name);
  return found;
}

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

// Runs a write; a unique index refusing it becomes the caller's own refusal (two saves racing on one name get the
// answer of the check before them).
export async function refuseUnique<T>(write: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw refusal();
    throw err;
  }
}

// A foreign key refused the delete or the row (SQLite or PostgreSQL).
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

// A member that has not been removed, by id: the start of an existence check or an own-account read.
export const liveMemberById = (conn: Conn, id: number) =>
  conn.selectFrom('member').where('id', '=', id).where('deletedAt', 'is', null);

// Hit counters in windows of time (sign-in failures, captchas, reset requests, feedback per address): rows of
// login_throttle by key, shared by every app server.

// One more hit in the key's window (or a fresh window), in one statement: parallel hits are all counted. Returns
// the count in the window, this hit included, and when the window began.
export async function hitInWindow(
  conn: Conn,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ count: number; since: number }> {
  const stale = sql<boolean>`login_throttle.window_start <= ${now - windowMs}`;
  const row = await conn
    .insertInto('loginThrottle')
    .values({ key, windowStart: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        windowStart: sql<number>`case when ${stale} then ${now} else login_throttle.window_start end`,
        count: sql<number>`case when ${stale} then 1 else login_throttle.count + 1 end`,
      }),
    )
    .returning(['count', 'windowStart'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), since: Number(row.windowStart) };
}

// The key's window as it stands (when it began and its count), or undefined when it has none.
export const readWindow = (conn: Conn, key: string) =>
  conn.selectFrom('loginThrottle').select(['windowStart', 'count']).where('key', '=', key).executeTakeFirst();

// The count in the key's window after one more hit.
export const countInWindow = async (conn: Conn, key: string, now: number, windowMs: number): Promise<number> =>
  (await hitInWindow(conn, key, now, windowMs)).count;

// Forgets a key's hits (a success resets the count).
export async function clearWindow(conn: Conn, key: string): Promise<void> {
  await conn.deleteFrom('loginThrottle').where('key', '=', key).execute();
}

// Drops the counters of keys starting with `prefix` (a constant without LIKE wildcards) whose window began before
// `before`.
export async function purgeWindows(conn: Conn, prefix: string, before: number): Promise<void> {
  await conn.deleteFrom('loginThrottle').where('key', 'like', `${prefix}%`).where('windowStart', '<', before).execute();
}

// Permission ids a role holds, in id order.
export async function permissionIdsOfRole(conn: Conn, roleId: number): Promise<number[]> {
  const rows = await conn
    .selectFrom('rolePermission')
    .select('permissionId')
    .where('roleId', '=', roleId)
    .orderBy('permissionId')
    .execute();
  return rows.map((r) => r.permissionId);
}

// The search box's matching (issue 39, decision 138) on a table's `search_text` (names folded by the owning module,
// migrations 0039 and 0045). `words` are folded (packages/shared searchWords).
// - Words of three characters or more go through the trigram index: the FTS5 table `<table>_search` (trigram
//   tokenizer) on SQLite, the pg_trgm GIN index under `like '%word%'` on PostgreSQL. Shorter words are then tested
//   on the rows those give.
// - Null when no word is that long: the caller matches the start of the text instead (searchTextStarts).
export function searchTextHolds(db: Db, table: string, words: readonly string[]): RawBuilder<SqlBool> | null {
  const long = words.filter((w) => [...w].length >= 3);
  if (!long.length) return null;
  const column = sql.ref(`${table}.search_text`);
  const holds = (w: string) => sql<SqlBool>`${column} like ${containsPattern(w)} escape '\\'`;
  const short = words.filter((w) => [...w].length < 3).map(holds);
  if (isPostgres(db as never)) return sql<SqlBool>`(${sql.join([...long.map(holds), ...short], sql` and `)})`;
  const fts = sql.table(`${table}_search`);
  const match = long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');
  const trigram = sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${match})`;
  return short.length ? sql<SqlBool>`(${sql.join([trigram, ...short], sql` and `)})` : trigram;
}

// The search text starts with `prefix` (a one- or two-character search): a range its plain index serves, in code
// point order (collate "C" on PostgreSQL, migration 0045), and the LIKE that keeps it exact under any collation.
export function searchTextStarts(table: string, prefix: string): RawBuilder<SqlBool> {
  const column = sql.ref(`${table}.search_text`);
  return sql<SqlBool>`(${column} >= ${prefix} and ${column} < ${prefixEnd(prefix)} and ${column} like ${prefixPattern(prefix)} escape '\\')`;
}
