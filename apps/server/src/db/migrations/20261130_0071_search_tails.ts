import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../database.js';
import { GRAM_TABLES } from './20261129_0066_search_grams.js';
import { createRowTriggers, dropRowTriggers } from './helpers.js';

// Issue 39 (decision 260): long numbers in the search box (a passport or phone number, or eight digits of one). A
// trigram index of digits is weak: ten digits make a thousand trigrams, each held by many rows ('000' by every
// zero-padded number), so FTS5's phrase and pg_trgm's GIN scan read long lists: '00001234' cost 2.4 ms (SQLite) and
// 1.8 ms (PostgreSQL) in the applications group at a million applications. Every table with a `search_text` gets a
// side table `<table>_tail (tail, id)`: for each word of the search text holding a digit, the part of the word
// starting at every fourth character (1, 5, 9, …), at most twelve characters long. A word of eight characters or
// more starts, at one of its first four characters, one of those parts: it is found by four prefix ranges of the
// primary key (db/sql-helpers.ts tailIds), and then tested whole on each row.
// - Kept by triggers on the owner's table, in the writing transaction: insert, update of search_text, delete. Every
//   row has its parts, removed or not (the search's own query leaves removed rows out).
// - The tail is compared in code point order (PostgreSQL's collate "C", as SQLite's binary), so a prefix is a range.
// The table belongs to the module that owns the row (the triggers are its writers).

// The distinct parts of `text` as rows (tail, id); `from` (a table the text and id come from) for the backfill.
function tailsOf(db: Kysely<unknown>, text: RawBuilder<unknown>, id: RawBuilder<unknown>, from?: RawBuilder<unknown>) {
  if (isPostgres(db))
    return sql`select distinct substr(w, p, 12) as tail, ${id} as id
      from ${from ? sql`${from} cross join lateral ` : sql``}regexp_split_to_table(${text}, ' ') w
      cross join lateral generate_series(1, char_length(w), 4) p
      where w ~ '[0-9]'`;
  // SQLite has no CTE in a trigger: the words come from a JSON array (as migration 0066's grams), the starts from a
  // JSON array of as many zeros as the word has fourth characters.
  return sql`select distinct substr(w.value, p.key * 4 + 1, 12) as tail, ${id} as id
      from ${from ? sql`${from} join ` : sql``}json_each('[' || replace(json_quote(${text}), ' ', '","') || ']') w
      join json_each('[' || substr(replace(hex(zeroblob((length(w.value) + 3) / 4)), '00', ',0'), 2) || ']') p
      where w.value glob '*[0-9]*'`;
}

async function tailTable(db: Kysely<unknown>, table: string): Promise<void> {
  const tails = sql.table(`${table}_tail`);
  const on = sql.table(table);
  const pg = isPostgres(db);
  await sql`create table ${tails} (tail text ${pg ? sql`collate "C" ` : sql``}not null, id integer not null,
    primary key (tail, id))${pg ? sql`` : sql` without rowid`}`.execute(db);
  const add = tailsOf(db, sql.ref('new.search_text'), sql.ref('new.id'));
  const remove = sql`delete from ${tails} where id = old.id
    and tail in (select s.tail from (${tailsOf(db, sql.ref('old.search_text'), sql.ref('old.id'))}) s)`;
  if (pg) {
    await createRowTriggers(
      db,
      table,
      `${table}_tail`,
      sql`
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        ${remove};
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into ${tails} (tail, id) ${add} on conflict do nothing;
      end if;
      return null;
    end`,
      { columns: 'search_text', when: sql`old.search_text is distinct from new.search_text` },
    );
  } else {
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
  }
  // The rows there already, in one statement.
  await sql`insert into ${tails} (tail, id)
    ${tailsOf(db, sql.ref('t.search_text'), sql.ref('t.id'), sql`${on} t`)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of GRAM_TABLES) await tailTable(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...GRAM_TABLES].reverse()) {
    await dropRowTriggers(db, table, `${table}_tail`, ['ai', 'au', 'ad']);
    await sql`drop table if exists ${sql.table(`${table}_tail`)}`.execute(db);
  }
}
