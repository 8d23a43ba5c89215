import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';

// Issue 43 (decision 224): a counter every server reads in a signed call's one statement, so a server may keep a
// session's permission set between calls and still see a change on the very next call. `change_counter` row
// 'access' goes up with every write to what a session's permissions are made of: a member's roles (member_role), a
// role's permissions (role_permission) and the permissions' identifiers (permission). A deleted role or member
// takes its member_role and role_permission rows with it, which counts the same. Kept by triggers in the writing
// transaction: a reader sees the new permissions and the new counter together or neither.
const ACCESS_COUNTER = 'access';
const TABLES = ['member_role', 'role_permission', 'permission'] as const;

const bump = sql`insert into change_counter (name, value) values (${sql.lit(ACCESS_COUNTER)}, 1)
      on conflict (name) do update set value = change_counter.value + 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into change_counter (name, value) values (${sql.lit(ACCESS_COUNTER)}, 1)
    on conflict (name) do nothing`.execute(db);
  if (isPostgres(db)) {
    await sql`create function access_version_fn() returns trigger language plpgsql as $$
    begin
      ${bump};
      return null;
    end $$`.execute(db);
    // Once per statement: a role's new permission list written in one statement counts once.
    for (const t of TABLES)
      await sql`create trigger ${sql.id(`${t}_access_version`)} after insert or update or delete or truncate
        on ${sql.id(t)} for each statement execute function access_version_fn()`.execute(db);
  } else {
    for (const t of TABLES)
      for (const [suffix, event] of [
        ['ai', 'insert'],
        ['au', 'update'],
        ['ad', 'delete'],
      ] as const)
        await sql`create trigger ${sql.id(`${t}_access_version_${suffix}`)} after ${sql.raw(event)} on ${sql.id(t)}
          begin ${bump}; end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const t of TABLES)
      await sql`drop trigger if exists ${sql.id(`${t}_access_version`)} on ${sql.id(t)}`.execute(db);
    await sql`drop function if exists access_version_fn()`.execute(db);
  } else {
    for (const t of TABLES)
      for (const suffix of ['ai', 'au', 'ad'])
        await sql`drop trigger if exists ${sql.id(`${t}_access_version_${suffix}`)}`.execute(db);
  }
  await sql`delete from change_counter where name = ${sql.lit(ACCESS_COUNTER)}`.execute(db);
}
