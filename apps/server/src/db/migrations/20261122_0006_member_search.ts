import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createLiveIndex } from './helpers.js';

// Member list: searching by part of a name, e-mail or mobile through an index, and the default sort.
//
// The searchable text is one lower-cased expression over the member's names, e-mail, mobile and login name.
// - PostgreSQL: a pg_trgm GIN index on that expression serves `expr LIKE '%part%'`. The extension is created
//   only when the server offers it (in the public schema, shared by every schema of the database); without it
//   the same query still answers, by a sequential scan.
// - SQLite: an FTS5 table with the trigram tokenizer, kept in step with `member` by triggers, serves
//   `MATCH '"part"'` for parts of three characters or more.
// The member repository repeats this expression (this file is frozen).
const SEARCH_EXPR =
  "lower(coalesce(eng_last_name, '') || ' ' || coalesce(eng_first_name, '') || ' ' || coalesce(full_name, '') " +
  "|| ' ' || coalesce(nick_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(mobile, '') " +
  "|| ' ' || coalesce(login_name, ''))";

const SEARCH_COLUMNS = 'eng_last_name, eng_first_name, full_name, nick_name, email, mobile, login_name';

async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  let schema = await trigramSchema(db);
  if (!schema) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (!rows[0]?.n) return;
    // Another schema's migration may create it at the same moment: a failure here is not fatal.
    await sql`savepoint member_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm schema public`.execute(db);
      await sql`release savepoint member_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint member_trgm`.execute(db);
    }
    schema = await trigramSchema(db);
    if (!schema) return;
  }
  await sql`create index member_search_trgm_ix on member using gin ((${sql.raw(SEARCH_EXPR)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(
    db,
  );
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table member_fts using fts5(search_text, tokenize = 'trigram')`.execute(db);
  const newExpr = sql.raw(SEARCH_EXPR.replace(/coalesce\((\w+),/g, 'coalesce(new.$1,'));
  await sql`create trigger member_fts_ai after insert on member begin
      insert into member_fts(rowid, search_text) values (new.id, ${newExpr});
    end`.execute(db);
  await sql`create trigger member_fts_au after update of ${sql.raw(SEARCH_COLUMNS)} on member begin
      delete from member_fts where rowid = old.id;
      insert into member_fts(rowid, search_text) values (new.id, ${newExpr});
    end`.execute(db);
  await sql`create trigger member_fts_ad after delete on member begin
      delete from member_fts where rowid = old.id;
    end`.execute(db);
  await sql`insert into member_fts(rowid, search_text) select id, ${sql.raw(SEARCH_EXPR)} from member`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Default list order (newest first) among live members, of one type or of all. Trailing status columns make
  // the page counts index-only; deleted_at is a column too, or SQLite's planner prefers a table scan to count.
  const live = (name: string, columns: string[]) => createLiveIndex(db, name, 'member', columns);
  await live('member_live_type_created_ix', ['member_type', 'deleted_at', 'created_at', 'status', 'identity_status']);
  await live('member_live_created_ix', ['deleted_at', 'created_at', 'status', 'identity_status']);
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists member_search_trgm_ix`.execute(db);
  } else {
    for (const t of ['member_fts_ai', 'member_fts_au', 'member_fts_ad'])
      await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
    await sql`drop table if exists member_fts`.execute(db);
  }
  await db.schema.dropIndex('member_live_type_created_ix').ifExists().execute();
  await db.schema.dropIndex('member_live_created_ix').ifExists().execute();
}
