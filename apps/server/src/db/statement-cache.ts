import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import pg from 'pg';
import type { PostgresPool, PostgresPoolClient, SqliteDatabase, SqliteStatement } from 'kysely';
import { rowLiteral } from './row-literal.js';

// Prepared statements kept per connection, keyed by their SQL text (issue 43): a statement is parsed and planned once
// per connection, then only bound and run. Both are bounded LRUs: list filters make a few SQL texts per combination,
// and a connection should not keep every one it has ever seen.
export const STATEMENTS_PER_CONNECTION = 500;

// A Map kept in use order, nearly: a hit moves its key to the end (a delete and a set) only when the key has not
// moved there within the last quarter of `max` uses, so a key in steady use costs one lookup (issue 43) and never
// comes near the front. An insert past `max` drops the oldest and hands it back.
export class Lru<K, V> {
  readonly #map = new Map<K, { value: V; moved: number }>();
  readonly #fresh: number;
  #uses = 0;
  constructor(readonly max: number) {
    this.#fresh = Math.max(1, Math.floor(max / 4));
  }
  get size() {
    return this.#map.size;
  }
  get(key: K): V | undefined {
    const entry = this.#map.get(key);
    if (entry === undefined) return undefined;
    const now = ++this.#uses;
    if (now - entry.moved >= this.#fresh) {
      this.#map.delete(key);
      this.#map.set(key, entry);
      entry.moved = now;
    }
    return entry.value;
  }
  // Returns the entry dropped to make room, if any.
  set(key: K, value: V): [K, V] | undefined {
    const entry = this.#map.get(key);
    if (entry) {
      entry.value = value;
      return undefined;
    }
    this.#map.set(key, { value, moved: ++this.#uses });
    if (this.#map.size <= this.max) return undefined;
    const [oldKey, oldest] = this.#map.entries().next().value as [K, { value: V }];
    this.#map.delete(oldKey);
    return [oldKey, oldest.value];
  }
  delete(key: K) {
    this.#map.delete(key);
  }
  clear() {
    this.#map.clear();
  }
}

// SQLite: the one connection Kysely's SqliteDialect drives, with `prepare` answered from the cache. better-sqlite3
// re-prepares a statement by itself when the schema changes under it (migrations), so a kept statement never runs
// against a stale schema. Kysely runs one query at a time on this connection, so a kept statement is never busy.
export function cachedSqlite(db: SQLite.Database, max = STATEMENTS_PER_CONNECTION): SqliteDatabase {
  const statements = new Lru<string, SqliteStatement>(max);
  // Counts the schema changes run here: a kept reader reads its columns again after one (`select *` may now answer
  // other columns). better-sqlite3 re-prepares the statement itself.
  const schema = { version: 0 };
  const keep = (sql: string) => keptStatement(db.prepare(sql), schema);
  return {
    prepare(sql: string): SqliteStatement {
      let stmt = statements.get(sql);
      if (!stmt) {
        const text = likePatternsUnread(sql);
        const limits = limitSlots(text);
        stmt = limits ? limitedStatement(keep(text), limits, keep) : keep(text);
        statements.set(sql, stmt);
      }
      return stmt;
    },
    close() {
      statements.clear();
      db.close();
    },
  };
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

// SQLite (3.53, as better-sqlite3 bundles it) reads a LIMIT's bound value while it plans, and marks the statement
// to be compiled again whenever a value is bound to that parameter: on every call, as better-sqlite3 binds them each
// time. Every list page paid that (decision 323: 13 µs of the home list's 51 µs page statement at 100,000
// applications, 4 µs of a bare `select … limit ?`). Such a text is kept with its LIMIT parameters apart: a call whose
// limits are plain integers runs the text with them written in (one kept statement per set of limits, a list's
// page sizes), the other parameters bound as before. The plan is the one the bound values gave, the rows the same.
const MAX_LIMIT_SETS = 8;
const INT32 = 0x7fffffff;
type LimitSlots = { slots: number[]; parts: string[] };

// Where a text's `limit ?` parameters are (their positions among its `?`s) and the text around them; null when it has
// none or numbers its parameters (`?1`), which Kysely never does. `?` inside quotes and comments is not a parameter.
export function limitSlots(sql: string): LimitSlots | null {
  if (!/\blimit\s+\?/i.test(sql)) return null;
  const bare = sql.replace(COMMENTS_AND_QUOTES, (m) => ' '.repeat(m.length));
  if (/\?\d/.test(bare)) return null;
  const slots: number[] = [];
  const parts: string[] = [];
  let from = 0;
  let index = 0;
  for (const m of bare.matchAll(/\blimit\s+\?|\?/gi)) {
    if (m[0] !== '?') {
      const at = m.index + m[0].length - 1;
      parts.push(sql.slice(from, at));
      from = at + 1;
      slots.push(index);
    }
    index++;
  }
  if (!slots.length) return null;
  parts.push(sql.slice(from));
  return { slots, parts };
}

// SQLite also reads a LIKE's bound pattern while it plans, to seek an index with the pattern's prefix, and so compiles
// the statement again on every call (5 µs of a 14 µs lookup). It can never seek with one here: SQLite seeks with a LIKE
// only on a column of an index of the NOCASE collation (case_sensitive_like is off), and no index here has one; most
// patterns here start with `%` or test `lower(column)`. `like +?` is the same test of the same value, which SQLite
// does not read while planning.
export function likePatternsUnread(sql: string): string {
  if (!/\blike\s+\?/i.test(sql)) return sql;
  const bare = sql.replace(COMMENTS_AND_QUOTES, (m) => ' '.repeat(m.length));
  let text = '';
  let from = 0;
  for (const m of bare.matchAll(/\blike\s+(?=\?)/gi)) {
    const at = m.index + m[0].length;
    text += `${sql.slice(from, at)}+`;
    from = at;
  }
  return text + sql.slice(from);
}

// A statement with LIMIT parameters as Kysely's driver calls it: each set of integer limits (up to MAX_LIMIT_SETS of
// them) runs its own kept statement with them written in; any other value (a negative, a fraction, a string) goes to
// the text as written, as before.
function limitedStatement(
  written: SqliteStatement,
  { slots, parts }: LimitSlots,
  keep: (sql: string) => SqliteStatement,
): SqliteStatement {
  const bySet = new Map<string, SqliteStatement>();
  const pick = (parameters: ReadonlyArray<unknown>): [SqliteStatement, ReadonlyArray<unknown>] => {
    let key = '';
    for (const slot of slots) {
      const n = parameters[slot];
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > INT32) return [written, parameters];
      key += `${n},`;
    }
    let stmt = bySet.get(key);
    if (!stmt) {
      if (bySet.size >= MAX_LIMIT_SETS) return [written, parameters];
      const limits = key.split(',');
      stmt = keep(parts.reduce((text, part, i) => text + limits[i - 1]! + part));
      bySet.set(key, stmt);
    }
    return [stmt, parameters.filter((_, i) => !slots.includes(i))];
  };
  return {
    reader: written.reader,
    all(parameters) {
      const [stmt, rest] = pick(parameters);
      return stmt.all(rest);
    },
    run(parameters) {
      const [stmt, rest] = pick(parameters);
      return stmt.run(rest);
    },
    iterate(parameters) {
      const [stmt, rest] = pick(parameters);
      return stmt.iterate(rest);
    },
  };
}

// A kept statement as Kysely's driver calls it. A reader's rows come as arrays (better-sqlite3's raw mode) and become
// objects through a function made from the statement's column names, one object literal a row: better-sqlite3 makes
// each row's object a property at a time through V8's API, which was a third to a half of reading a page of 20 rows
// (decision 300). The objects are the same: the column names as keys in their order, a later column of the same name
// winning. The names are read after the statement has run: a schema change run here re-prepares it then, and
// `select *` may answer other columns.
function keptStatement(stmt: SQLite.Statement, schema: { version: number }): SqliteStatement {
  const changesSchema = SCHEMA_CHANGE.test(stmt.source);
  const run = (parameters: ReadonlyArray<unknown>) => {
    const result = stmt.run(parameters);
    if (changesSchema) schema.version++;
    return result;
  };
  if (!stmt.reader) return { reader: false, all: (p) => stmt.all(p), run, iterate: (p) => stmt.iterate(p) };
  stmt.raw(true);
  let version = -1;
  let toRow: (values: unknown[]) => unknown = () => undefined;
  const rowMaker = () => {
    if (version !== schema.version) {
      version = schema.version;
      toRow = rowLiteral<unknown[], unknown>(stmt.columns().map((c, i) => [c.name, `input[${i}]`]));
    }
    return toRow;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = stmt.all(parameters) as unknown[][];
      return rows.map(rowMaker());
    },
    run,
    *iterate(parameters) {
      for (const values of stmt.iterate(parameters)) yield rowMaker()(values as unknown[]);
    },
  };
}

