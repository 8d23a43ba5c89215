import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { countAll } from '../db/sql-helpers.js';
import { DEMO_DAYS, demoDayBase, seedDemoApplications } from './demo-applications.js';
import { countDemoRows, sqlCount, sqlDay, sqlList, sqlPick, sqlValues } from './demo-rows.js';

// Demo payment records for the payment screens and their benchmark (issue 16): deterministic rows spread over the
// existing applications, several currencies, collections and refunds, pending / confirmed / voided, each with its
// 'create' log entry (and 'confirm' for confirmed ones). Idempotent: demo rows are marked by their title prefix.
export const DEMO_PAYMENT_PREFIX = 'Demo payment';

const CURRENCIES = [
  ['GBP', 2],
  ['GBP', 2],
  ['GBP', 2],
  ['CNY', 2],
  ['HKD', 2],
  ['USD', 2],
  ['JPY', 0],
] as const;
const METHODS = ['bank_transfer', 'card', 'alipay', 'wechat_pay', 'paypal', 'cash'];
const TITLES = ['Deposit', 'Tuition', 'Service fee', 'Visa fee', 'Accommodation', 'Application fee'];
// Payments are spread over the first this many live applications.
const APPLICATIONS = 20_000;

// Payment n's choices are hashes of n (sqlPick) with the distributions above: an application among the first 20,000
// live ones, a currency (GBP three times in seven), one in ten a refund, 60% confirmed, 35% pending, 5% voided, a
// day among the 1,400 ending today, an amount. Generated in the database a chunk per transaction (decision 240, as
// applications are, decision 219): the rows go through every trigger (summary, day totals, grams) as the payment
// module's inserts do; search_name and search_text are written as searchKey and searchText write them for these
// names (Chinese) and titles (ASCII).
export async function seedDemoPayments(db: Db, count: number, log: (line: string) => void, batchSize = 20_000) {
  const have = await countDemoRows(db, 'paymentRecord', 'title', `${DEMO_PAYMENT_PREFIX}%`);
  const missing = Math.max(0, count - have);
  if (!missing) return 0;
  // Payments belong to applications: a thousand demo applications when there are none.
  const live = await db
    .selectFrom('application')
    .select(countAll)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  if (!Number(live.n)) await seedDemoApplications(db, 1000);
  const apps = Math.min(APPLICATIONS, Number(live.n) || 1000);
  const admin = await db
    .selectFrom('member')
    .select('id')
    .where('memberType', '=', 'staff')
    .orderBy('id')
    .executeTakeFirst();
  // A literal (a bound null in a select list has no type on PostgreSQL).
  const operator = sql.raw(String(admin?.id ?? 'null'));
  // 1,400 days ending today, so the dashboard's past 30 days hold data whenever the demo is seeded.
  const dayBase = demoDayBase();
  const firstDay = new Date(dayBase).toISOString().slice(0, 10);
  const r = (name: string) => sql.raw(`r.${name}`);

  for (let start = have; start < have + missing; start += batchSize) {
    const end = Math.min(have + missing, start + batchSize);
    await db.transaction().execute(async (tx) => {
      const before = await tx
        .selectFrom('paymentRecord')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst();
      await sql`insert into payment_record (application_id, student_id, student_name, search_name, search_text, title,
          type, status, transaction_date, amount_minor, currency, transfer_method, description, signing_teacher_id,
          created_by, confirmed_by, confirmed_at, void_reason, voided_by, voided_at, version, created_at, updated_at)
        with recursive ${sqlCount(start, end)},
        pa as (select row_number() over (order by x.id) - 1 as i, x.id, x.member_id, x.name, x.signing_teacher_id
          from (select id, member_id, name, signing_teacher_id from application where deleted_at is null
            order by id limit ${sql.lit(apps)}) x),
        ${sqlValues(
          'cu',
          ['i', 'code', 'digits'],
          CURRENCIES.map(([c, d], i) => [i, c, d]),
        )},
        ${sqlList('me', METHODS)}, ${sqlList('ti', TITLES)},
        c as (select g.n, ${sqlPick(1, apps)} as a, ${sqlPick(2, CURRENCIES.length)} as cur,
            case when ${sqlPick(3, 10)} = 0 then 1 else 0 end as refund, ${sqlPick(4, 100)} as roll,
            ${sqlPick(5, DEMO_DAYS)} as d, ${sqlPick(6, 5000)} as big, ${sqlPick(7, 500)} as small,
            ${sqlPick(8, 100)} as minor, ${sqlPick(9, TITLES.length)} as ti, ${sqlPick(10, METHODS.length)} as me
          from g),
        r as (select c.n, pa.id as application_id, pa.member_id, pa.name, pa.signing_teacher_id, cu.code, c.refund,
            case when c.roll < 60 then 'confirmed' when c.roll < 95 then 'pending' else 'voided' end as status,
            ${sql.lit(dayBase)} + c.d * 86400000 as created_at, c.d,
            (50 + case when c.refund = 1 then c.small else c.big end) * case cu.digits when 2 then 100 else 1 end
              + case cu.digits when 2 then c.minor else 0 end as amount_minor,
            ${sql.lit(`${DEMO_PAYMENT_PREFIX} `)} || cast(c.n + 1 as varchar(20)) || ' · ' || ti.v as title,
            me.v as method
          from c join pa on pa.i = c.a join cu on cu.i = c.cur join ti on ti.i = c.ti join me on me.i = c.me)
        select r.application_id, r.member_id, r.name, lower(r.name), r.name || ' ' || lower(r.title), r.title,
          case when r.refund = 1 then 'refund' else 'collection' end, r.status, ${sqlDay(tx, firstDay, r('d'))},
          r.amount_minor, r.code, r.method, null, r.signing_teacher_id, ${operator},
          case when r.status = 'confirmed' then ${operator} end,
          case when r.status = 'confirmed' then r.created_at + 3600000 end,
          case when r.status = 'voided' then 'Entered twice' end,
          case when r.status = 'voided' then ${operator} end,
          case when r.status = 'voided' then r.created_at + 7200000 end,
          1, r.created_at, r.created_at
        from r order by r.n`.execute(tx);
      // Each payment's 'create' log entry, and 'confirm' for the confirmed ones.
      const after = Number(before?.m ?? 0);
      await sql`insert into payment_track (payment_id, operator_id, operation, changes, created_at)
        select p.id, ${operator}, 'create', '[{"field":"title","before":null,"after":"' || p.title || '"}]', p.created_at
        from payment_record p where p.id > ${after} order by p.id`.execute(tx);
      await sql`insert into payment_track (payment_id, operator_id, operation, changes, created_at)
        select p.id, ${operator}, 'confirm', '[{"field":"status","before":"pending","after":"confirmed"}]', p.confirmed_at
        from payment_record p where p.id > ${after} and p.status = 'confirmed' order by p.id`.execute(tx);
    });
    if ((end - have) % 50_000 < batchSize) log(`payments: ${end - have}/${missing}`);
  }
  return missing;
}
