import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';

// The configuration cache's change counter (`change_counter` row 'sys_config', decision 18) moved by triggers in
// the writing transaction, as the access counter is (0068): the service bumped it in a statement of its own after
// the write had committed, so a server that stopped, or a bump that failed, between the two left every other
// server's cache holding the old value with no time limit. A reader now sees the new configs and the new counter
// together or neither, whichever path wrote them.
const CONFIG_COUNTER = 'sys_config';

const bump = sql`insert into change_counter (name, value) values (${sql.lit(CONFIG_COUNTER)}, 1)
      on conflict (name) do update set value = change_counter.value + 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into change_counter (name, value) values (${sql.lit(CONFIG_COUNTER)}, 1)
    on conflict (name) do nothing`.execute(db);
  if (isPostgres(db)) {
    await sql`create function config_version_fn() returns trigger language plpgsql as $$
    begin
      ${bump};
      return null;
    end $$`.execute(db);
    await sql`create trigger sys_config_version after insert or update or delete or truncate
      on sys_config for each statement execute function config_version_fn()`.execute(db);
  } else {
    for (const [suffix, event] of [
      ['ai', 'insert'],
      ['au', 'update'],
      ['ad', 'delete'],
    ] as const)
      await sql`create trigger ${sql.id(`sys_config_version_${suffix}`)} after ${sql.raw(event)} on sys_config
        begin ${bump}; end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists sys_config_version on sys_config`.execute(db);
    await sql`drop function if exists config_version_fn()`.execute(db);
  } else {
    for (const suffix of ['ai', 'au', 'ad'])
      await sql`drop trigger if exists ${sql.id(`sys_config_version_${suffix}`)}`.execute(db);
  }
}
