import { describe, expect, it } from 'vitest';
import { pageRows } from './page-rows.js';
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
});
