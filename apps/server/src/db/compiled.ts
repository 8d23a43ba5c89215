import { sql, type Compilable, type CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import { isPostgres } from './database.js';
import { GENERIC_PLAN, Lru } from './statement-cache.js';
import type { Conn } from './transaction.js';

// Shapes a compileShapes query keeps (the least recently used go first): a few per combination of filters.
const SHAPES_KEPT = 200;

// The value standing for a slot while the query is built: a string nothing else passes as a parameter.
const MARK = '\u0000slot\u0000';

export type Slots<P extends string> = Record<P, never>;

// A hot query built and compiled once (issue 43): Kysely builds, transforms (the camel-case plugin) and compiles a
// query's operation tree on every call, which cost more than running it. `build` gets a stand-in for each named
// slot (typed `never`, so it fits any column); the stand-ins must be plain parameters (`=`, `<`, `like`, a value in
// `set`), never a list for `in` or a value Kysely looks into. Each run binds the slots' values into the same SQL text,
// so the statement cache (statement-cache.ts) finds its prepared statement at once; results still pass through the
// plugins (camel-case rows).
export function compileOnce<P extends string, O>(
  db: Conn,
  slots: readonly P[],
  build: (s: Slots<P>) => Compilable<O>,
  // `shaped`: built by compileShapes, which leaves out the slots a shape does not use and takes every value from a
  // slot (a value that is not a slot's would be the first call's, kept for every later call: refused).
  // `generic`: PostgreSQL is to plan the statement once for any values, outside a transaction (GENERIC_PLAN, decision
  // 324). Only for a statement whose best plan is the same whatever its values: lookups by key, a first page whose
  // filters are equalities on indexed columns; never a LIKE, a range, an offset or a search.
  { shaped = false, generic = false }: { shaped?: boolean; generic?: boolean } = {},
): (values: Record<P, unknown>, conn?: Conn) => Promise<QueryResult<O>> {
  const stand = Object.fromEntries(slots.map((name) => [name, `${MARK}${name}`])) as unknown as Slots<P>;
  let compiled: CompiledQuery<O> | undefined;
  let plan: ({ slot: P } | { value: unknown })[] = [];
  const compile = () => {
    const q = build(stand).compile();
    plan = q.parameters.map((v) =>
      typeof v === 'string' && v.startsWith(MARK) ? { slot: v.slice(MARK.length) as P } : { value: v },
    );
    const seen = new Set(plan.flatMap((p) => ('slot' in p ? [p.slot] : [])));
    const missing = slots.filter((s) => !seen.has(s));
    if (!shaped && missing.length)
      throw new Error(`compileOnce: slot(s) ${missing.join(', ')} not among the parameters`);
    if (shaped && plan.some((p) => !('slot' in p)))
      throw new Error(`compileShapes: a parameter not from a slot in ${q.sql}`);
    return generic && isPostgres(db) ? { ...q, sql: GENERIC_PLAN + q.sql } : q;
  };
  return (values, conn = db) => {
    compiled ??= compile();
    const parameters = plan.map((p) => ('slot' in p ? values[p.slot] : p.value));
    // (Written out, not `{ ...compiled, parameters }`: a field after a spread is slow on Node 20, decision 297.)
    const { query, queryId, sql: text } = compiled;
    return conn.executeQuery<O>({ query, queryId, sql: text, parameters });
  };
}

// A hot query whose SQL text depends on the call (which filters are given, the order, how many words): each shape
// built and compiled once, as compileOnce does, and kept under the key `key` names it by. `build` gets the call's
// own `shape` (the first call of that key's) and must read of it only what the key already says, taking every value
// from the slots (checked: a parameter that is not a slot is refused); a slot a shape does not use is left out.
// `generic(shape)`: that shape's statement is planned once for any values (compileOnce's `generic`).
export function compileShapes<S, O>(
  db: Conn,
  build: (shape: S, s: Slots<string>) => Compilable<O>,
  generic: (shape: S) => boolean = () => false,
): (key: string, shape: S, values: Record<string, unknown>) => Promise<QueryResult<O>> {
  const shapes = new Lru<string, (values: Record<string, unknown>) => Promise<QueryResult<O>>>(SHAPES_KEPT);
  return (key, shape, values) => {
    let run = shapes.get(key);
    if (!run) {
      run = compileOnce(db, Object.keys(values), (s) => build(shape, s), { shaped: true, generic: generic(shape) });
      shapes.set(key, run);
    }
    return run(values);
  };
}

// A list of ids as one parameter (a JSON array on SQLite, an integer array on PostgreSQL), so a query over "these ids"
// has one SQL text however many there are and can be compiled once: `.where('t.id', 'in', idList(db, s.ids))`, run
// with `{ ids: idsValue(db, ids) }`.
export const idList = (db: Conn, slot: never): RawBuilder<number> =>
  isPostgres(db)
    ? sql<number>`(select unnest(cast(${slot} as integer[])))`
    : sql<number>`(select value from json_each(${slot}))`;
export const idsValue = (db: Conn, ids: readonly number[]): unknown =>
  isPostgres(db) ? [...ids] : JSON.stringify(ids);

// The start of a raw statement (`sql\`${plannedOnce(db)}select …\``) that PostgreSQL is to plan once for any values
// outside a transaction (compileOnce's `generic`, decision 324); nothing on SQLite.
export const plannedOnce = (db: Conn): RawBuilder<unknown> => sql.raw(isPostgres(db) ? GENERIC_PLAN : '');

// A raw statement as compileOnce builds one: `build` answers it from the slots (`sql\`… ${s.from} …\``), which
// Kysely compiles (its plugins included) against `db`.
export const rawStatement =
  <P extends string, O>(db: Conn, build: (s: Slots<P>) => RawBuilder<O>) =>
  (s: Slots<P>): Compilable<O> => ({ compile: () => build(s).compile(db) });
