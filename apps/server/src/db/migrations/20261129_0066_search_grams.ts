import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../database.js';
import { createRowTriggers, dropRowTriggers } from './helpers.js';

// Issue 39, short searches (decision 217): a trigram index finds nothing below three characters, so every table
// with a `search_text` (migrations 0039, 0045) gets a side table `<table>_gram (gram, id)` holding each one- and
// two-character part of the names in its search text, one row per distinct part and record, primary key
// (gram, id): a one- or two-character word is then an equality on the key, its records in id order.
// - The names: the words of the search text (split on the single spaces the fold leaves) without '@' (e-mail
//   addresses); parts holding a digit are left out (passport numbers, phones, the digits of a login name). Those
//   are found by three characters or more, through the trigram index.
// - Kept by triggers on the owner's table, in the writing transaction: insert, update of search_text (the old
//   parts out, the new in) and delete. Deleting by the old text's parts uses the primary key, so no second index.
// - Members and applications are removed by `deleted_at`: only live rows have parts, so the number of records
//   holding a part is an index-only count of its key range (the application list's total).
// The table belongs to the module that owns the row (the triggers are its writers).
export const GRAM_TABLES = ['member', 'application', 'payment_record', 'feedback', 'email_message', 'sms_batch'];
const SOFT_DELETED = new Set(['member', 'application']);

// The distinct parts of `text` as rows (gram, id); `from` (a table the text and id come from) for the backfill.
export function gramsOf(
  db: Kysely<unknown>,
  text: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  from?: RawBuilder<unknown>,
) {
  if (isPostgres(db))
    return sql`select distinct substr(w, p, n) as gram, ${id} as id
      from ${from ? sql`${from} cross join lateral ` : sql``}regexp_split_to_table(${text}, ' ') w
      cross join lateral generate_series(1, char_length(w)) p
      cross join (values (1), (2)) v(n)
      where strpos(w, '@') = 0 and p + n - 1 <= char_length(w) and substr(w, p, n) !~ '[0-9]'`;
  // SQLite has no CTE in a trigger: the words come from a JSON array (json_quote escapes the text, each space
  // becomes '","'), the positions from a JSON array of as many zeros as the word has characters.
  return sql`select distinct substr(w.value, p.key + 1, n.value) as gram, ${id} as id
      from ${from ? sql`${from} join ` : sql``}json_each('[' || replace(json_quote(${text}), ' ', '","') || ']') w
      join json_each('[1,2]') n
      join json_each('[' || substr(replace(hex(zeroblob(length(w.value))), '00', ',0'), 2) || ']') p
      where instr(w.value, '@') = 0 and p.key + n.value <= length(w.value)
        and substr(w.value, p.key + 1, n.value) not glob '*[0-9]*'`;
}

async function gramTable(db: Kysely<unknown>, table: string): Promise<void> {
  const grams = sql.table(`${table}_gram`);
  const pg = isPostgres(db);
  await sql`create table ${grams} (gram text ${pg ? sql`collate "C" ` : sql``}not null, id integer not null,
    primary key (gram, id))${pg ? sql`` : sql` without rowid`}`.execute(db);
  const live = SOFT_DELETED.has(table);
  const add = gramsOf(db, sql.ref('new.search_text'), sql.ref('new.id'));
  const remove = sql`delete from ${grams} where id = old.id
    and gram in (select s.gram from (${gramsOf(db, sql.ref('old.search_text'), sql.ref('old.id'))}) s)`;
  if (pg) {
    await createRowTriggers(
      db,
      table,
      `${table}_gram`,
      sql`
    begin
      if tg_op in ('UPDATE', 'DELETE')${live ? sql` and old.deleted_at is null` : sql``} then
        ${remove};
      end if;
      if tg_op in ('INSERT', 'UPDATE')${live ? sql` and new.deleted_at is null` : sql``} then
        insert into ${grams} (gram, id) ${add} on conflict do nothing;
      end if;
      return null;
    end`,
      live
        ? {
            columns: 'search_text, deleted_at',
            when: sql`old.search_text is distinct from new.search_text or old.deleted_at is distinct from new.deleted_at`,
          }
        : { columns: 'search_text', when: sql`old.search_text is distinct from new.search_text` },
    );
  } else {
    const on = sql.table(table);
    const oldLive = live ? sql` when old.deleted_at is null` : sql``;
    const newLive = live ? sql` when new.deleted_at is null` : sql``;
    await sql`create trigger ${sql.id(`${table}_gram_ai`)} after insert on ${on}${newLive} begin
        insert or ignore into ${grams} (gram, id) ${add};
      end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_gram_ad`)} after delete on ${on}${oldLive} begin
        ${remove};
      end`.execute(db);
    if (live) {
      // One trigger (SQLite runs several on one event in no stated order): the old parts out when the old row was
      // live, then the new in when the new row is.
      await sql`create trigger ${sql.id(`${table}_gram_au`)} after update of search_text, deleted_at on ${on}
        when old.search_text is not new.search_text or old.deleted_at is not new.deleted_at begin
          ${remove} and old.deleted_at is null;
          insert or ignore into ${grams} (gram, id) select gram, id from (${add}) where new.deleted_at is null;
        end`.execute(db);
    } else {
      await sql`create trigger ${sql.id(`${table}_gram_au`)} after update of search_text on ${on}
        when old.search_text is not new.search_text begin
          ${remove};
          insert or ignore into ${grams} (gram, id) ${add};
        end`.execute(db);
    }
  }
  // The rows there already, in one statement.
  const rows = live
    ? sql`(select id, search_text from ${sql.table(table)} where deleted_at is null) t`
    : sql`${sql.table(table)} t`;
  await sql`insert into ${grams} (gram, id) ${gramsOf(db, sql.ref('t.search_text'), sql.ref('t.id'), rows)}`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of GRAM_TABLES) await gramTable(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...GRAM_TABLES].reverse()) {
    await dropRowTriggers(db, table, `${table}_gram`, ['ai', 'au', 'ad']);
    await sql`drop table if exists ${sql.table(`${table}_gram`)}`.execute(db);
  }
}
