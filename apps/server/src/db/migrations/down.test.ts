import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { migrations } from './index.js';

// The newest migrations are the ones a deployment may have to take back: each goes down and up again, and what it
// keeps (triggers, counters, indexes) works afterwards.
const NEWEST = Object.keys(migrations).slice(-3);

describe('the newest migrations go down and up again', () => {
  const t = useTestApp();

  it(`takes back ${NEWEST.join(', ')} and applies them again`, async () => {
    const raw = t.db.db.withoutPlugins();
    const initials = () =>
      sql<{ n: number | string }>`select count(*) as n from list_count where list = 'application_initial'`
        .execute(raw)
        .then((r) => Number(r.rows[0]!.n));
    await sql`insert into application (name, search_name, status, application_date, version, created_at, updated_at)
      values ('陳一', '陳一', 'submitted', '2026-11-01', 1, 0, 0)`.execute(raw);
    expect(await initials()).toBeGreaterThan(0);
    for (const name of [...NEWEST].reverse()) await migrations[name]!.down!(raw);
    expect(await initials()).toBe(0);
    for (const name of NEWEST) await migrations[name]!.up(raw);
    // The counters are filled again, and the triggers move them.
    const before = await initials();
    expect(before).toBeGreaterThan(0);
    await sql`insert into application (name, search_name, status, application_date, version, created_at, updated_at)
      values ('Ωmega', 'ωmega', 'submitted', '2026-11-02', 1, 0, 0)`.execute(raw);
    expect(await initials()).toBe(before + 1);
  });
});
