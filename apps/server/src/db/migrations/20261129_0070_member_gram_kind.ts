import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { gramsOf } from './20261129_0066_search_grams.js';
import { createRowTriggers, dropRowTriggers, liveCounterBody } from './helpers.js';

// Issue 39 (decision 252): the search box's staff and student-account groups each read the member grams of their
// own kind. member_gram (migration 0066) gets `is_staff` (1 for a staff member, 0 for the member app's accounts) and
// an index (gram, is_staff, id), so a short word is counted and read only among the kind a group shows: a surname
// common among staff and held by no student is an empty key range for the students' group, not a walk of every
// account. The member's triggers write the kind with the parts and put them again when the member's type changes.

const add = (db: Kysely<unknown>) => gramsOf(db, sql.ref('new.search_text'), sql.ref('new.id'));
const remove = (db: Kysely<unknown>) => sql`delete from member_gram where id = old.id
    and gram in (select s.gram from (${gramsOf(db, sql.ref('old.search_text'), sql.ref('old.id'))}) s)`;

// The member's gram triggers: with the kind (`kind`), or as migration 0066 wrote them (without).
async function memberTriggers(db: Kysely<unknown>, kind: boolean): Promise<void> {
  const columns = kind ? sql`(gram, id, is_staff)` : sql`(gram, id)`;
  const rows = kind
    ? sql`select gram, id, case when new.member_type = 'staff' then 1 else 0 end from (${add(db)}) a`
    : add(db);
  if (isPostgres(db)) {
    await createRowTriggers(
      db,
      'member',
      'member_gram',
      liveCounterBody(sql`${remove(db)};`, sql`insert into member_gram ${columns} ${rows} on conflict do nothing;`),
      kind
        ? {
            columns: 'search_text, deleted_at, member_type',
            when: sql`old.search_text is distinct from new.search_text or old.deleted_at is distinct from new.deleted_at
              or old.member_type is distinct from new.member_type`,
          }
        : {
            columns: 'search_text, deleted_at',
            when: sql`old.search_text is distinct from new.search_text or old.deleted_at is distinct from new.deleted_at`,
          },
    );
    return;
  }
  await sql`create trigger member_gram_ai after insert on member when new.deleted_at is null begin
      insert or ignore into member_gram ${columns} ${rows};
    end`.execute(db);
  // One update trigger (SQLite runs several on one event in no stated order): the old parts out when the old row was
  // live, then the new in when the new row is.
  await sql`create trigger member_gram_au after update of ${sql.raw(kind ? 'search_text, deleted_at, member_type' : 'search_text, deleted_at')} on member
      when old.search_text is not new.search_text or old.deleted_at is not new.deleted_at${kind ? sql` or old.member_type is not new.member_type` : sql``} begin
        ${remove(db)} and old.deleted_at is null;
        insert or ignore into member_gram ${columns} select * from (${rows}) where new.deleted_at is null;
      end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'member', 'member_gram', ['ai', 'au']);
  await sql`alter table member_gram add column is_staff integer not null default 0`.execute(db);
  await sql`update member_gram set is_staff = 1
    where id in (select id from member where member_type = 'staff')`.execute(db);
  await sql`create index member_gram_staff_ix on member_gram (gram, is_staff, id)`.execute(db);
  await memberTriggers(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, 'member', 'member_gram', ['ai', 'au']);
  await sql`drop index member_gram_staff_ix`.execute(db);
  await sql`alter table member_gram drop column is_staff`.execute(db);
  await memberTriggers(db, false);
}
