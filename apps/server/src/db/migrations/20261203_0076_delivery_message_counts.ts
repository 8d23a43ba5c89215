import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createKeyedTable } from './helpers.js';

// Issue 43 (decision 304): the e-mail and SMS lists showed each message's recipients per delivery status by counting
// its outbox rows, a cost that grew with the recipients of the messages on the page (an SMS page of 20 batches of
// 20,000 recipients: 200 ms on SQLite). `delivery_message_count` keeps those counts per channel, message and status,
// moved by triggers in the transaction of every write to the outbox (a row queued, claimed, sent, failed, requeued,
// cancelled or removed), so a page reads at most five rows a message.
//
// On PostgreSQL the triggers run once per statement, over the statement's rows (transition tables), and change each
// counter of the statement in one upsert in key order: every writer takes the counters' row locks in the same order,
// so two servers claiming and recording rows of the same messages wait for each other and never deadlock.

const KEY = 'channel, message_id, status';

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const add = (row: 'new') =>
    sql`insert into delivery_message_count (channel, message_id, status, n)
      values (${sql.raw(row)}.channel, ${sql.raw(row)}.message_id, ${sql.raw(row)}.status, 1)
      on conflict (${sql.raw(KEY)}) do update set n = n + 1;`;
  const remove = sql`update delivery_message_count set n = n - 1
      where channel = old.channel and message_id = old.message_id and status = old.status;`;
  await sql`create trigger delivery_message_count_ai after insert on delivery_outbox begin ${add('new')} end`.execute(
    db,
  );
  await sql`create trigger delivery_message_count_ad after delete on delivery_outbox begin ${remove} end`.execute(db);
  await sql`create trigger delivery_message_count_au after update of status, channel, message_id on delivery_outbox
    when old.status is not new.status or old.channel is not new.channel or old.message_id is not new.message_id
    begin ${remove} ${add('new')} end`.execute(db);
}

// The statement's changes (`changes`: rows of channel, message_id, status and d, +1 or -1) added to the counters.
const applyChanges = (changes: string) =>
  `insert into delivery_message_count as c (${KEY}, n)
     select ${KEY}, sum(d) from (${changes}) changed
     group by ${KEY} having sum(d) <> 0 order by ${KEY}
     on conflict (${KEY}) do update set n = c.n + excluded.n;`;
const MOVED = `from old_rows o join new_rows r on r.id = o.id
  where (o.status, o.channel, o.message_id) is distinct from (r.status, r.channel, r.message_id)`;

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create function delivery_message_count_fn() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${sql.raw(applyChanges(`select ${KEY}, 1 as d from new_rows`))}
      elsif tg_op = 'DELETE' then
        ${sql.raw(applyChanges(`select ${KEY}, -1 as d from old_rows`))}
      else
        ${sql.raw(
          applyChanges(`select o.channel, o.message_id, o.status, -1 as d ${MOVED}
            union all select r.channel, r.message_id, r.status, 1 ${MOVED}`),
        )}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger delivery_message_count_i after insert on delivery_outbox
    referencing new table as new_rows for each statement execute function delivery_message_count_fn()`.execute(db);
  await sql`create trigger delivery_message_count_u after update on delivery_outbox
    referencing old table as old_rows new table as new_rows
    for each statement execute function delivery_message_count_fn()`.execute(db);
  await sql`create trigger delivery_message_count_d after delete on delivery_outbox
    referencing old table as old_rows for each statement execute function delivery_message_count_fn()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(
    db,
    'delivery_message_count',
    { channel: 'varchar(16)', message_id: 'integer', status: 'varchar(16)', n: 'integer' },
    ['channel', 'message_id', 'status'],
  );
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
  await sql`insert into delivery_message_count (${sql.raw(KEY)}, n)
    select ${sql.raw(KEY)}, count(*) from delivery_outbox group by ${sql.raw(KEY)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const t of ['delivery_message_count_i', 'delivery_message_count_u', 'delivery_message_count_d'])
      await sql`drop trigger if exists ${sql.id(t)} on delivery_outbox`.execute(db);
    await sql`drop function if exists delivery_message_count_fn()`.execute(db);
  } else {
    for (const t of ['delivery_message_count_ai', 'delivery_message_count_ad', 'delivery_message_count_au'])
      await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  }
  await db.schema.dropTable('delivery_message_count').execute();
}
