import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import {
  cachedPgPool,
  cachedSqlite,
  GENERIC_PLAN,
  likePatternsUnread,
  limitSlots,
  Lru,
  preparable,
} from './statement-cache.js';

const databaseUrl = process.env.DATABASE_URL;

// A table of the test's own made by a plain pg pool, and a kept pool of `connections` keeping `max` statements on
// each; the table dropped and both pools ended after `fn`, whatever it does.
async function withKeptPool(
  table: string,
  columns: string,
  { connections, max }: { connections: number; max?: number },
  fn: (pools: { plain: pg.Pool; cached: ReturnType<typeof cachedPgPool> }) => Promise<void>,
) {
  const plain = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const cached = cachedPgPool(new pg.Pool({ connectionString: databaseUrl, max: connections }), max);
  try {
    await plain.query(`create table ${table} (${columns})`);
    await fn({ plain, cached });
  } finally {
    await plain.query(`drop table if exists ${table}`);
    await plain.end();
    await cached.end();
  }
}

describe('prepared statements kept per connection', () => {
  it('prepares one statement by name, whatever its comments and strings hold, and never a script', () => {
    expect(preparable('select * from t where a = $1')).toBe(true);
    expect(preparable('select \'a;b\' as x, "c;" from t -- one; two\n where a = $1 /* three; */')).toBe(true);
    expect(preparable("select 'it''s; fine' from t")).toBe(true);
    expect(preparable('create table a (id int); create table b (id int)')).toBe(false);
    expect(preparable("select 'x'; drop table t")).toBe(false);
    expect(preparable('create function f() returns trigger as $$ begin return null; end $$ language plpgsql')).toBe(
      false,
    );
    expect(preparable('do $body$ begin perform 1; end $body$')).toBe(false);
  });

  it('keeps the most recently used, dropping the oldest past its size', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    expect(lru.set('c', 3)).toEqual(['b', 2]);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.size).toBe(2);
  });

  it('never drops a key in steady use, though a hit moves it only now and then', () => {
    const lru = new Lru<string, number>(8);
    lru.set('hot', 0);
    const dropped: string[] = [];
    for (let i = 0; i < 200; i++) {
      expect(lru.get('hot')).toBe(0);
      const out = lru.set(`k${i}`, i);
      if (out) dropped.push(out[0]);
    }
    expect(dropped).toHaveLength(200 - 7);
    expect(dropped).not.toContain('hot');
    expect(dropped.slice(0, 3)).toEqual(['k0', 'k1', 'k2']);
    expect(lru.size).toBe(8);
  });

  it('SQLite: prepares a text once and again after it was dropped', () => {
    const raw = new SQLite(':memory:');
    const db = cachedSqlite(raw, 2);
    const one = db.prepare('select 1 as n');
    expect(db.prepare('select 1 as n')).toBe(one);
    db.prepare('select 2 as n');
    db.prepare('select 3 as n'); // drops 'select 1'
    const again = db.prepare('select 1 as n');
    expect(again).not.toBe(one);
    expect(again.all([])).toEqual([{ n: 1 }]);
    db.close();
  });

  it('SQLite: reads rows as better-sqlite3 makes them, also after the schema changed under a kept statement', () => {
    const raw = new SQLite(':memory:');
    const db = cachedSqlite(raw);
    db.prepare('create table t (id integer primary key, name text, data blob, n real)').run([]);
    db.prepare('insert into t (name, data, n) values (?, ?, ?), (?, ?, ?)').run([
      'a',
      Buffer.from([1]),
      1.5,
      null,
      null,
      2,
    ]);
    const texts = [
      'select * from t order by id',
      'select id, name as "x", id as "x", 1 + 1 as "2", \'s\' as "a b""c" from t order by id',
      'select count(*) as n from t where name = ?',
      'insert into t (name) values (?) returning id, name',
    ];
    const plain = new SQLite(':memory:');
    plain.exec(
      "create table t (id integer primary key, name text, data blob, n real); insert into t (name, data, n) values ('a', x'01', 1.5), (null, null, 2)",
    );
    for (const text of texts) {
      const params = text.includes('?') ? ['a'] : [];
      expect(db.prepare(text).all(params)).toEqual(plain.prepare(text).all(params));
      // Same keys in the same order (toEqual would not see the order).
      expect(JSON.stringify(db.prepare(text).all(params))).toBe(JSON.stringify(plain.prepare(text).all(params)));
    }
    expect([...db.prepare('select id, name from t order by id').iterate([])]).toEqual(
      plain.prepare('select id, name from t order by id').all(),
    );
    // A column named __proto__ is a field of the row, never its prototype.
    const [row] = db.prepare('select json_object(\'a\', 1) as "__proto__"').all([]) as object[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('{"a":1}');

    // `select *` kept from before a new column: the rows carry it after the change.
    const all = db.prepare('select * from t where id = 1');
    expect(Object.keys(all.all([])[0] as object)).toEqual(['id', 'name', 'data', 'n']);
    db.prepare("alter table t add column extra text default 'e'").run([]);
    expect(all.all([])).toEqual([{ id: 1, name: 'a', data: Buffer.from([1]), n: 1.5, extra: 'e' }]);
    db.close();
    plain.close();
  });

  it("finds a text's LIMIT parameters among its others, past quotes and comments", () => {
    expect(limitSlots('select ? as a from t where b = ? order by id limit ? offset ?')).toEqual({
      slots: [2],
      parts: ['select ? as a from t where b = ? order by id limit ', ' offset ?'],
    });
    expect(
      limitSlots(`select '?' as "limit ?", ? /* limit ? */ from t where x in (select y from u limit ?) -- ?\n limit ?`),
    ).toEqual({
      slots: [1, 2],
      parts: [
        `select '?' as "limit ?", ? /* limit ? */ from t where x in (select y from u limit `,
        ') -- ?\n limit ',
        '',
      ],
    });
    expect(limitSlots('select * from t limit 20')).toBeNull();
    expect(limitSlots("select 'limit ?' from t where a = ?")).toBeNull();
    expect(limitSlots('select * from t where a = ?1 limit ?2')).toBeNull();
    expect(limitSlots('select * from t where rate_limit ? 1')).toBeNull();
  });

  it("writes a LIKE's pattern parameter so that SQLite does not read it while planning, past quotes and comments", () => {
    expect(
      likePatternsUnread("select 'like ?' as a from t where lower(x) like ? escape '\\' and y not LIKE\n? -- like ?"),
    ).toBe("select 'like ?' as a from t where lower(x) like +? escape '\\' and y not LIKE\n+? -- like ?");
    expect(likePatternsUnread("select * from t where x like '%a%'")).toBe("select * from t where x like '%a%'");
    const raw = new SQLite(':memory:');
    raw.exec("create table t (id integer primary key, name text); insert into t (name) values ('Ab'), ('a%b'), ('c')");
    const prepared = vi.spyOn(raw, 'prepare');
    const db = cachedSqlite(raw);
    const text = "select id from t where name like ? escape '\\' order by id";
    expect(db.prepare(text).all(['a%'])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(db.prepare(text).all(['a\\%%'])).toEqual([{ id: 2 }]);
    expect(db.prepare(text).all([null])).toEqual([]);
    expect(prepared.mock.calls.map(([sql]) => sql)).toEqual([text.replace('like ?', 'like +?')]);
    db.close();
  });

  // SQLite compiles a statement again whenever a value is bound to its LIMIT parameter (decision 323), so a kept
  // statement runs the text with its integer limits written in, prepared once per set of limits.
  it('SQLite: runs a LIMIT parameter written into the text, once per limit, with the same rows', () => {
    const raw = new SQLite(':memory:');
    const plain = new SQLite(':memory:');
    const schema =
      "create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b'), ('c'), ('d'), ('e')";
    raw.exec(schema);
    plain.exec(schema);
    const prepared = vi.spyOn(raw, 'prepare');
    const db = cachedSqlite(raw);
    const text = "select id, name, ? as tag from t where name <> ? and '?' = '?' order by id limit ? offset ?";
    const calls: unknown[][] = [
      ['x', 'b', 2, 1],
      ['y', 'a', 2, 0],
      ['z', 'c', 3, 1],
      ['w', 'a', 0, 0],
      ['v', 'a', -1, 2], // no limit: the text as written
      ['u', 'a', 2.5, 0], // not an integer: as written, SQLite's own answer
      ['t', 'a', '2', 0],
    ];
    for (const params of calls) {
      const stmt = db.prepare(text);
      let want: unknown;
      try {
        want = plain.prepare(text).all(params);
      } catch (err) {
        want = err;
      }
      if (want instanceof Error) expect(() => stmt.all(params)).toThrow(want.message);
      else expect(stmt.all(params)).toEqual(want);
    }
    const texts = prepared.mock.calls.map(([sql]) => sql);
    expect(texts.filter((t) => t === text)).toHaveLength(1);
    expect(texts.filter((t) => t.includes('limit 2 offset ?'))).toHaveLength(1);
    expect(texts.filter((t) => /limit [03] offset/.test(t))).toHaveLength(2);
    expect(texts).toHaveLength(4);

    // run and iterate alike; past 8 sets of limits, the text as written (no statement kept for each).
    const update = 'update t set name = name || ? where id in (select id from t order by id limit ?) returning id';
    expect(db.prepare(update).all(['!', 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(db.prepare(update).run(['!', 1]).changes).toBe(1);
    plain.prepare(update).all(['!', 2]);
    plain.prepare(update).run(['!', 1]);
    expect([...db.prepare(text).iterate(['i', 'a', 2, 0])]).toEqual(plain.prepare(text).all(['i', 'a', 2, 0]));
    prepared.mockClear();
    for (let n = 1; n <= 12; n++) expect(db.prepare(text).all(['q', 'a', n, 0])).toHaveLength(Math.min(n, 5));
    expect(prepared.mock.calls.map(([sql]) => sql).filter((t) => /limit \d+ offset/.test(t))).toHaveLength(8 - 3); // 2, 3 and 0 kept above
    db.close();
    plain.close();
  });

  it.skipIf(!databaseUrl)(
    "PostgreSQL: reads rows as pg makes them, also after a kept statement's columns changed",
    async () => {
      const table = `kept_rows_${process.pid}`;
      const columns = 'id int primary key, name text, big int8, ok boolean, doc jsonb';
      await withKeptPool(table, columns, { connections: 2, max: 2 }, async ({ plain, cached }) => {
        await plain.query(
          `insert into ${table} values (1, 'a', 9007199254740991, true, '{"x":[1,2]}'), (2, null, null, null, null)`,
        );
        const texts = [
          `select * from ${table} order by id`,
          `select id, name as "x", id as "x", 1 + $1::int as "2", 's' as "a b""c", array[id, 2] as ids from ${table} order by id`,
          `select count(*) as n from ${table} where name = $1`,
          `select json_build_object('a', 1) as "__proto__"`,
          `select id from ${table} where id > $1`,
        ];
        const params = (text: string) => (text.includes('$1') ? [text.includes('name =') ? 'a' : 0] : []);
        // Twice each, on both connections of the pool: later reads reuse the statement's kept shape (also once the
        // statement was dropped from a connection, two being kept on each, and parsed again).
        for (let round = 0; round < 2; round++) {
          const clients = [await cached.connect(), await cached.connect()];
          try {
            for (const client of clients)
              for (const text of texts) {
                const mine = (await client.query(text, params(text))).rows;
                const theirs = (await plain.query(text, params(text))).rows;
                expect(mine).toEqual(theirs);
                // Same keys in the same order (toEqual would not see the order).
                expect(JSON.stringify(mine)).toBe(JSON.stringify(theirs));
              }
          } finally {
            // (A client kept out would hold the pool's end, and the test would time out instead of failing.)
            for (const client of clients) client.release();
          }
        }
        const client = await cached.connect();
        try {
          const [row] = (await client.query(texts[3]!, [])).rows as object[];
          expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
          expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({ a: 1 });
          // A statement dropped (two kept here) and parsed anew after its table changed: its rows carry the new
          // column, though the pool kept the statement's shape from before.
          await client.query(`alter table ${table} add column extra text default 'e'`, []);
          await client.query(texts[1]!, [0]);
          await client.query(texts[2]!, ['a']);
          const after = (await client.query(texts[0]!, [])).rows;
          expect(after).toEqual((await plain.query(texts[0]!)).rows);
          expect(Object.keys(after[0] as object)).toEqual(['id', 'name', 'big', 'ok', 'doc', 'extra']);
        } finally {
          client.release();
        }
      });
    },
  );

  it.skipIf(!databaseUrl)(
    "PostgreSQL: runs a kept statement again after another server's migration changed its columns",
    async () => {
      const table = `kept_cols_${process.pid}`;
      // (The plain pool stands for another server.)
      await withKeptPool(
        table,
        'id int primary key, name text',
        { connections: 1 },
        async ({ plain: other, cached }) => {
          const client = await cached.connect();
          try {
            await other.query(`insert into ${table} values (1, 'a')`);
            const text = `select * from ${table} where id >= $1`;
            expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'a' }]);
            // PostgreSQL refuses a prepared statement whose columns changed: parsed anew, the call answers.
            await other.query(`alter table ${table} add column extra text default 'e'`);
            expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'a', extra: 'e' }]);
            await other.query(`alter table ${table} alter column name type varchar(10)`);
            expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'a', extra: 'e' }]);
            expect((await client.query(text, [2])).rows).toEqual([]);
            // Another error of the statement is the caller's, as before.
            await expect(client.query(`select 1 / $1::int as n from ${table}`, [0])).rejects.toThrow(
              /division by zero/,
            );
          } finally {
            client.release();
          }
        },
      );
    },
  );

  it.skipIf(!databaseUrl)(
    'PostgreSQL: names statements, deallocates the least recently used, parses it anew',
    async () => {
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
      const cached = cachedPgPool(pool, 2);
      try {
        const client = await cached.connect();
        const run = async (n: number) =>
          (await client.query<{ n: number }>(`select $1::int + ${n} as n`, [1])).rows[0]!.n;
        const prepared = async () =>
          (await client.query<{ name: string }>('select name from pg_prepared_statements order by name', [])).rows;
        expect(await run(1)).toBe(2);
        expect(await run(1)).toBe(2);
        expect(await run(2)).toBe(3);
        // The listing is itself a statement (with parameters: prepared); the first one is dropped for it.
        await run(3);
        expect((await prepared()).length).toBeLessThanOrEqual(3);
        expect(await run(1)).toBe(2);
        expect(await run(2)).toBe(3);
        // A script of several statements is not prepared (and still runs).
        await client.query('select 1; select 2', []);
        client.release();
      } finally {
        await cached.end();
      }
    },
  );

  it.skipIf(!databaseUrl)(
    'PostgreSQL: a statement marked GENERIC_PLAN runs outside a transaction on a connection that plans it once',
    async () => {
      const table = `generic_plan_${process.pid}`;
      const plain = new pg.Pool({ connectionString: databaseUrl, max: 1 });
      const generic = new pg.Pool({
        connectionString: databaseUrl,
        max: 1,
        options: '-c plan_cache_mode=force_generic_plan',
      });
      const cached = cachedPgPool(new pg.Pool({ connectionString: databaseUrl, max: 2 }), 10, generic);
      // A statement on a connection of the kept pool, as Kysely runs one: taken, one query, given back.
      const once = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
        const client = await cached.connect();
        try {
          return (await client.query<R>(text, values)).rows;
        } finally {
          client.release();
        }
      };
      const mode = `select current_setting('plan_cache_mode') as mode, $1::int as n`;
      try {
        await plain.query(`create table ${table} (id int primary key, kind text not null)`);
        await plain.query(`insert into ${table} select g, case when g % 100 = 0 then 'rare' else 'common' end
          from generate_series(1, 2000) g`);
        await plain.query(`create index on ${table} (kind)`);
        await plain.query(`analyze ${table}`);
        expect((await once<{ mode: string }>(GENERIC_PLAN + mode, [1]))[0]!.mode).toBe('force_generic_plan');
        expect((await once<{ mode: string }>(mode, [1]))[0]!.mode).toBe('auto');
        // Planned once: PostgreSQL counts generic plans only, where without the mark every call is planned anew.
        const byKind = `select count(*)::int as n from ${table} where kind = $1`;
        for (const kind of ['rare', 'common', 'rare', 'rare', 'common', 'rare', 'rare'])
          await once(GENERIC_PLAN + byKind, [kind]);
        expect(await once<{ n: number }>(GENERIC_PLAN + byKind, ['rare'])).toEqual([{ n: 20 }]);
        // (Read on the marked statements' own connection.)
        const onGeneric = await generic.connect();
        try {
          const rows = (
            await onGeneric.query(
              `select generic_plans::int, custom_plans::int from pg_prepared_statements
              where statement = $1`,
              [GENERIC_PLAN + byKind],
            )
          ).rows;
          expect(rows).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
        } finally {
          onGeneric.release();
        }
        // In a transaction a marked statement runs on the transaction's own connection, and sees what it wrote.
        const tx = await cached.connect();
        try {
          await tx.query('begin', []);
          await tx.query(`insert into ${table} values (5001, 'rare')`, []);
          const seen = (await tx.query<{ n: number; mode?: string }>(GENERIC_PLAN + byKind, ['rare'])).rows;
          expect(seen).toEqual([{ n: 21 }]);
          expect((await tx.query<{ mode: string }>(GENERIC_PLAN + mode, [1])).rows[0]!.mode).toBe('auto');
          await tx.query('rollback', []);
        } finally {
          tx.release();
        }
        // A connection given back before its first statement is given back whole.
        (await cached.connect()).release();
        expect(await once<{ n: number }>(GENERIC_PLAN + byKind, ['rare'])).toEqual([{ n: 20 }]);
      } finally {
        await plain.query(`drop table if exists ${table}`);
        await plain.end();
        await cached.end();
      }
    },
  );
});
