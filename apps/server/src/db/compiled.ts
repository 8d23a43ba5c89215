import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Conn } from './transaction.js';

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
    if (missing.length) throw new Error(`compileOnce: slot(s) ${missing.join(', ')} not among the parameters`);
    return q;
  };
  return (values, conn = db) => {
    compiled ??= compile();
    const parameters = plan.map((p) => ('slot' in p ? values[p.slot] : p.value));
    return conn.executeQuery<O>({ ...compiled, parameters });
  };
}
