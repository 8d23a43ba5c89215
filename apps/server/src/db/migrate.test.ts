import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness.js';
import { dropSchema } from './migrate.js';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('migrations on a shared PostgreSQL database', () => {
  it("migrate an app's own schema while another schema already has the migration tables", async () => {
    const other = `other_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA "${other}"`);
      await client.query(
        `CREATE TABLE "${other}".kysely_migration (name varchar(255) primary key, timestamp varchar(255))`,
      );
      await client.query(
        `CREATE TABLE "${other}".kysely_migration_lock (id varchar(255) primary key, is_locked integer)`,
      );
      const t = await startTestApp({ migrate: true });
      try {
        expect((await t.get('/health')).meta).toBeDefined();
        expect((await t.login()).mid).toBeGreaterThan(0);
      } finally {
        await t.close();
      }
    } finally {
      await client.end();
      await dropSchema(databaseUrl!, other);
    }
  });
});
