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

// The application's gram triggers: with the date (`dated`), or as migration 0066 wrote them (without).
async function applicationTriggers(db: Kysely<unknown>, dated: boolean): Promise<void> {
  const columns = dated ? sql`(gram, id, application_date)` : sql`(gram, id)`;
  const rows = dated ? sql`select gram, id, new.application_date as application_date from (${add(db)}) a` : add(db);
  const watched = dated ? 'search_text, deleted_at, application_date' : 'search_text, deleted_at';
  if (isPostgres(db)) {
    await createRowTriggers(
      db,
      'application',
      'application_gram',
      liveCounterBody(
        sql`${remove(db)};`,
        sql`insert into application_gram ${columns} ${rows} on conflict do nothing;`,
      ),
      {
        columns: watched,
        when: sql`old.search_text is distinct from new.search_text or old.deleted_at is distinct from new.deleted_at${
          dated ? sql` or old.application_date is distinct from new.application_date` : sql``
        }`,
      },
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
  await sql`create trigger application_gram_au after update of ${sql.raw(watched)} on application
      when old.search_text is not new.search_text or old.deleted_at is not new.deleted_at${
        dated ? sql` or old.application_date is not new.application_date` : sql``
      } begin
        ${remove(db)} and old.deleted_at is null;
        insert or ignore into application_gram ${columns} select ${sql.raw(dated ? 'gram, id, application_date' : 'gram, id')}
          from (${rows}) where new.deleted_at is null;
      end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'application_gram', ['ai', 'au', 'ad']);
  await sql`alter table application_gram add column application_date varchar(10) not null default ''`.execute(db);
  await sql`update application_gram set application_date = (select a.application_date from application a
    where a.id = application_gram.id)`.execute(db);
  await sql`create index application_gram_date_ix on application_gram (gram, application_date, id)`.execute(db);
  await applicationTriggers(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'application_gram', ['ai', 'au', 'ad']);
  await sql`drop index application_gram_date_ix`.execute(db);
  await sql`alter table application_gram drop column application_date`.execute(db);
  await applicationTriggers(db, false);
}
