import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createKeyedTable, createRowTriggers, dropRowTriggers, liveCounterBody } from './helpers.js';

// Issue 14: the dashboard's application figures without reading the period's rows. `application_day_count` keeps
// the number of live applications (deleted_at is null) per application date and status, kept by triggers in the
// same transaction as every write to application (as list_count and payment_day_total are), so 30 days of figures
// are at most 30 × statuses rows whatever the number of applications.
const LIVE_OLD = 'OLD.deleted_at is null';
const LIVE_NEW = 'NEW.deleted_at is null';

async function triggersPostgres(db: Kysely<unknown>): Promise<void> {
  const body = liveCounterBody(
    sql`update application_day_count set n = n - 1 where day = old.application_date and status = old.status;`,
    sql`insert into application_day_count (day, status, n) values (new.application_date, new.status, 1)
          on conflict (day, status) do update set n = application_day_count.n + 1;`,
  );
  await createRowTriggers(db, 'application', 'application_day_count', body, {
    columns: 'application_date, status, deleted_at',
  });
}

async function triggersSqlite(db: Kysely<unknown>): Promise<void> {
  const add = sql`insert into application_day_count (day, status, n) values (NEW.application_date, NEW.status, 1)
      on conflict (day, status) do update set n = n + 1;`;
  const remove = sql`update application_day_count set n = n - 1
      where day = OLD.application_date and status = OLD.status;`;
  await sql`create trigger application_day_count_ai after insert on application
    when ${sql.raw(LIVE_NEW)} begin ${add} end`.execute(db);
  await sql`create trigger application_day_count_ad after delete on application
    when ${sql.raw(LIVE_OLD)} begin ${remove} end`.execute(db);
  // An update takes the old row out (when it was live) and puts the new one in (when it is live).
  await sql`create trigger application_day_count_au_old after update of application_date, status, deleted_at
    on application when ${sql.raw(LIVE_OLD)} begin ${remove} end`.execute(db);
  await sql`create trigger application_day_count_au_new after update of application_date, status, deleted_at
    on application when ${sql.raw(LIVE_NEW)} begin ${add} end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'application_day_count', { day: 'varchar(10)', status: 'varchar(32)', n: 'bigint' }, [
    'day',
    'status',
  ]);
  if (isPostgres(db)) await triggersPostgres(db);
  else await triggersSqlite(db);
  await sql`insert into application_day_count (day, status, n)
    select application_date, status, count(*) from application where deleted_at is null
    group by application_date, status`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'application_day_count', ['ai', 'ad', 'au_old', 'au_new']);
  await db.schema.dropTable('application_day_count').execute();
}
