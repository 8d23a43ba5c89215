import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { dropSchema } from './migrate.js';

const databaseUrl = process.env.DATABASE_URL;

describe('PostgreSQL connections (decision 261)', () => {
  it.skipIf(!databaseUrl)('start without parallel workers or JIT, in their own schema', async () => {
    const schema = `conn_${randomBytes(6).toString('hex')}`;
    const handle = await openDatabase({ databaseUrl, dataDir: '', pgSchema: schema, poolMax: 2 });
    try {
      // The row's one value (its column named as the setting, camel-cased on the way back).
      const show = async (name: string) =>
        Object.values((await sql<Record<string, string>>`${sql.raw(`show ${name}`)}`.execute(handle.db)).rows[0]!)[0];
      // Two statements at once: two connections of the pool, both set up alike.
      const [workers, jit] = await Promise.all([show('max_parallel_workers_per_gather'), show('jit')]);
      expect({ workers, jit }).toEqual({ workers: '0', jit: 'off' });
      expect(await show('search_path')).toBe(`"${schema}"`);
    } finally {
      await handle.close();
      await dropSchema(databaseUrl!, schema);
    }
  });
});
