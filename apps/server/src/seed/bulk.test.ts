import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isPostgres } from '../db/database.js';
import { useTestApp } from '../test/signed-in.js';
import { withIndexesDeferred } from './bulk.js';
import { seedDemoApplications } from './demo-applications.js';
import { DEMO_AUDIT_PREFIX, seedDemoAudit } from './demo-audit.js';

// Decision 219: the bench's bulk load builds the plain indexes after the rows, and the rows go through every trigger.
describe('bulk demo load', () => {
  const t = useTestApp();
  const indexes = async () => {
    const db = t.db.db;
    const { rows } = isPostgres(db)
      ? await sql<{ d: string }>`select indexdef as d from pg_indexes where schemaname = current_schema()
          and tablename in ('application', 'follow_up', 'audit_log') order by 1`.execute(db)
      : await sql<{ d: string }>`select sql as d from sqlite_master where type = 'index' and sql is not null
          and tbl_name in ('application', 'follow_up', 'audit_log') order by 1`.execute(db);
    return rows.map((r) => r.d);
  };
  const count = async (q: ReturnType<typeof sql<{ n: number | string }>>) =>
    Number((await q.execute(t.db.db)).rows[0]!.n);

  it('seeds applications and operation-log entries with the indexes built after, counters and grams kept', async () => {
    const before = await indexes();
    expect(before.length).toBeGreaterThan(5);
    const r = await withIndexesDeferred(t.db.db, ['application', 'follow_up', 'audit_log'], async () => {
      expect(await indexes()).toEqual(before.filter((d) => /UNIQUE/.test(d)));
      const apps = await seedDemoApplications(t.db.db, 1200, 500);
      const audit = await seedDemoAudit(t.db.db, 3000, 1000);
      return { apps, audit };
    });
    expect(r.apps.inserted).toBe(1200);
    expect(r.audit).toBe(3000);
    expect(await indexes()).toEqual(before);
    // The counters the triggers keep agree with the rows; every live application has its grams.
    const live = await count(sql`select count(*) as n from application where deleted_at is null`);
    expect(live).toBe(1200);
    expect(await count(sql`select coalesce(sum(n), 0) as n from list_count where list = 'application'`)).toBe(live);
    expect(
      await count(sql`select count(*) as n from application a
        where not exists (select 1 from application_gram g where g.id = a.id)`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from follow_up`)).toBeGreaterThan(1200);
    const entries = await count(
      sql`select count(*) as n from audit_log where request_id like ${`${DEMO_AUDIT_PREFIX}%`}`,
    );
    expect(entries).toBe(3000);
    // A second run tops up nothing.
    expect(await seedDemoAudit(t.db.db, 3000)).toBe(0);
    expect((await seedDemoApplications(t.db.db, 1200)).inserted).toBe(0);
  });
});
