import {
  sql,
  type ExpressionBuilder,
  type Generated,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { idList, idsValue } from './compiled.js';
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

// How many rows of `table` have `column` among `ids` (0 without a statement when there are none): a dry run's count
// of the rows that hang off records found before. Runs on the loose view, like insertReturningId.
export async function countIn<T extends keyof Database>(
  conn: Conn,
  table: T,
  column: keyof Database[T] & string,
  ids: readonly number[],
): Promise<number> {
  if (!ids.length) return 0;
  const name: string = table;
  const by: string = column;
  const r = await looseView(conn)
    .selectFrom(name)
    .select(countAll)
    .where(by, 'in', [...ids])
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

// `count(*) as n`, the total of a page (db/page-rows.ts pageRows, compiledPageRows): `.select(countAll)`.
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

// Takes back one hit counted in the window begun at `since` (none when the key's window has started again since, and
// never below zero).
export async function unhitInWindow(conn: Conn, key: string, since: number): Promise<void> {
  await conn
    .updateTable('loginThrottle')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('windowStart', '=', since)
    .where('count', '>', 0)
    .execute();
}

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

// The search box's matching (issue 39, decisions 138, 217) on a table's `search_text` (names folded by the owning
// module, migrations 0039 and 0045). `words` are folded (packages/shared searchWords); none holds for every row.
// - Words of three characters or more go through the trigram index: the FTS5 table `<table>_search` (trigram
//   tokenizer) on SQLite, the pg_trgm GIN index under `like '%word%'` on PostgreSQL. Shorter words are then tested
//   on the rows those give.
// - Only one- and two-character words: each is a key of the side table `<table>_gram` (migration 0066), the ids of
//   the records with a name holding it, in id order (searchGramIds).
//
// Every value it binds is one of searchTextValues(db, words), in that order; `slot(i)` puts something else in the
// i-th one's place (a compiled query's stand-in, db/compiled.ts). The SQL text depends only on searchTextShape(words).
export function searchTextHolds(
  db: Db,
  table: string,
  words: readonly string[],
  slot?: (i: number) => unknown,
  scope?: GramScope,
): RawBuilder<SqlBool> {
  if (!words.length) return sql<SqlBool>`1 = 1`;
  const values = slot ? [] : searchTextValues(db, words);
  const v = (i: number) => (slot ? slot(i) : values[i]);
  const long = words.filter((w) => [...w].length >= 3);
  // PostgreSQL reads `= any(array(…))` as ids fetched once (an InitPlan) to look up by key: the gram table drives
  // whatever the statistics say, as SQLite's `in (…)` does when no other index applies.
  if (!long.length)
    return sql<SqlBool>`(${sql.join(
      words.map((_, i) =>
        isPostgres(db as never)
          ? sql<SqlBool>`${sql.ref(`${table}.id`)} = any(array(${searchGramIds(table, v(i), scope)}))`
          : sql<SqlBool>`${sql.ref(`${table}.id`)} in (${searchGramIds(table, v(i), scope)})`,
      ),
      sql` and `,
    )})`;
  const column = sql.ref(`${table}.search_text`);
  const holds = (i: number) => sql<SqlBool>`${column} like ${v(i)} escape '\\'`;
  const shortCount = words.length - long.length;
  if (isPostgres(db as never))
    return sql<SqlBool>`(${sql.join(
      words.map((_, i) => holds(i)),
      sql` and `,
    )})`;
  const fts = sql.table(`${table}_search`);
  const trigram = sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${v(0)})`;
  // The short words, then the long words the FTS5 query holds only a part of (ftsPart), tested on each row.
  const tested = Array.from({ length: shortCount + cutWords(long).length }, (_, i) => holds(i + 1));
  return tested.length ? sql<SqlBool>`(${sql.join([trigram, ...tested], sql` and `)})` : trigram;
}

// The part of a long word the FTS5 query asks for on SQLite: the word itself, but for a number longer than FTS_PART
// characters (four in five of them digits: a passport or phone number), the run of FTS_PART characters with the most
// distinct ones, the last of equals. FTS5 reads the position list of each of a phrase's trigrams, and ten digits
// make few trigrams, each held by many rows ('000' by every zero-padded number): '00001234' read 1.5 ms at 100,000
// applications, its part '01234' 0.3 ms. The whole word is then tested on each row the part gives (a LIKE on its
// search text). Words of letters keep their whole phrase: their trigrams are many and each is rarer.
const FTS_PART = 5;
// A number longer than FTS_PART characters: four in five of its characters digits.
const isLongNumber = (word: string): boolean => {
  const chars = [...word];
  const digits = chars.filter((c) => c >= '0' && c <= '9').length;
  return chars.length > FTS_PART && digits * 5 >= chars.length * 4;
};
export const ftsPart = (word: string): string => {
  if (!isLongNumber(word)) return word;
  const chars = [...word];
  let best = 0;
  let most = 0;
  for (let i = 0; i + FTS_PART <= chars.length; i++) {
    const distinct = new Set(chars.slice(i, i + FTS_PART)).size;
    if (distinct >= most) [best, most] = [i, distinct];
  }
  return chars.slice(best, best + FTS_PART).join('');
};
// The long words the FTS5 query holds only a part of, each tested whole on the rows the part gives.
const cutWords = (long: readonly string[]) => long.filter(isLongNumber);

// The values searchTextHolds binds for `words`, in its order: only short words, each word (a gram); else on
// PostgreSQL a `like` pattern per word, the long ones first; on SQLite the FTS5 query of the long words (each by its
// ftsPart), then a pattern per short word, then a pattern per long word the query holds only a part of.
export function searchTextValues(db: Db, words: readonly string[]): unknown[] {
  const long = words.filter((w) => [...w].length >= 3);
  if (!long.length) return [...words];
  const short = words.filter((w) => [...w].length < 3).map(containsPattern);
  if (isPostgres(db as never)) return [...long.map(containsPattern), ...short];
  const match = long.map((w) => `"${ftsPart(w).replace(/"/g, '""')}"`).join(' AND ');
  return [match, ...short, ...cutWords(long).map(containsPattern)];
}

