import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createIndex, createKeyedTable, createRowTriggers, dropRowTriggers } from './helpers.js';

// Issue 16: payment totals without a filter (or filtered only by currency, type and status) read a handful of rows.
// `payment_summary` keeps, per currency, type and status, the sum of amount_minor and the number of records. It is
// maintained by triggers on payment_record, so every write (the app's, the demo seed's, a manual fix) moves it in
// its own transaction, with the row's real before and after values whatever raced it. Backfilled from existing rows.
const KEY = 'currency, type, status';

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // An update moving money between two summary rows changes them in key order, so two opposite moves wait for
  // each other instead of deadlocking.
  const body = sql`
    begin
      insert into payment_summary (currency, type, status, amount_minor, n)
        select d.currency, d.type, d.status, sum(d.amount_minor), sum(d.n) from (
          select old.currency, old.type, old.status, -old.amount_minor as amount_minor, -1 as n
            where tg_op in ('UPDATE', 'DELETE')
          union all
          select new.currency, new.type, new.status, new.amount_minor, 1 where tg_op in ('INSERT', 'UPDATE')
        ) d
        group by d.currency, d.type, d.status
        order by d.currency, d.type, d.status
      on conflict (currency, type, status) do update
        set amount_minor = payment_summary.amount_minor + excluded.amount_minor, n = payment_summary.n + excluded.n;
      return null;
    end`;
  await createRowTriggers(db, 'payment_record', 'payment_summary', body, {
    columns: 'currency, type, status, amount_minor',
    when: sql`(old.currency, old.type, old.status, old.amount_minor)
      is distinct from (new.currency, new.type, new.status, new.amount_minor)`,
  });
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  // SQLite runs one write transaction at a time: the two changes of an update cannot interleave with another's.
  const add = (row: 'new' | 'old', sign: '' | '-') =>
    sql.raw(`insert into payment_summary (${KEY}, amount_minor, n)
      values (${row}.currency, ${row}.type, ${row}.status, ${sign}${row}.amount_minor, ${sign}1)
      on conflict (${KEY}) do update
        set amount_minor = amount_minor + excluded.amount_minor, n = n + excluded.n;`);
  await sql`create trigger payment_summary_ai after insert on payment_record begin ${add('new', '')} end`.execute(db);
  await sql`create trigger payment_summary_ad after delete on payment_record begin ${add('old', '-')} end`.execute(db);
  await sql`create trigger payment_summary_au after update of currency, type, status, amount_minor on payment_record
    when old.currency is not new.currency or old.type is not new.type or old.status is not new.status
      or old.amount_minor is not new.amount_minor
    begin ${add('old', '-')} ${add('new', '')} end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(
    db,
    'payment_summary',
    { currency: 'varchar(3)', type: 'varchar(16)', status: 'varchar(16)', amount_minor: 'bigint', n: 'bigint' },
    ['currency', 'type', 'status'],
  );
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
  // Filtered totals by currency and status over a date range (the totals cards of a filtered view) sum from the
  // index alone: equality, equality, range, then the grouped columns and the amount.
  await createIndex(db, 'payment_record_currency_status_totals_ix', 'payment_record', [
    'currency',
    'status',
    'transaction_date',
    'type',
    'amount_minor',
  ]);
  await sql`insert into payment_summary (${sql.raw(KEY)}, amount_minor, n)
    select ${sql.raw(KEY)}, sum(amount_minor), count(*) from payment_record group by ${sql.raw(KEY)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'payment_record', 'payment_summary', ['ai', 'ad', 'au']);
  await db.schema.dropIndex('payment_record_currency_status_totals_ix').ifExists().execute();
  await db.schema.dropTable('payment_summary').ifExists().execute();
}
