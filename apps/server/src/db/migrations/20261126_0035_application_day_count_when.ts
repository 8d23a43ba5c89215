import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../database.js';

// Migration 0032's update triggers fired on every save of an application (the repository writes application_date
// and status with every edit), taking the row out of its day counter and putting it back: two writes and, on
// PostgreSQL, a lock on the counter row that every save of that day's applications waited for. They now fire only
// when the date, the status or liveness changes, as the counters of migrations 0014, 0023 and 0034 do.
// (SQLite spells `is distinct from` as `is not`.)
const changed = (distinct: 'is distinct from' | 'is not') =>
  sql.raw(`OLD.application_date ${distinct} NEW.application_date
  or OLD.status ${distinct} NEW.status
  or (OLD.deleted_at is null) <> (NEW.deleted_at is null)`);

async function updateTriggerPostgres(db: Kysely<unknown>, when: RawBuilder<unknown> | null): Promise<void> {
  await sql`drop trigger if exists application_day_count_u on application`.execute(db);
  await sql`create trigger application_day_count_u after update of application_date, status, deleted_at
    on application for each row ${when ? sql`when (${when})` : sql``}
    execute function application_day_count_fn()`.execute(db);
}

async function updateTriggersSqlite(db: Kysely<unknown>, changedOnly: boolean): Promise<void> {
  const also = (live: string) => (changedOnly ? sql`${sql.raw(live)} and (${changed('is not')})` : sql.raw(live));
  await sql`drop trigger if exists application_day_count_au_old`.execute(db);
  await sql`drop trigger if exists application_day_count_au_new`.execute(db);
  await sql`create trigger application_day_count_au_old after update of application_date, status, deleted_at
    on application when ${also('OLD.deleted_at is null')} begin
      update application_day_count set n = n - 1 where day = OLD.application_date and status = OLD.status;
    end`.execute(db);
  await sql`create trigger application_day_count_au_new after update of application_date, status, deleted_at
    on application when ${also('NEW.deleted_at is null')} begin
      insert into application_day_count (day, status, n) values (NEW.application_date, NEW.status, 1)
        on conflict (day, status) do update set n = n + 1;
    end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await updateTriggerPostgres(db, changed('is distinct from'));
  else await updateTriggersSqlite(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await updateTriggerPostgres(db, null);
  else await updateTriggersSqlite(db, false);
}
