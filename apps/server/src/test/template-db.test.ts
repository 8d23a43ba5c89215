import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PERM, roleApi } from '@study-crm/shared';
import { permissionId } from './access-fixtures.js';
import { onPostgres } from './engine.js';
import { startTestApp, type TestApp } from './harness.js';

// On PostgreSQL a closed test app gives its database back and the worker's next app starts from it, its rows reset to
// the template's (test/template-db.ts): that app must find what a new copy of the template holds.
describe.skipIf(!onPostgres)('a test database given back by a closed app', () => {
  const rowsOf = async (app: TestApp, query: string) =>
    (await sql.raw<Record<string, unknown>>(query).execute(app.db.db.withoutPlugins() as Kysely<unknown>)).rows;
  // Each table's row count and each sequence's position.
  async function state(app: TestApp) {
    const tables = await rowsOf(
      app,
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    );
    const counts = await Promise.all(
      tables.map(
        async ({ name }) =>
          `${String(name)} ${String((await rowsOf(app, `select count(*) as n from "${String(name)}"`))[0]!.n)}`,
      ),
    );
    const sequences = await rowsOf(
      app,
      'select sequencename, last_value from pg_sequences where schemaname = current_schema() order by 1',
    );
    return { counts, sequences };
  }

  it('starts the next app with the rows and sequences of a new copy', async () => {
    const used = await startTestApp();
    // Rows in many tables: sessions, login records, roles and their grants, the operation log.
    const { token } = await used.login();
    const role = async (app: TestApp, name: string, t: string) =>
      app.post<{ id: number }>(
        roleApi.add.url,
        { name, cnName: name, kind: 'assignment', permissionIds: String(await permissionId(app.db.db, PERM.tagList)) },
        { token: t },
      );
    for (const name of ['ROLE_RESET_A', 'ROLE_RESET_B']) expect((await role(used, name, token)).meta.code).toBe(200);
    const given = used.config.databaseUrl;
    await used.close();

    const next = await startTestApp();
    const fresh = await startTestApp();
    try {
      expect(next.config.databaseUrl).toBe(given);
      expect(fresh.config.databaseUrl).not.toBe(given);
      expect(await state(next)).toEqual(await state(fresh));
      // The roles made before are gone, and the next role gets the id a new copy gives it.
      const { token: nextToken } = await next.login();
      const { token: freshToken } = await fresh.login();
      const [after, afterFresh] = [
        await role(next, 'ROLE_AFTER', nextToken),
        await role(fresh, 'ROLE_AFTER', freshToken),
      ];
      expect(after.meta.code).toBe(200);
      expect(after.data).toEqual(afterFresh.data);
    } finally {
      await next.close();
      await fresh.close();
    }
  });
});