// What of `words` the SQL text of searchTextHolds depends on: how many words, how many are short when some are long,
// and how many long ones are longer than their FTS5 part.
export const searchTextShape = (words: readonly string[]): string => {
  const short = words.filter((w) => [...w].length < 3).length;
  if (short === words.length) return `g${short}`;
  return `t${words.length - short}.${short}.${cutWords(words.filter((w) => [...w].length >= 3)).length}`;
};

// Whether every word is one or two characters long (searchTextHolds then reads the gram tables).
export const allShortWords = (words: readonly string[]) => words.every((w) => [...w].length < 3);

// A column as the condition on a search's rows compares it: opaque to the planner (`col || ''`, `col + 0`) when the
// gram table drives the plan (`driven`, or words all short), so that no index on the column is walked instead (SQLite
// has no statistics unless ANALYZE runs, and would walk every live row of the (deleted_at, …) index).
const drives = (driven: boolean | readonly string[]) =>
  typeof driven === 'boolean' ? driven : driven.length > 0 && allShortWords(driven);
export const searchedColumn = (
  column: string,
  driven: boolean | readonly string[],
  kind: 'text' | 'number' = 'text',
) =>
  drives(driven)
    ? kind === 'text'
      ? sql<string>`(${sql.ref(column)} || '')`
      : sql<number>`(${sql.ref(column)} + 0)`
    : sql.ref<string>(column);

// The row is live (not removed) in a search: only live members and applications have grams (migration 0066).
export const liveSearched = (table: string, driven: boolean | readonly string[]) =>
  sql<SqlBool>`${searchedColumn(`${table}.deleted_at`, driven, 'number')} is null`;

// A short word held by this many records or more is common: its first page is read by walking the query's own order
// and testing each row (searchGramsOfRow), which meets a page of matches within about LIMIT × rows / GRAM_COMMON rows.
export const GRAM_COMMON = 2000;

