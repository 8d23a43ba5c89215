import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledPageRows, givenValues, pageRows } from './page-rows.js';
import type { Slots } from './compiled.js';
import { countAll } from './sql-helpers.js';
import { onPostgres } from '../test/engine.js';
import { countingDb } from '../test/statement-count.js';
import { useTestApp } from '../test/signed-in.js';

describe('a page and its total (decisions 282, 283)', () => {
  const t = useTestApp();

  // The seeded permissions, paged by id, on a Kysely that records each statement it runs.
  const read = async (window: { limit: number; offset: number }, perm = '%') => {
    const { db, statements } = countingDb(t.db.db);
    const matching = db.selectFrom('permission').where('perm', 'like', perm);
    const page = await pageRows(db, matching.select(['id', 'perm']).orderBy('id'), matching.select(countAll), window);
    return { ...page, statements: statements.length };
  };

  it('reads the rows and the total of every kind of page, in one statement where it can', async () => {
    const all = await t.db.db.selectFrom('permission').select(['id', 'perm']).orderBy('id').execute();
    expect(all.length).toBeGreaterThan(12);
    const n = all.length;

    // A full page: counted beside it on SQLite, carried in its own statement on PostgreSQL.
    expect(await read({ limit: 5, offset: 5 })).toEqual({
      rows: all.slice(5, 10),
      total: n,
      statements: onPostgres ? 1 : 2,
    });
    // The last page, not full: it tells the total on SQLite; PostgreSQL carries it.
    expect(await read({ limit: 10, offset: n - 3 })).toEqual({ rows: all.slice(n - 3), total: n, statements: 1 });
    // The first page of nothing: 0 of 0, nothing more to ask.
    expect(await read({ limit: 10, offset: 0 }, 'no such permission')).toEqual({ rows: [], total: 0, statements: 1 });
    // A page past the last row: it carries nothing, so the total is counted on its own.
    expect(await read({ limit: 10, offset: n + 20 })).toEqual({ rows: [], total: n, statements: 2 });
  });

  it('reads the same pages compiled once per shape, with the filters given', async () => {
    const all = await t.db.db.selectFrom('permission').select(['id', 'perm']).orderBy('id').execute();
    const n = all.length;
    const { db, statements } = countingDb(t.db.db);
    const matching = (s: Slots<string>) => {
      let q = db.selectFrom('permission');
      if (s.perm) q = q.where('perm', 'like', s.perm);
      if (s.above) q = q.where('id', '>', s.above);
      return q;
    };
    const page = compiledPageRows(db, (order: 'asc' | 'desc', s) => ({
      rows: matching(s).select(['id', 'perm']).orderBy('id', order),
      count: matching(s).select(countAll),
    }));
    const read = async (filter: Record<string, unknown>, window: { limit: number; offset: number }) => {
      const before = statements.length;
      const { key, values } = givenValues(filter);
      const r = await page(`${key}:asc`, 'asc', values, window);
      return {
        rows: r.rows.map(({ id, perm }) => ({ id, perm })),
        total: r.total,
        statements: statements.length - before,
      };
    };
    expect(givenValues({ a: 1, b: null, c: '', d: undefined, e: 0 })).toEqual({ key: 'a,e,', values: { a: 1, e: 0 } });
    // Each kind of page as pageRows reads it, with no filter, one, and both.
    expect(await read({}, { limit: 5, offset: 5 })).toEqual({
      rows: all.slice(5, 10),
      total: n,
      statements: onPostgres ? 1 : 2,
    });
    expect(await read({ perm: '%' }, { limit: 10, offset: n - 3 })).toEqual({
      rows: all.slice(n - 3),
      total: n,
      statements: 1,
    });
    expect(await read({ perm: 'no such permission' }, { limit: 10, offset: 0 })).toEqual({
      rows: [],
      total: 0,
      statements: 1,
    });
    expect(await read({ perm: '%' }, { limit: 10, offset: n + 20 })).toEqual({ rows: [], total: n, statements: 2 });
    const above = all[n - 4]!.id;
    expect(await read({ perm: '%', above }, { limit: 2, offset: 0 })).toEqual({
      rows: all.slice(n - 3, n - 1),
      total: 3,
      statements: onPostgres ? 1 : 2,
    });
    // Another call of a shape binds its own values.
    expect((await read({ above: all[n - 2]!.id }, { limit: 5, offset: 0 })).rows).toEqual(all.slice(n - 1));
  });

  // Decision 321: PostgreSQL planned a page again on every call while its LIMIT was a parameter. A first page has its
  // limit written in, and PostgreSQL keeps one generic plan for it on the connection; a deeper page keeps its limit
  // and offset as parameters (planned with their values). Read from the connection's own prepared statements.
  it.runIf(onPostgres)("writes a first page's limit into its statement, which PostgreSQL plans once", async () => {
    const all = await t.db.db.selectFrom('permission').select(['id', 'perm']).orderBy('id').execute();
    await t.db.db.connection().execute(async (conn) => {
      const matching = conn.selectFrom('permission').where('id', '>', 0);
      const page = (window: { limit: number; offset: number }) =>
        pageRows(conn, matching.select(['id', 'perm']).orderBy('id'), matching.select(countAll), window);
      for (let i = 0; i < 8; i++) {
        expect(await page({ limit: 3, offset: 0 })).toEqual({ rows: all.slice(0, 3), total: all.length });
        expect(await page({ limit: 3, offset: 3 })).toEqual({ rows: all.slice(3, 6), total: all.length });
      }
      // (This test's statements: the connection has the other tests' too.)
      const prepared = (
        await sql<{ statement: string; genericPlans: number | string }>`select statement, generic_plans
          from pg_prepared_statements`.execute(conn)
      ).rows.filter((p) => p.statement.includes('from "permission" where "id" > $2 order by "id" limit'));
      const first = prepared.filter((p) => /limit 3$/.test(p.statement));
      const deeper = prepared.filter((p) => /limit \$\d+ offset \$\d+$/.test(p.statement));
      expect(first.map((p) => p.statement.includes('offset'))).toEqual([false]);
      expect(Number(first[0]!.genericPlans)).toBeGreaterThan(0);
      expect(deeper).toHaveLength(1);
    });
  });
});