// The name of a statement on the server: from its text, so every connection and every process names it alike.
const nameOf = (sql: string) => `k${createHash('sha1').update(sql).digest('base64url')}`;

// pg's record of the statements it has parsed on a connection (an internal of pg's Client; absent, statements are
// still named and reused, only never released).
type Parsed = { connection?: { parsedStatements?: Record<string, string> } };

// A statement can be prepared by name only when it is one statement; a text with a `;` between statements
// (migrations' scripts) or a dollar-quoted body (functions, triggers) goes through the simple protocol as before.
// A `;` inside a comment or a quoted string does not make a second statement: a query commented with one stayed
// unprepared, parsed and planned on every call, until this looked past them.
const COMMENTS_AND_QUOTES = /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"/g;
const DOLLAR_QUOTE = /\$[A-Za-z_]*\$/;
export const preparable = (sql: string) =>
  !sql.includes(';') || (!DOLLAR_QUOTE.test(sql) && !sql.replace(COMMENTS_AND_QUOTES, '').includes(';'));

// What a named statement's rows are made with, from its row description: each column's parser and a function that
// builds a row as one object literal (decision 300), made once per statement for every connection of the pool.
type Shape = { fields: readonly pg.FieldDef[]; make: ((values: unknown[]) => unknown) | null };
type Parser = (value: string) => unknown;
// What pg's Result keeps that its types do not name.
type ResultInternals = { _types?: { getTypeParser(oid: number, format: string): Parser } };

