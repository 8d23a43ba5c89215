import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { addColumns, createIndex, type Columns } from './helpers.js';

// Issue 39, one search box (decision 138): every record the navbar search finds keeps its searchable names in one
// `search_text` column, folded by the module that owns the row (packages/shared `searchText`: NFD, combining marks
// removed, lower case, the names joined by a space), and that column carries a trigram index:
// - SQLite: an FTS5 table with the trigram tokenizer over the column (external content, kept by triggers), which
//   serves `MATCH '"part"'` for parts of three characters or more;
// - PostgreSQL: a pg_trgm GIN index on the column, which serves `search_text like '%part%'`.
// One- and two-character searches match the start of the text through a plain index on (search_text) instead, in
// byte order ("C" collation on PostgreSQL) so that a prefix is a range.
// `member.search_text` exists (migration 0039); it gets the trigram index here too.

// The fold as this migration backfilled it (this file is frozen; packages/shared `searchText` is the live rule).
const fold = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const textOf = (parts: (string | null)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .map(fold)
    .join(' ');

type Source = { table: string; columns: string[]; text: (r: Record<string, string | null>) => string };

// The new columns, the names each holds (in the order the owning module writes them).
const SOURCES: Source[] = [
  {
    table: 'application',
    columns: ['name', 'eng_last_name', 'eng_first_name', 'former_name', 'passport_no', 'email', 'mobile'],
    text: (r) =>
      textOf([
        r.name!,
        [r.eng_last_name, r.eng_first_name].filter((v) => v && v.trim()).join(' '),
        r.former_name!,
        r.passport_no!,
        r.email!,
        r.mobile!,
      ]),
  },
  {
    table: 'payment_record',
    columns: ['student_name', 'title'],
    text: (r) => textOf([r.student_name!, r.title!]),
  },
  { table: 'feedback', columns: ['name', 'email', 'mobile'], text: (r) => textOf([r.name!, r.email!, r.mobile!]) },
  { table: 'email_message', columns: ['subject'], text: (r) => textOf([r.subject!]) },
  { table: 'sms_batch', columns: ['file_name', 'content'], text: (r) => textOf([r.file_name!, r.content!]) },
];

const searchColumn: Columns = {
  search_text: (pg) => [
    'text',
    (c) =>
      pg
        ? c
            .notNull()
            .defaultTo('')
            .modifyEnd(sql`collate "C"`)
        : c.notNull().defaultTo(''),
  ],
};

const BATCH = 1000;

async function backfill(db: Kysely<unknown>, s: Source): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await sql<Record<string, string | null> & { id: number }>`
      select id, ${sql.join(s.columns.map((c) => sql.ref(c)))} from ${sql.table(s.table)}
      where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (!rows.length) break;
    for (const r of rows) {
      const text = s.text(r);
      if (text) await sql`update ${sql.table(s.table)} set search_text = ${text} where id = ${r.id}`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

// pg_trgm in the public schema when the server offers it (as migration 0006 does); without it the searches still
// answer, by scanning.
async function ensureTrigram(db: Kysely<unknown>): Promise<string | undefined> {
  const schema = await trigramSchema(db);
  if (schema) return schema;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!rows[0]?.n) return undefined;
  await sql`savepoint search_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint search_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint search_trgm`.execute(db);
  }
  return trigramSchema(db);
}

const TABLES = ['member', ...SOURCES.map((s) => s.table)];

async function trigramIndex(db: Kysely<unknown>, table: string, schema: string | undefined): Promise<void> {
  if (isPostgres(db)) {
    if (!schema) return;
    await sql`create index ${sql.id(`${table}_search_text_trgm_ix`)} on ${sql.table(table)}
      using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    return;
  }
  const fts = sql.table(`${table}_search`);
  await sql`create virtual table ${fts} using fts5(search_text, content = ${sql.lit(table)}, content_rowid = 'id',
    tokenize = 'trigram')`.execute(db);
  await sql`create trigger ${sql.id(`${table}_search_ai`)} after insert on ${sql.table(table)} begin
      insert into ${fts}(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_search_au`)} after update of search_text on ${sql.table(table)} begin
      insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into ${fts}(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_search_ad`)} after delete on ${sql.table(table)} begin
      insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of SOURCES) {
    await addColumns(db, s.table, searchColumn);
    await backfill(db, s);
    // Short searches: the start of the text, a range on this index (member has its own, migration 0039).
    await createIndex(db, `${s.table}_search_text_ix`, s.table, ['search_text']);
  }
  const schema = isPostgres(db) ? await ensureTrigram(db) : undefined;
  for (const table of TABLES) await trigramIndex(db, table, schema);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      await sql`drop index if exists ${sql.id(`${table}_search_text_trgm_ix`)}`.execute(db);
    } else {
      for (const t of ['ai', 'au', 'ad'])
        await sql`drop trigger if exists ${sql.id(`${table}_search_${t}`)}`.execute(db);
      await sql`drop table if exists ${sql.table(`${table}_search`)}`.execute(db);
    }
  }
  for (const s of SOURCES) {
    await db.schema.dropIndex(`${s.table}_search_text_ix`).ifExists().execute();
    await db.schema.alterTable(s.table).dropColumn('search_text').execute();
  }
}
