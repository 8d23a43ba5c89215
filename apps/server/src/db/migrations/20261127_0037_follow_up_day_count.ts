import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createIndex, dropRowTriggers, notNull } from './helpers.js';

// Issue 14: the dashboard's follow-up figures without counting the period's follow-ups (about 2 per application:
// 55,000 index entries a 30-day period at 1,000,000 applications, three times). `follow_up_day_count` keeps per UTC
// day (epoch day number: created_at / 86,400,000) the follow-ups created that day, those of them that are done, and
// the follow-ups done that day, kept by triggers in the same transaction as every write to follow_up (as
// application_day_count is), so a 30-day period is at most 30 rows.
const DAY_MS = 86_400_000;

// SQLite spells `is distinct from` as `is not`; the counters change only when one of these does.
const changed = (distinct: 'is distinct from' | 'is not') =>
  sql.raw(`OLD.created_at ${distinct} NEW.created_at
  or OLD.is_done ${distinct} NEW.is_done
  or OLD.done_at ${distinct} NEW.done_at`);

async function triggersPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create function follow_up_day_count_fn() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update follow_up_day_count
          set created = created - 1, created_done = created_done - (case when old.is_done = 1 then 1 else 0 end)
          where day = old.created_at / ${sql.lit(DAY_MS)};
        if old.is_done = 1 and old.done_at is not null then
          update follow_up_day_count set done = done - 1 where day = old.done_at / ${sql.lit(DAY_MS)};
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into follow_up_day_count (day, created, created_done, done)
          values (new.created_at / ${sql.lit(DAY_MS)}, 1, case when new.is_done = 1 then 1 else 0 end, 0)
          on conflict (day) do update set created = follow_up_day_count.created + 1,
            created_done = follow_up_day_count.created_done + excluded.created_done;
        if new.is_done = 1 and new.done_at is not null then
          insert into follow_up_day_count (day, created, created_done, done)
            values (new.done_at / ${sql.lit(DAY_MS)}, 0, 0, 1)
            on conflict (day) do update set done = follow_up_day_count.done + 1;
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger follow_up_day_count_id after insert or delete on follow_up
    for each row execute function follow_up_day_count_fn()`.execute(db);
  await sql`create trigger follow_up_day_count_u after update of created_at, is_done, done_at on follow_up
    for each row when (${changed('is distinct from')}) execute function follow_up_day_count_fn()`.execute(db);
}

async function triggersSqlite(db: Kysely<unknown>): Promise<void> {
  const remove = sql`update follow_up_day_count
      set created = created - 1, created_done = created_done - (OLD.is_done = 1)
      where day = OLD.created_at / ${sql.lit(DAY_MS)};
    update follow_up_day_count set done = done - 1
      where OLD.is_done = 1 and day = OLD.done_at / ${sql.lit(DAY_MS)};`;
  const add = sql`insert into follow_up_day_count (day, created, created_done, done)
      values (NEW.created_at / ${sql.lit(DAY_MS)}, 1, NEW.is_done = 1, 0)
      on conflict (day) do update set created = created + 1, created_done = created_done + excluded.created_done;
    insert into follow_up_day_count (day, created, created_done, done)
      select NEW.done_at / ${sql.lit(DAY_MS)}, 0, 0, 1 where NEW.is_done = 1 and NEW.done_at is not null
      on conflict (day) do update set done = done + 1;`;
  await sql`create trigger follow_up_day_count_ai after insert on follow_up begin ${add} end`.execute(db);
  await sql`create trigger follow_up_day_count_ad after delete on follow_up begin ${remove} end`.execute(db);
  // An update takes the old row out and puts the new one in (the old first: both may touch one day's row).
  await sql`create trigger follow_up_day_count_au after update of created_at, is_done, done_at on follow_up
    when ${changed('is not')} begin ${remove} ${add} end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follow_up_day_count')
    .addColumn('day', 'bigint', (c) => c.notNull().primaryKey())
    .addColumn('created', 'bigint', notNull)
    .addColumn('created_done', 'bigint', notNull)
    .addColumn('done', 'bigint', notNull)
    .execute();
  if (isPostgres(db)) await triggersPostgres(db);
  else await triggersSqlite(db);
  // Migration 0024's two indexes served only the counts these counters replace: nothing else reads them.
  await db.schema.dropIndex('follow_up_created_done_ix').execute();
  await db.schema.dropIndex('follow_up_done_at_ix').execute();
  await sql`insert into follow_up_day_count (day, created, created_done, done)
    select day, sum(created), sum(created_done), sum(done) from (
      select created_at / ${sql.lit(DAY_MS)} as day, 1 as created,
        case when is_done = 1 then 1 else 0 end as created_done, 0 as done
      from follow_up
      union all
      select done_at / ${sql.lit(DAY_MS)}, 0, 0, 1 from follow_up where is_done = 1 and done_at is not null
    ) as f
    group by day`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'follow_up', 'follow_up_day_count', ['ai', 'ad', 'au'], ['id', 'u']);
  await db.schema.dropTable('follow_up_day_count').execute();
  await createIndex(db, 'follow_up_created_done_ix', 'follow_up', ['created_at', 'is_done']);
  await createIndex(db, 'follow_up_done_at_ix', 'follow_up', ['is_done', 'done_at']);
}
