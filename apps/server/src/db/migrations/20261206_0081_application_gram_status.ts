import { sql, type Kysely } from 'kysely';
import { applicationGramTriggers } from './20261205_0080_application_gram_date.js';
import { dropRowTriggers } from './helpers.js';

// Issue 43 (decision 320): the home list filtered by a status and one or two characters of a name ('陳怡' among the
// unconditional offers) read every record holding the part (296 at 100,000 applications) to test its status, and
// found none: a fifth of the trivial call's throughput. application_gram now carries each record's status too, at
// the end of its date index (gram, application_date, id, status): such a page is a walk of the part's index range
// in the list's date order that tests the status in the index, and its total a count of that range, neither reading
// a record. The application's triggers write the status with the parts and put them again when it changes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'application_gram', ['ai', 'au', 'ad']);
  await sql`alter table application_gram add column status varchar(32) not null default ''`.execute(db);
  await sql`update application_gram set status = (select a.status from application a
    where a.id = application_gram.id)`.execute(db);
  await sql`drop index application_gram_date_ix`.execute(db);
  await sql`create index application_gram_date_ix on application_gram (gram, application_date, id, status)`.execute(db);
  await applicationGramTriggers(db, ['application_date', 'status']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'application_gram', ['ai', 'au', 'ad']);
  await sql`drop index application_gram_date_ix`.execute(db);
  await sql`alter table application_gram drop column status`.execute(db);
  await sql`create index application_gram_date_ix on application_gram (gram, application_date, id)`.execute(db);
  await applicationGramTriggers(db, ['application_date']);
}
