import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';

// Issue 43 (decision 271): the role list showed each role's live members by counting them, a cost that grew with the
// members a role has (3.5 ms for a page at 2,000 staff on SQLite, 3.6× the trivial call). `list_count` now keeps
// them (list 'role_member', bucket the role id), moved by triggers in the transaction of every write: a role given
// or taken (member_role), a member removed or restored (member.deleted_at), a member deleted outright (its roles are
// taken first, while it is still there to be counted).
const BUCKET = (col: string) => sql`cast(${sql.raw(col)} as varchar(64))`;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger role_member_count_ai after insert on member_role
    when exists (select 1 from member where id = new.member_id and deleted_at is null) begin
      insert into list_count (list, bucket, n) values ('role_member', ${BUCKET('new.role_id')}, 1)
        on conflict (list, bucket) do update set n = n + 1;
    end`.execute(db);
  await sql`create trigger role_member_count_ad after delete on member_role
    when exists (select 1 from member where id = old.member_id and deleted_at is null) begin
      update list_count set n = n - 1 where list = 'role_member' and bucket = ${BUCKET('old.role_id')};
    end`.execute(db);
  await sql`create trigger role_member_count_member_au after update of deleted_at on member
    when (old.deleted_at is null) <> (new.deleted_at is null) begin
      update list_count set n = n - 1 where list = 'role_member' and old.deleted_at is null
        and bucket in (select ${BUCKET('role_id')} from member_role where member_id = old.id);
      insert into list_count (list, bucket, n)
        select 'role_member', ${BUCKET('role_id')}, 1 from member_role where member_id = new.id and new.deleted_at is null
        on conflict (list, bucket) do update set n = n + 1;
    end`.execute(db);
  await sql`create trigger role_member_count_member_bd before delete on member begin
      delete from member_role where member_id = old.id;
    end`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create function role_member_count_fn() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if exists (select 1 from member where id = old.member_id and deleted_at is null) then
          update list_count set n = n - 1 where list = 'role_member' and bucket = ${BUCKET('old.role_id')};
        end if;
      elsif exists (select 1 from member where id = new.member_id and deleted_at is null) then
        insert into list_count (list, bucket, n) values ('role_member', ${BUCKET('new.role_id')}, 1)
          on conflict (list, bucket) do update set n = list_count.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger role_member_count_iud after insert or delete on member_role
    for each row execute function role_member_count_fn()`.execute(db);
  await sql`create function role_member_count_member_fn() returns trigger language plpgsql as $$
    begin
      if old.deleted_at is null then
        update list_count set n = n - 1 where list = 'role_member'
          and bucket in (select ${BUCKET('role_id')} from member_role where member_id = old.id);
      end if;
      if new.deleted_at is null then
        insert into list_count (list, bucket, n)
          select 'role_member', ${BUCKET('role_id')}, 1 from member_role where member_id = new.id
          on conflict (list, bucket) do update set n = list_count.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger role_member_count_member_u after update of deleted_at on member for each row
    when ((old.deleted_at is null) <> (new.deleted_at is null)) execute function role_member_count_member_fn()`.execute(
    db,
  );
  await sql`create function role_member_count_member_bd_fn() returns trigger language plpgsql as $$
    begin
      delete from member_role where member_id = old.id;
      return old;
    end $$`.execute(db);
  await sql`create trigger role_member_count_member_bd before delete on member
    for each row execute function role_member_count_member_bd_fn()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
  await sql`insert into list_count (list, bucket, n)
    select 'role_member', ${BUCKET('mr.role_id')}, count(*) from member_role mr
    join member m on m.id = mr.member_id where m.deleted_at is null group by mr.role_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists role_member_count_iud on member_role`.execute(db);
    await sql`drop trigger if exists role_member_count_member_u on member`.execute(db);
    await sql`drop trigger if exists role_member_count_member_bd on member`.execute(db);
    for (const fn of ['role_member_count_fn', 'role_member_count_member_fn', 'role_member_count_member_bd_fn'])
      await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
  } else {
    for (const t of [
      'role_member_count_ai',
      'role_member_count_ad',
      'role_member_count_member_au',
      'role_member_count_member_bd',
    ])
      await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  }
  await sql`delete from list_count where list = 'role_member'`.execute(db);
}