// How a search box group or picker (a LIMIT in its own order) reads its rows (decision 217): words of three characters
// or more through the trigram index (on SQLite, the same count and walk as short words, decision 251); only short
// words, through the gram table when the rarest is held by fewer than GRAM_COMMON records (`driven`: the ids drive
// the plan), else by a walk of the query's order with a key lookup per row. Either way the work is bounded by
// GRAM_COMMON, not by the table: counting up to it reads the key range only. A number of eight characters or more
// is read through the tail table on both engines (tailIds, decision 260).
// `scope` narrows the gram keys to the rows the query keeps (a member's kind, migration 0070), so a word common in
// another kind is counted, and read, only where the query looks (decision 252).
export async function searchPlan(
  db: Db,
  table: string,
  words: readonly string[],
  scope?: GramScope,
): Promise<{ holds: RawBuilder<SqlBool>; driven: boolean; none?: boolean }> {
  if (!words.length) return { holds: searchTextHolds(db, table, words), driven: false };
  if (!allShortWords(words)) {
    // A long number: its ids from the tail table (decision 260), each word then tested on the row.
    const tailed = await tailIds(db, table, words);
    if (tailed) return tailed.length ? { holds: amongTested(db, table, tailed, words), driven: true } : NONE;
    if (isPostgres(db)) return { holds: searchTextHolds(db, table, words), driven: false };
    // SQLite, a word of three characters or more: FTS5 drives when it holds fewer than GRAM_COMMON matches (read up
    // to it, and then given to the query as its id list, so that FTS5 reads the word's trigrams once: a common
    // trigram's list, '000' of the phone numbers in '00001234', is most of the cost); a common word walks the query's
    // order instead, each word tested on the row's own search text, as the FTS5 list would be built whole before the
    // LIMIT (decision 251).
    const [match, ...patterns] = searchTextValues(db, words);
    const fts = sql.table(`${table}_search`);
    const { rows } = await sql<{ id: number }>`select rowid as id from ${fts} where ${fts} match ${match}
      limit ${GRAM_COMMON}`.execute(db);
    // No row holds the word: the caller need not ask (an empty id list still costs its query ~0.1 ms on SQLite).
    if (!rows.length) return NONE;
    if (rows.length < GRAM_COMMON) {
      const among = idIn(db, table, rows);
      return {
        holds: patterns.length ? sql<SqlBool>`(${among} and ${searchTextLike(table, patterns)})` : among,
        driven: true,
      };
    }
    return { holds: searchTextLike(table, words.map(containsPattern)), driven: false };
  }
  const counts = await gramCounts(db, table, words, scope);
  if (Math.min(...counts) === 0) return NONE;
  return Math.min(...counts) >= GRAM_COMMON
    ? { holds: searchGramsOfRow(table, words), driven: false }
    : { holds: searchTextHolds(db, table, words, undefined, scope), driven: true };
}

// No row holds the words: the caller need not ask.
const NONE = { holds: sql<SqlBool>`1 = 0`, driven: true, none: true } as const;

// Migration 0071's parts of a word holding a digit: from every TAIL_STEP-th character, TAIL_LENGTH at most.
const TAIL_STEP = 4;
const TAIL_LENGTH = 12;

// A number of 2 × TAIL_STEP characters or more among the words (a passport or phone number, or most of one: a word
// ftsPart cuts; decision 260): the ids of the records whose search text holds a part (migration 0071)
// starting with the number's TAIL_LENGTH characters from one of its first TAIL_STEP. Wherever the number stands in
// a word of the text, one of its first TAIL_STEP characters is where a part starts, so every record holding it is
// among these. Each range is read up to GRAM_COMMON rows: null when there is no such word, or when the ranges hold
// that many rows in all (one may have been cut short; the trigram index then reads the word).
async function tailIds(db: Db, table: string, words: readonly string[]): Promise<{ id: number }[] | null> {
  const number = words
    .filter((w) => [...w].length >= 2 * TAIL_STEP && isLongNumber(w))
    .sort((a, b) => [...b].length - [...a].length)[0];
  if (!number) return null;
  const chars = [...number];
  const tails = sql.table(`${table}_tail`);
  // Each range read up to the bound on its own: the planner then expects a few rows, whatever the statistics say
  // (a fresh table without them got a parallel scan and a JIT compilation on PostgreSQL, 56 ms).
  const ranges = Array.from({ length: TAIL_STEP }, (_, i) => {
    const prefix = chars.slice(i, i + TAIL_LENGTH).join('');
    return sql`select id from (select id from ${tails} where tail >= ${prefix} and tail < ${prefixEnd(prefix)}
      limit ${GRAM_COMMON}) ${sql.id(`r${i}`)}`;
  });
  const { rows } = await sql<{ id: number }>`select id from (${sql.join(ranges, sql` union all `)}) u`.execute(db);
  if (rows.length >= GRAM_COMMON) return null;
  return [...new Set(rows.map((r) => Number(r.id)))].map((id) => ({ id }));
}

