import { describe, it } from 'vitest';

/** The server project runs on PostgreSQL (DATABASE_URL set) or on SQLite. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * For tests whose outcome cannot depend on the database engine (no database, or a file written or read without one):
 * CI runs the server project on SQLite and again on PostgreSQL, and these run in the SQLite pass only, so the
 * PostgreSQL pass spends its time on what depends on the engine (decision 232).
 */
export const engineFree = { describe: describe.skipIf(onPostgres), it: it.skipIf(onPostgres) };