const sameFields = (a: readonly pg.FieldDef[], b: readonly pg.FieldDef[]) =>
  a.length === b.length &&
  a.every((f, i) => f.name === b[i]!.name && f.dataTypeID === b[i]!.dataTypeID && f.format === b[i]!.format);

// pg's Result for a named statement. pg's own makes each row by copying an object of the columns' names (in dictionary
// mode: built from a null-prototype object) and setting each field, and builds that object and the parsers again on
// every execution (its `addFields`, 8 % of the trivial call's time on PostgreSQL, issue 43). This one keeps them per
// statement and makes each row as one literal. The rows are the same: the columns' names as keys in their order (a later
// column of the same name winning), null for NULL, each other value through its type's parser. A column in binary
// format (never asked for here) goes through pg's own.
class KeptResult extends pg.Result {
  #make: ((values: unknown[]) => unknown) | null = null;
  constructor(
    private readonly shapes: Map<string, Shape>,
    private readonly statement: string,
  ) {
    super(undefined as unknown as string, undefined as unknown as typeof pg.types);
  }
  addFields(fields: pg.FieldDef[]) {
    let shape = this.shapes.get(this.statement);
    if (!shape || !sameFields(shape.fields, fields)) {
      shape = { fields, make: fields.some((f) => f.format === 'binary') ? null : this.#maker(fields) };
      this.shapes.set(this.statement, shape);
    }
    this.#make = shape.make;
    if (this.#make) this.fields = fields;
    else (pg.Result.prototype as unknown as { addFields(f: pg.FieldDef[]): void }).addFields.call(this, fields);
  }
  parseRow(values: unknown[]): unknown {
    if (this.#make) return this.#make(values);
    return (pg.Result.prototype as unknown as { parseRow(v: unknown[]): unknown }).parseRow.call(this, values);
  }
  #maker(fields: readonly pg.FieldDef[]) {
    const types = (this as unknown as ResultInternals)._types ?? pg.types;
    const parsers = fields.map((f) => types.getTypeParser(f.dataTypeID, (f.format || 'text') as 'text') as Parser);
    return rowLiteral<unknown[], unknown>(
      fields.map((f, i) => [f.name, `input[${i}] === null ? null : h[${i}](input[${i}])`]),
      parsers,
    );
  }
}

// A query of a named statement whose rows KeptResult makes (pg's Query with its result replaced, as pg's own is made
// in its constructor).
function keptQuery(
  shapes: Map<string, Shape>,
  config: pg.QueryConfig,
  done: (err: Error | undefined, result: pg.QueryResult) => void,
): pg.Query {
  const query = new pg.Query(config, done as never);
  const result = new KeptResult(shapes, config.name!);
  Object.assign(query, { _result: result, _results: result });
  return query;
}

// PostgreSQL's refusal to run a prepared statement whose result's columns changed since it was parsed.
const changedUnder = (err: unknown) =>
  (err as { code?: unknown }).code === '0A000' &&
  /cached plan must not change result type/.test((err as { message?: unknown }).message as string);

// The start of a statement PostgreSQL is to plan once for any values (compiled.ts' `generic`, decision 324): a
// comment, so the text means the same without it.
export const GENERIC_PLAN = '/* generic plan */ ';

// PostgreSQL: a pool whose clients run every query as a named prepared statement (pg's query config `name`), parsed
// once per connection. Past `max` statements on a connection, the least recently used is DEALLOCATEd; a query that
// needs it again waits for that to finish and then parses it anew.
// With `generic` (a pool whose connections start with plan_cache_mode = force_generic_plan, decision 324), a
// connection taken outside a transaction whose first statement starts with GENERIC_PLAN is taken from that pool:
// PostgreSQL then plans the statement once for any values on that connection, where it would plan it again with each
// call's values whenever its generic plan is costed higher (a list's page: 0.3 ms of planning for 0.03 ms of work).
// Every other connection, a transaction's included (its first statement is `begin`), comes from `pool`.
export function cachedPgPool(pool: pg.Pool, max = STATEMENTS_PER_CONNECTION, generic?: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  // Each named statement's shape (KeptResult), shared by the pool's connections: a statement's name is its text.
  const shapes = new Map<string, Shape>();
  // A text's statement name, or null when it goes through the simple protocol: worked out once per text.
  const names = new Map<string, string | null>();
  const nameFor = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined) {
      name = preparable(sql) ? nameOf(sql) : null;
      if (names.size >= max * 4) {
        names.clear();
        shapes.clear();
      }
      names.set(sql, name);
    }
    return name;
  };

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    const kept = new Lru<string, string>(max);
    const leaving = new Map<string, Promise<void>>();

