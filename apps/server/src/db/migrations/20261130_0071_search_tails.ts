import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../database.js';
import { GRAM_TABLES } from './20261129_0066_search_grams.js';

// Issue 39 (decision 260), SQLite only: long numbers in the search box (a passport or phone number, or eight digits
// of one). FTS5's trigrams of digits are few and each is held by many rows ('000' by every zero-padded number), so
// its phrase reads long position lists: '00001234' cost 2.5 ms at a million applications. Every table with a
// `search_text` gets a side table `<table>_tail (tail, id)`: for each word of the search text holding a digit, the
// part of the word starting at every fourth character (0, 4, 8, …), at most twelve characters long. A word of eight
// characters or more starts, at one of its first four characters, one of those parts: it is found by four prefix
// ranges of the primary key (db/sql-helpers.ts tailIds), and then tested whole on each row.
// - Kept by triggers on the owner's table, in the writing transaction: insert, update of search_text, delete. Every
//   row has its parts, removed or not (the search's own query leaves removed rows out).
// - PostgreSQL needs none: pg_trgm's GIN index reads a long number in one pass (2.6× the trivial call at a million).
// The table belongs to the module that owns the row (the triggers are its writers).

// The distinct parts of `text` as rows (tail, id); `from` (a table the text and id come from) for the backfill.
// SQLite has no CTE in a trigger: the words come from a JSON array (as migration 0066's grams), the starts from a
// JSON array of as many zeros as the word has fourth characters.
function tailsOf(text: RawBuilder<unknown>, id: RawBuilder<unknown>, from?: RawBuilder<unknown>) {
  return sql`select distinct substr(w.value, p.key * 4 + 1, 12) as tail, ${id} as id
      from ${from ? sql`${from} join ` : sql``}json_each('[' || replace(json_quote(${text}), ' ', '","') || ']') w
      join json_each('[' || substr(replace(hex(zeroblob((length(w.value) + 3) / 4)), '00', ',0'), 2) || ']') p
      where w.value glob '*[0-9]*'`;
}

async function tailTable(db: Kysely<unknown>, table: string): Promise<void> {
  const tails = sql.table(`${table}_tail`);
  const on = sql.table(table);
  await sql`create table ${tails} (tail text not null, id integer not null, primary key (tail, id)) without rowid`.execute(
    db,
  );
  const add = tailsOf(sql.ref('new.search_text'), sql.ref('new.id'));
  const remove = sql`delete from ${tails} where id = old.id
    and tail in (select s.tail from (${tailsOf(sql.ref('old.search_text'), sql.ref('old.id'))}) s)`;
  await sql`create trigger ${sql.id(`${table}_tail_ai`)} after insert on ${on} begin
      insert or ignore into ${tails} (tail, id) ${add};
    end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_tail_ad`)} after delete on ${on} begin
      ${remove};
    end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_tail_au`)} after update of search_text on ${on}
      when old.search_text is not new.search_text begin
        ${remove};
        insert or ignore into ${tails} (tail, id) ${add};
      end`.execute(db);
  // The rows there already, in one statement.
  await sql`insert or ignore into ${tails} (tail, id)
    ${tailsOf(sql.ref('t.search_text'), sql.ref('t.id'), sql`${on} t`)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of GRAM_TABLES) await tailTable(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of [...GRAM_TABLES].reverse()) {
    for (const t of ['ai', 'au', 'ad']) await sql`drop trigger if exists ${sql.id(`${table}_tail_${t}`)}`.execute(db);
    await sql`drop table if exists ${sql.table(`${table}_tail`)}`.execute(db);
  }
}
