import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createRowTriggers, dropRowTriggers, liveCounterBody } from './helpers.js';

// Issue 14: the total of a one-character name search (a common surname such as 陳) without counting its matches.
// `list_count` list 'application_initial' keeps the number of live applications per first character of the
// normalised name (search_name), kept by triggers in the same transaction as every write (as the per-status
// counters of migration 0014 are). A one-character keyword's name matches are then one counter row, where the
// count read 55,000 index entries at 1,000,000 applications.
const INITIAL = (row: 'old' | 'new') => sql.raw(`substr(${row}.search_name, 1, 1)`);

async function triggersPostgres(db: Kysely<unknown>): Promise<void> {
  const body = liveCounterBody(
    sql`update list_count set n = n - 1 where list = 'application_initial' and bucket = ${INITIAL('old')};`,
    sql`insert into list_count (list, bucket, n) values ('application_initial', ${INITIAL('new')}, 1)
          on conflict (list, bucket) do update set n = list_count.n + 1;`,
  );
  await createRowTriggers(db, 'application', 'list_count_application_initial', body, {
    columns: 'search_name, deleted_at',
    when: sql`${INITIAL('old')} is distinct from ${INITIAL('new')}
      or (old.deleted_at is null) <> (new.deleted_at is null)`,
  });
}

async function triggersSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger list_count_application_initial_ai after insert on application
    when new.deleted_at is null begin
      insert into list_count (list, bucket, n) values ('application_initial', ${INITIAL('new')}, 1)
        on conflict (list, bucket) do update set n = n + 1;
    end`.execute(db);
  await sql`create trigger list_count_application_initial_ad after delete on application
    when old.deleted_at is null begin
      update list_count set n = n - 1 where list = 'application_initial' and bucket = ${INITIAL('old')};
    end`.execute(db);
  await sql`create trigger list_count_application_initial_au after update of search_name, deleted_at on application
    when ${INITIAL('old')} is not ${INITIAL('new')} or (old.deleted_at is null) <> (new.deleted_at is null) begin
      update list_count set n = n - 1
        where list = 'application_initial' and bucket = ${INITIAL('old')} and old.deleted_at is null;
      insert into list_count (list, bucket, n) select 'application_initial', ${INITIAL('new')}, 1
        where new.deleted_at is null
        on conflict (list, bucket) do update set n = n + 1;
    end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await triggersPostgres(db);
  else await triggersSqlite(db);
  await sql`insert into list_count (list, bucket, n)
    select 'application_initial', substr(search_name, 1, 1), count(*) from application
    where deleted_at is null group by substr(search_name, 1, 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'list_count_application_initial', ['ai', 'ad', 'au']);
  await sql`delete from list_count where list = 'application_initial'`.execute(db);
}