    function release(name: string) {
      const parsed = (client as unknown as Parsed).connection?.parsedStatements;
      if (!parsed) return;
      const done = client.query(`DEALLOCATE "${name}"`).then(
        () => {
          delete parsed[name];
        },
        // In an aborted transaction DEALLOCATE is refused: the statement stays prepared, and pg still knows it.
        () => undefined,
      );
      leaving.set(
        name,
        done.finally(() => leaving.delete(name)),
      );
    }

    // A text whose statement had to be parsed anew on this connection under another name (below), and how many times.
    const renamed = new Map<string, string>();
    let renames = 0;

    async function run(name: string, sql: string, parameters: ReadonlyArray<unknown>) {
      const gone = leaving.get(name);
      if (gone) await gone;
      if (kept.get(name) === undefined) {
        const dropped = kept.set(name, sql);
        if (dropped) release(dropped[0]);
      }
      return new Promise<pg.QueryResult>((resolve, reject) => {
        client.query(
          keptQuery(shapes, { name, text: sql, values: [...parameters] }, (err, result) =>
            err ? reject(err) : resolve(result),
          ),
        );
      });
    }

    async function query(sql: string, parameters: ReadonlyArray<unknown>) {
      const base = typeof sql === 'string' ? nameFor(sql) : null;
      if (base === null) return client.query(sql, [...parameters]);
      const name = renamed.get(base) ?? base;
      try {
        return await run(name, sql, parameters);
      } catch (err) {
        if (!changedUnder(err)) throw err;
        // The columns the statement answers changed since it was parsed here (another server's migration added or
        // retyped one): PostgreSQL refuses to run it again. It is parsed anew under a new name and run once more;
        // the old one is released. (In a transaction the first failure has aborted it, and the retry fails too.)
        const fresh = `${base}_${++renames}`;
        renamed.set(base, fresh);
        kept.delete(name);
        release(name);
        return run(fresh, sql, parameters);
      }
    }

    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  }

  async function take(from: pg.Pool): Promise<PostgresPoolClient> {
    const client = await from.connect();
    let w = wrapped.get(client);
    if (!w) {
      w = wrap(client);
      wrapped.set(client, w);
    }
    return w;
  }

  // A connection taken when its first statement is known: from `generic` when that statement is marked so.
  function deferred(from: pg.Pool): PostgresPoolClient {
    let held: Promise<PostgresPoolClient> | undefined;
    let taken: PostgresPoolClient | undefined;
    const query = async (sql: unknown, parameters: ReadonlyArray<unknown>) => {
      held ??= take(typeof sql === 'string' && sql.startsWith(GENERIC_PLAN) ? from : pool).then((c) => (taken = c));
      return ((taken ?? (await held)).query as (s: unknown, p: ReadonlyArray<unknown>) => Promise<unknown>)(
        sql,
        parameters,
      );
    };
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => {
        if (taken) taken.release();
        // (Released while still being taken: given back once it is.)
        else
          held?.then(
            (c) => c.release(),
            () => undefined,
          );
      },
    };
  }

  return {
    connect: () => (generic ? Promise.resolve(deferred(generic)) : take(pool)),
    end: async () => {
      await Promise.all([pool.end(), generic?.end()]);
    },
  };
}
