import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { onPostgres } from '../test/engine.js';
import { seedDemoApplications } from '../seed/demo-applications.js';

// Decision 329: on PostgreSQL the pages of application and session keep room for an update's new row version, so an
// update that changes no indexed column is a heap-only tuple (none of the table's indexes written), even where the
// pages were filled by inserts one after another (the first page here, with 300 rows after it).
describe.skipIf(!onPostgres)('updates that change no indexed column (PostgreSQL)', () => {
  const t = useTestApp({ signIn: true });

  it("writes an application's notes and a session's last use without touching their indexes", async () => {
    await seedDemoApplications(t.db.db, 300);
    const db = t.db.db;
    const first = await db.selectFrom('application').select('id').orderBy('id').executeTakeFirstOrThrow();
    const session = await db.selectFrom('session').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.transaction().execute(async (tx) => {
      const hot = async (table: string) =>
        Number(
          (await sql<{ n: string }>`select pg_stat_get_xact_tuples_hot_updated(${table}::regclass) as n`.execute(tx))
            .rows[0]!.n,
        );
      await tx
        .updateTable('application')
        .set((eb) => ({ importantNotes: 'called back', version: eb('version', '+', 1), updatedAt: Date.now() }))
        .where('id', '=', first.id)
        .execute();
      expect(await hot('application')).toBe(1);
      await tx.updateTable('session').set({ lastSeenAt: Date.now() }).where('id', '=', session.id).execute();
      expect(await hot('session')).toBe(1);
    });
  });
});
