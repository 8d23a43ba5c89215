import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { withSchemaLock } from '../migrate.js';
import { migrations } from './index.js';

// The newest migrations are the ones a deployment may have to take back: each goes down and up again, and what it
// keeps (triggers, counters, indexes) works afterwards.
const NEWEST = Object.keys(migrations).slice(-5);

describe('the newest migrations go down and up again', () => {
  const t = useTestApp();

  it(`takes back ${NEWEST.join(', ')} and applies them again`, async () => {
    const raw = t.db.db.withoutPlugins();
    const initials = () =>
      sql<{ n: number | string }>`select count(*) as n from list_count where list = 'application_initial'`
        .execute(raw)
        .then((r) => Number(r.rows[0]!.n));
    const followUpsCreated = () =>
      sql<{ n: number | string }>`select coalesce(sum(created), 0) as n from follow_up_day_count`
        .execute(raw)
        .then((r) => Number(r.rows[0]!.n));
    const { rows } = await sql<{ id: number }>`insert into application
      (name, search_name, status, application_date, version, created_at, updated_at)
      values ('陳一', '陳一', 'submitted', '2026-11-01', 1, 0, 0) returning id`.execute(raw);
    const followUp = (number: number) =>
      sql`insert into follow_up (application_id, number, service, is_done, status, created_at, updated_at)
        values (${rows[0]!.id}, ${number}, 'visa', 0, 'open', ${Date.UTC(2026, 10, 1)}, 0)`.execute(raw);
    await followUp(1);
    expect(await initials()).toBeGreaterThan(0);
    expect(await followUpsCreated()).toBe(1);
    // Taking tables away while another test file's migration reads the database's schemas would fail that one.
    await withSchemaLock(raw, async (conn) => {
      for (const name of [...NEWEST].reverse()) await migrations[name]!.down!(conn);
    });
    expect(await initials()).toBe(0);
    await withSchemaLock(raw, async (conn) => {
      for (const name of NEWEST) await migrations[name]!.up(conn);
    });
    // The counters are filled again, and the triggers move them.
    const before = await initials();
    expect(before).toBeGreaterThan(0);
    expect(await followUpsCreated()).toBe(1);
    await sql`insert into application (name, search_name, status, application_date, version, created_at, updated_at)
      values ('Ωmega', 'ωmega', 'submitted', '2026-11-02', 1, 0, 0)`.execute(raw);
    expect(await initials()).toBe(before + 1);
    await followUp(2);
    expect(await followUpsCreated()).toBe(2);
  });
});

describe('the day counter of an application (migration 0035)', () => {
  const t = useTestApp();

  // How many writes the counter row has taken: PostgreSQL's xmin moves with every update of the row; SQLite
  // counts every row a statement and its triggers changed.
  const writes = async (id: number, change: () => Promise<unknown>) => {
    const raw = t.db.db.withoutPlugins();
    if (t.db.dialect === 'postgres') {
      const xmin = () =>
        sql<{ x: string }>`select xmin::text as x from application_day_count where day = '2026-11-03'`
          .execute(raw)
          .then((r) => r.rows[0]!.x);
      const before = await xmin();
      await change();
      return (await xmin()) === before ? 0 : 1;
    }
    const total = () => sql<{ n: number }>`select total_changes() as n`.execute(raw).then((r) => Number(r.rows[0]!.n));
    const before = await total();
    await change();
    return (await total()) - before - 1; // the application row itself
  };

  it('is left alone by a save that keeps the date, the status and liveness, and moved by one that does not', async () => {
    const raw = t.db.db.withoutPlugins();
    const { rows } = await sql<{ id: number }>`insert into application
      (name, search_name, status, application_date, version, created_at, updated_at)
      values ('林一', '林一', 'submitted', '2026-11-03', 1, 0, 0) returning id`.execute(raw);
    const id = Number(rows[0]!.id);
    const save = (set: string) => () =>
      sql`update application set ${sql.raw(set)}, version = version + 1 where id = ${id}`.execute(raw);
    expect(await writes(id, save(`name = '林二', application_date = '2026-11-03', status = 'submitted'`))).toBe(0);
    expect(await writes(id, save(`status = 'offer'`))).toBeGreaterThan(0);
    const count = (status: string) =>
      sql<{ n: number | string }>`select n from application_day_count where day = '2026-11-03' and status = ${status}`
        .execute(raw)
        .then((r) => Number(r.rows[0]?.n ?? 0));
    expect([await count('submitted'), await count('offer')]).toEqual([0, 1]);
  });
});
