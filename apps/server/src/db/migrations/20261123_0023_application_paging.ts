import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createRowTriggers, dropRowTriggers } from './helpers.js';

// Issue 14: a deep page of the home list by number without walking its offset. `list_count` also keeps the number
// of live applications per application date (list 'application_day'), maintained by triggers like the per-status
// counts (migration 0014), so page N of the default order starts at the date where the running count passes its
// offset and skips only the rows of that one date. Backfilled from existing rows.
// The PostgreSQL function as it first ran: liveCounterBody's text, indented two more spaces.
const COUNT_FUNCTION = sql`
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
          update list_count set n = n - 1 where list = 'application_day' and bucket = old.application_date;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
          insert into list_count (list, bucket, n) values ('application_day', new.application_date, 1)
            on conflict (list, bucket) do update set n = list_count.n + 1;
        end if;
        return null;
      end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await createRowTriggers(db, 'application', 'list_count_application_day', COUNT_FUNCTION, {
      columns: 'application_date, deleted_at',
      when: sql`old.application_date is distinct from new.application_date
        or (old.deleted_at is null) <> (new.deleted_at is null)`,
    });
  } else {
    await sql`create trigger list_count_application_day_ai after insert on application when new.deleted_at is null
      begin
        insert into list_count (list, bucket, n) values ('application_day', new.application_date, 1)
          on conflict (list, bucket) do update set n = n + 1;
      end`.execute(db);
    await sql`create trigger list_count_application_day_ad after delete on application when old.deleted_at is null
      begin
        update list_count set n = n - 1 where list = 'application_day' and bucket = old.application_date;
      end`.execute(db);
    await sql`create trigger list_count_application_day_au after update of application_date, deleted_at on application
      when old.application_date is not new.application_date or (old.deleted_at is null) <> (new.deleted_at is null)
      begin
        update list_count set n = n - 1
          where list = 'application_day' and bucket = old.application_date and old.deleted_at is null;
        insert into list_count (list, bucket, n) select 'application_day', new.application_date, 1
          where new.deleted_at is null
          on conflict (list, bucket) do update set n = n + 1;
      end`.execute(db);
  }
  await sql`insert into list_count (list, bucket, n)
    select 'application_day', application_date, count(*) from application where deleted_at is null
    group by application_date`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'application', 'list_count_application_day', ['ai', 'ad', 'au']);
  await sql`delete from list_count where list = 'application_day'`.execute(db);
}
