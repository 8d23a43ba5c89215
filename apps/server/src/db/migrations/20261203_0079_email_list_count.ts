import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createRowTriggers, dropRowTriggers } from './helpers.js';

// Issue 43 (decision 305): the e-mail list's total counted every e-mail (the entries of its index, 50 ns each); its
// unfiltered total, and its total for one mail server, now read `list_count` (list 'email', bucket the mail server's
// id), kept by triggers in the transaction of every write to `email_message`. System e-mails (codes) are not listed
// and not counted.
const BUCKET = (row: 'old' | 'new') => sql`cast(${sql.raw(row)}.sender_id as varchar(64))`;
const remove = sql`update list_count set n = n - 1 where list = 'email' and bucket = ${BUCKET('old')};`;
const add = (conflict: RawConflict) =>
  sql`insert into list_count (list, bucket, n) values ('email', ${BUCKET('new')}, 1)
    on conflict (list, bucket) do update set n = ${sql.raw(conflict)} + 1;`;
type RawConflict = 'n' | 'list_count.n';

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger list_count_email_ai after insert on email_message when new.is_system = 0
    begin ${add('n')} end`.execute(db);
  await sql`create trigger list_count_email_ad after delete on email_message when old.is_system = 0
    begin ${remove} end`.execute(db);
  await sql`create trigger list_count_email_au after update of is_system, sender_id on email_message
    when old.is_system is not new.is_system or old.sender_id is not new.sender_id begin
      update list_count set n = n - 1 where old.is_system = 0 and list = 'email' and bucket = ${BUCKET('old')};
      insert into list_count (list, bucket, n) select 'email', ${BUCKET('new')}, 1 where new.is_system = 0
        on conflict (list, bucket) do update set n = n + 1;
    end`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const body = sql`
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.is_system = 0 then
        ${remove}
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.is_system = 0 then
        ${add('list_count.n')}
      end if;
      return null;
    end`;
  await createRowTriggers(db, 'email_message', 'list_count_email', body, {
    columns: 'is_system, sender_id',
    when: sql`old.is_system is distinct from new.is_system or old.sender_id is distinct from new.sender_id`,
  });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
  await sql`insert into list_count (list, bucket, n)
    select 'email', cast(sender_id as varchar(64)), count(*) from email_message where is_system = 0
    group by sender_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'email_message', 'list_count_email', ['ai', 'ad', 'au']);
  await sql`delete from list_count where list = 'email'`.execute(db);
}