// The row is one of `rows` and its search text holds every word.
const amongTested = (db: Db, table: string, rows: readonly { id: number }[], words: readonly string[]) =>
  sql<SqlBool>`(${idIn(db, table, rows)} and ${searchTextLike(table, words.map(containsPattern))})`;

// How many records hold each short word, counted up to GRAM_COMMON (an index-only count of the key range).
const gramCounts = (db: Db, table: string, words: readonly string[], scope?: GramScope) =>
  Promise.all(
    words.map(async (w) => {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${searchGramIds(table, w, scope)}
        limit ${GRAM_COMMON}) g`.execute(db);
      return Number(rows[0]?.n ?? 0);
    }),
  );

// The row is one of `rows` (ids read before, bound as one parameter).
const idIn = (db: Db, table: string, rows: readonly { id: number }[]) =>
  sql<SqlBool>`${sql.ref(`${table}.id`)} in ${idList(
    db,
    idsValue(
      db,
      rows.map((r) => Number(r.id)),
    ) as never,
  )}`;

// A condition on the gram table's own columns besides the gram (member_gram.is_staff, migration 0070).
export type GramScope = RawBuilder<SqlBool>;

// The row's own search text holds every LIKE pattern (containsPattern's): tested on each row a walk meets. `opaque`
// hides the column from the planner (`search_text || ''`), so that no trigram index is taken instead of the walk.
const searchTextLike = (table: string, patterns: readonly unknown[], opaque = false): RawBuilder<SqlBool> => {
  const ref = sql.ref(`${table}.search_text`);
  const column = opaque ? sql`(${ref} || '')` : ref;
  return sql<SqlBool>`(${sql.join(
    patterns.map((p) => sql`${column} like ${p} escape '\\'`),
    sql` and `,
  )})`;
};

// The `page` of searchNewest for a group whose query is `rows` (its columns and its own filters): the rows holding
// the words, newest first (the primary key's order), `n` of them.
export const newestOf =
  <DB, TB extends keyof DB, O>(rows: SelectQueryBuilder<DB, TB, O>) =>
  (holds: RawBuilder<SqlBool>, n: number): Promise<O[]> =>
    rows
      .where(holds)
      .orderBy(sql`id`, 'desc')
      .limit(n)
      .execute();

// The first `limit` rows of a search box group that shows its newest records (decision 251), read from the newest
// matches down, a chunk at a time, so that a common word reads about what is shown and not every record holding it:
// - only short words: the gram table's key range of the rarest word (the only one when one is typed), newest first
//   (its primary key (gram, id) walked backwards), the other words tested on each row (searchGramsOfRow);
// - on SQLite, words of three characters or more: the FTS5 table's matches in descending rowid, which FTS5 reads
//   lazily and stops at the LIMIT; the short words tested on each row's search text.
// - on PostgreSQL, words of three characters or more: pgNewest.
// - before either, a number of eight characters or more: the tail table's ids (tailIds, decision 260), read at once,
//   every word tested on those rows.
// `page(holds, n)` is the group's own query: its filters, the condition `holds`, newest first, LIMIT n. It is asked
// once per chunk (a chunk of ids, then one eight times larger) until it has `limit` rows or the matches run out.
// `walk`: how many of the newest rows pgNewest walks first (a test passes a shorter walk).
export async function searchNewest<R>(
  db: Db,
  table: string,
  words: readonly string[],
  limit: number,
  page: (holds: RawBuilder<SqlBool>, n: number) => Promise<R[]>,
  walk = PG_WALK,
): Promise<R[]> {
  if (!words.length || limit < 1) return [];
  const short = words.filter((w) => [...w].length < 3);
  const hasLong = short.length < words.length;
  const tailed = hasLong ? await tailIds(db, table, words) : null;
  if (tailed) return tailed.length ? page(amongTested(db, table, tailed, words), limit) : [];
  if (hasLong && isPostgres(db)) return pgNewest(db, table, words, limit, page, walk);
  let source: (before: number | null, n: number) => RawBuilder<{ id: number }>;
  let rest: RawBuilder<SqlBool> | null;
  const below = (column: string, before: number | null) =>
    before === null ? sql`` : sql` and ${sql.ref(column)} < ${before}`;
  if (hasLong) {
    const [match, ...patterns] = searchTextValues(db, words);
    const fts = sql.table(`${table}_search`);
    source = (before, n) =>
      sql`select rowid as id from ${fts} where ${fts} match ${match}${below('rowid', before)}
        order by rowid desc limit ${n}`;
    rest = patterns.length ? searchTextLike(table, patterns) : null;
  } else {
    let first = words[0]!;
    if (words.length > 1) {
      const counts = await gramCounts(db, table, words);
      first = words[counts.indexOf(Math.min(...counts))]!;
    }
    const grams = sql.table(`${table}_gram`);
    source = (before, n) =>
      sql`select id from ${grams} where gram = ${first}${below('id', before)} order by gram desc, id desc limit ${n}`;
    const others = words.filter((w) => w !== first);
    rest = others.length ? searchGramsOfRow(table, others) : null;
  }
  const found: R[] = [];
  let before: number | null = null;
  for (let n = Math.max(limit * 4, 20); ; n *= 8) {
    const { rows } = await source(before, n).execute(db);
    if (!rows.length) break;
    const ids = rows.map((r) => Number(r.id));
    const among = idIn(db, table, rows);
    found.push(...(await page(rest ? sql<SqlBool>`(${among} and ${rest})` : among, limit - found.length)));
    if (found.length >= limit || ids.length < n) break;
    before = ids[ids.length - 1]!;
  }
  return found;
}

// How many of the newest rows pgNewest walks before it asks the trigram index.
const PG_WALK = 200;

// PostgreSQL, a word of three characters or more (decision 256): the trigram index (GIN) gives its matches in no
// order, so a word thousands hold had every match read and sorted for the newest five ('hsua', 1 student in 16:
// 7.3× the trivial call at 100,000 applications). `page` first walks the newest `walk` rows (an id range whose lower
// end is an index-only subquery), each row's search text tested opaquely so that the planner walks the range and
// does not take the trigram index: a word held by more than about one row in forty fills the page there. Only when
// it does not does the trigram index read the matches below the range, so a rarer word pays one short walk more.
async function pgNewest<R>(
  db: Db,
  table: string,
  words: readonly string[],
  limit: number,
  page: (holds: RawBuilder<SqlBool>, n: number) => Promise<R[]>,
  walk: number,
): Promise<R[]> {
  const id = sql.ref(`${table}.id`);
  const tested = searchTextLike(table, words.map(containsPattern), true);
  const lowest = sql`coalesce((select w.id from ${sql.table(table)} w order by w.id desc offset ${walk - 1} limit 1), 0)`;
  const found = await page(sql<SqlBool>`(${id} >= ${lowest} and ${tested})`, limit);
  if (found.length >= limit) return found;
  return [
    ...found,
    ...(await page(sql<SqlBool>`(${id} < ${lowest} and ${searchTextHolds(db, table, words)})`, limit - found.length)),
  ];
}

// The ids of the records of `table` with a name holding the one- or two-character `gram` (migration 0066).
export const searchGramIds = (table: string, gram: unknown, scope?: GramScope) =>
  sql<{
    id: number;
  }>`select id from ${sql.table(`${table}_gram`)} where gram = ${gram}${scope ? sql` and ${scope}` : sql``}`;

// A row of `table` has a name holding each one- or two-character word, tested on that row (a key lookup per word):
// for a plan that walks another index and stops at its LIMIT.
export const searchGramsOfRow = (table: string, words: readonly unknown[]) =>
  sql<SqlBool>`(${sql.join(
    words.map(
      (w) =>
        sql<SqlBool>`exists (select 1 from ${sql.table(`${table}_gram`)} g where g.gram = ${w} and g.id = ${sql.ref(`${table}.id`)})`,
    ),
    sql` and `,
  )})`;
