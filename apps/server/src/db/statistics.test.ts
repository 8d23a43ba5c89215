import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DbHandle } from './database.js';
import { analyzeAll, refreshStatistics, scheduleStatistics } from './statistics.js';

// Decision 270: a SQLite file gets the planner's statistics from the app, not only from a bench.
describe('SQLite statistics', () => {
  let handle: DbHandle | undefined;
  // The test's data directory (the SQLite file), removed with it.
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  const stats = async (db: DbHandle['db']) =>
    (await sql<{ tbl: string; idx: string | null }>`select tbl, idx from sqlite_stat1 order by idx`.execute(db)).rows;

  it('are gathered for a table that never had any, and gathered again only when it has changed', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stats-'));
    handle = await openDatabase({ dataDir: dir });
    const { db } = handle;
    await sql`create table item (id integer primary key, kind text not null, day text not null)`.execute(db);
    await sql`create index item_kind_ix on item (kind)`.execute(db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 5000)
      insert into item (kind, day) select 'k' || (i % 7), date('2026-01-01', '+' || (i % 300) || ' days') from n`.execute(
      db,
    );
    // Never analyzed: no statistics at all.
    expect((await sql`select name from sqlite_master where name = 'sqlite_stat1'`.execute(db)).rows).toEqual([]);

    await refreshStatistics(db);
    expect(await stats(db)).toContainEqual({ tbl: 'item', idx: 'item_kind_ix' });
    const [row] = (await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 'item_kind_ix'`.execute(db))
      .rows;
    // "rows, rows per distinct kind": 5,000 rows in 7 kinds.
    expect(row!.stat.split(' ').map(Number)[0]).toBeGreaterThan(0);

    // Unchanged since: nothing to do (its statistics stay the ones written).
    await sql`update sqlite_stat1 set stat = '1 1' where idx = 'item_kind_ix'`.execute(db);
    await refreshStatistics(db);
    expect(
      (await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 'item_kind_ix'`.execute(db)).rows,
    ).toEqual([{ stat: '1 1' }]);
  });

  // Decision 281: with samples of the values (sqlite_stat4), a statement whose plan read them was compiled again on
  // every call. The samples go; the per-index counts stay, and the planner still uses them.
  it('keep the per-index counts and no samples of values, after a refresh and after a whole analysis', async () => {
    handle = await openDatabase({ dataDir: '', sqliteFile: ':memory:' });
    const { db } = handle;
    await sql`create table item (id integer primary key, kind text not null)`.execute(db);
    await sql`create index item_kind_ix on item (kind)`.execute(db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
      insert into item (kind) select 'k' || (i % 50) from n`.execute(db);
    const samples = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(db)).rows[0]!.n);
    // Never analyzed: the refresh analyzes the table and keeps no samples.
    await refreshStatistics(db);
    expect(await stats(db)).toContainEqual({ tbl: 'item', idx: 'item_kind_ix' });
    expect(await samples()).toBe(0);
    // What this build of SQLite gathers by itself: samples of the index's values.
    await sql`analyze`.execute(db);
    expect(await samples()).toBeGreaterThan(0);

    await sql`insert into item (kind) select kind from item`.execute(db);
    await analyzeAll(db);
    expect(await stats(db)).toContainEqual({ tbl: 'item', idx: 'item_kind_ix' });
    expect(await samples()).toBe(0);
    const plan = (
      await sql<{ detail: string }>`explain query plan select id from item where kind = ${'k7'}`.execute(db)
    ).rows.map((r) => r.detail);
    expect(plan.join(' ')).toContain('item_kind_ix');
  });

  it('are refreshed a minute after start-up and hourly on SQLite, never on PostgreSQL', async () => {
    const hooks: Record<string, (() => Promise<void>)[]> = {};
    const host = {
      addHook: (name: 'onReady' | 'onClose', fn: () => Promise<void>) => (hooks[name] ??= []).push(fn),
      log: { error: () => undefined },
    };
    handle = await openDatabase({ dataDir: '', sqliteFile: ':memory:' });
    const { db } = handle;
    scheduleStatistics(host, db, 'postgres');
    expect(hooks).toEqual({});

    await sql`create table item (id integer primary key, kind text not null)`.execute(db);
    await sql`create index item_kind_ix on item (kind)`.execute(db);
    await sql`insert into item (kind) values ('a'), ('b')`.execute(db);
    const analyzed = async () =>
      (await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db)).rows.length > 0;
    vi.useFakeTimers();
    try {
      scheduleStatistics(host, db, 'sqlite');
      for (const ready of hooks.onReady!) await ready();
      await vi.advanceTimersByTimeAsync(59_000);
      expect(await analyzed()).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await analyzed()).toBe(true);
    } finally {
      for (const close of hooks.onClose!) await close();
      vi.useRealTimers();
    }
  });
});
