import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';

// Decision 382's leftover: the personal-data matching (the subject access export, the erasure and its dry run)
// compares addresses with `unicode_lower(x)`, PostgreSQL's lower() on both engines. On SQLite each connection of the
// app registers it (db/sqlite-lower.ts); here it is PostgreSQL's own lower(), in the app's schema (the search path's
// first, as the trigger functions). A SQL function of one expression, immutable and strict as lower() is: the planner
// puts lower() in its place, so an index on lower(column) serves it.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create function unicode_lower(text) returns text
    language sql immutable strict parallel safe as $$ select lower($1) $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists unicode_lower(text)`.execute(db);
}
