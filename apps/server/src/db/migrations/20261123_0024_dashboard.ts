import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createIndex, createKeyedTable, createLiveIndex, createRowTriggers, dropRowTriggers } from './helpers.js';

// Issue 21: what lets the dashboard's 30-day figures read a few rows (1,000,000 applications and payments).
// Applications per day and status get a covering index; follow-ups and e-mail recipients one on the date the figure
// is counted by. Payments get `payment_day_total`: sums per transaction day, currency, type and status, kept by
// triggers in the same transaction as every write to payment_record (as list_count is), so 30 days of figures are
// at most 30 × currencies × 6 rows whatever the number of payments.
const KEY = 'day = OLD.transaction_date and currency = OLD.currency and type = OLD.type and status = OLD.status';

async function dayTotalsPostgres(db: Kysely<unknown>): Promise<void> {
  const body = sql`
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update payment_day_total set amount_minor = amount_minor - old.amount_minor, n = n - 1 where ${sql.raw(KEY.replace(/OLD/g, 'old'))};
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into payment_day_total (day, currency, type, status, amount_minor, n)
          values (new.transaction_date, new.currency, new.type, new.status, new.amount_minor, 1)
          on conflict (day, currency, type, status) do update
          set amount_minor = payment_day_total.amount_minor + excluded.amount_minor, n = payment_day_total.n + 1;
      end if;
      return null;
    end`;
  await createRowTriggers(db, 'payment_record', 'payment_day_total', body, {
    columns: 'transaction_date, currency, type, status, amount_minor',
  });
}

async function dayTotalsSqlite(db: Kysely<unknown>): Promise<void> {
  const add = sql`insert into payment_day_total (day, currency, type, status, amount_minor, n)
      values (NEW.transaction_date, NEW.currency, NEW.type, NEW.status, NEW.amount_minor, 1)
      on conflict (day, currency, type, status) do update set amount_minor = amount_minor + excluded.amount_minor, n = n + 1;`;
  const remove = sql`update payment_day_total set amount_minor = amount_minor - OLD.amount_minor, n = n - 1
      where ${sql.raw(KEY)};`;
  await sql`create trigger payment_day_total_ai after insert on payment_record begin ${add} end`.execute(db);
  await sql`create trigger payment_day_total_ad after delete on payment_record begin ${remove} end`.execute(db);
  await sql`create trigger payment_day_total_au after update of transaction_date, currency, type, status, amount_minor
    on payment_record begin ${remove} ${add} end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(
    db,
    'payment_day_total',
    {
      day: 'varchar(10)',
      currency: 'varchar(3)',
      type: 'varchar(16)',
      status: 'varchar(16)',
      amount_minor: 'bigint',
      n: 'bigint',
    },
    ['day', 'currency', 'type', 'status'],
  );
  if (isPostgres(db)) await dayTotalsPostgres(db);
  else await dayTotalsSqlite(db);
  await sql`insert into payment_day_total (day, currency, type, status, amount_minor, n)
    select transaction_date, currency, type, status, sum(amount_minor), count(*) from payment_record
    group by transaction_date, currency, type, status`.execute(db);

  // deleted_at inside the index as well: SQLite reads a partial index as covering only when it holds the column.
  await createLiveIndex(db, 'application_live_day_status_ix', 'application', [
    'application_date',
    'status',
    'deleted_at',
  ]);
  await createIndex(db, 'follow_up_created_done_ix', 'follow_up', ['created_at', 'is_done']);
  await createIndex(db, 'follow_up_done_at_ix', 'follow_up', ['is_done', 'done_at']);
  await createIndex(db, 'delivery_outbox_channel_created_ix', 'delivery_outbox', ['channel', 'created_at', 'status']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'payment_record', 'payment_day_total', ['ai', 'ad', 'au']);
  await db.schema.dropTable('payment_day_total').execute();
  for (const name of [
    'delivery_outbox_channel_created_ix',
    'follow_up_done_at_ix',
    'follow_up_created_done_ix',
    'application_live_day_status_ix',
  ])
    await db.schema.dropIndex(name).execute();
}
