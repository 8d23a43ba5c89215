import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { gramsOf } from './20261129_0066_search_grams.js';
import { createRowTriggers, dropRowTriggers, liveCounterBody } from './helpers.js';

// Issue 43 (decision 313): a common one- or two-character name in the search box alone ('陳': one application in
// eighteen) read its page by walking the list's date order and testing each row's grams, 740 key lookups for a
// first page at 100,000 applications, and more the deeper the page. application_gram (migration 0066) now carries
// each record's application date, with an index (gram, application_date, id): the page of one short word in the
// list's date order is a range of that index, as long as the page, and the word's total is still its key count.
// The application's triggers write the date with the parts, and put the parts again when the date changes.

const add = (db: Kysely<unknown>) => gramsOf(db, sql.ref('new.search_text'), sql.ref('new.id'));
const remove = (db: Kysely<unknown>) => sql`delete from application_gram where id = old.id
    and gram in (select s.gram from (${gramsOf(db, sql.ref('old.search_text'), sql.ref('old.id'))}) s)`;

// The columns of the application an application_gram row carries besides its part and id: none (migration 0066),
// its date (this migration), its date and status (migration 0081).
export type GramCarried = readonly ('application_date' | 'status')[];

// The application's gram triggers, writing the `carried` columns with the parts and putting the parts again when one
// of them changes.
export async function applicationGramTriggers(db: Kysely<unknown>, carried: GramCarried): Promise<void> {
  const columns = sql.raw(`(${['gram', 'id', ...carried].join(', ')})`);
  const rows = carried.length
    ? sql`select gram, id, ${sql.raw(carried.map((c) => `new.${c} as ${c}`).join(', '))} from (${add(db)}) a`
    : add(db);
  const watched = ['search_text', 'deleted_at', ...carried];
  const changed = (op: string) => sql.raw(watched.map((c) => `old.${c} ${op} new.${c}`).join(' or '));
  if (isPostgres(db)) {
    await createRowTriggers(
      db,
      'application',
      'application_gram',
      liveCounterBody(
        sql`${remove(db)};`,
        sql`insert into application_gram ${columns} ${rows} on conflict do nothing;`,
      ),
      { columns: watched.join(', '), when: changed('is distinct from') },
    );
    return;
  }
  await sql`create trigger application_gram_ai after insert on application when new.deleted_at is null begin
      insert or ignore into application_gram ${columns} ${rows};
    end`.execute(db);
  await sql`create trigger application_gram_ad after delete on application when old.deleted_at is null begin
      ${remove(db)};
    end`.execute(db);
  // One update trigger (SQLite runs several on one event in no stated order): the old parts out when the old row was
  // live, then the new in when the new row is.
  await sql`create trigger application_gram_au after update of ${sql.raw(watched.join(', '))} on application
      when ${changed('is not')} begin
        ${remove(db)} and old.deleted_at is null;
        insert or ignore into application_gram ${columns} select ${sql.raw(['gram', 'id', ...carried].join(', '))}
          from (${rows}) where new.deleted_at is null;
      end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'application_gram', ['ai', 'au', 'ad']);
  await sql`alter table application_gram add column application_date varchar(10) not null default ''`.execute(db);
  await sql`update application_gram set application_date = (select a.application_date from application a
    where a.id = application_gram.id)`.execute(db);
  await sql`create index application_gram_date_ix on application_gram (gram, application_date, id)`.execute(db);
  await applicationGramTriggers(db, ['application_date']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'application_gram', ['ai', 'au', 'ad']);
  await sql`drop index application_gram_date_ix`.execute(db);
  await sql`alter table application_gram drop column application_date`.execute(db);
  await applicationGramTriggers(db, []);
}
