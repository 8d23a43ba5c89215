import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { column, createTable } from './helpers.js';

// Issue 41 (decision 166): the one way past the append-only triggers of audit_log and payment_track. A row in
// erasure_guard, inserted and deleted again inside the transaction of an erasure or a retention run
// (db/erasure-guard.ts), lets that transaction scrub or remove log rows; nothing else can see an uncommitted row
// (PostgreSQL) or write between its statements (SQLite's one writer), and the table is empty outside them. The
// purpose says which of the two opened it; TRUNCATE stays refused.
const LOGS = ['audit_log', 'payment_track'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'erasure_guard', {
    id: column.id(),
    purpose: column.required('varchar(20)'),
    created_at: column.required('bigint'),
  });
  for (const log of LOGS) {
    if (isPostgres(db)) {
      await sql`create or replace function ${sql.raw(`${log}_append_only`)}() returns trigger language plpgsql as $$
        begin
          if tg_level = 'ROW' and exists (select 1 from erasure_guard) then
            if tg_op = 'DELETE' then return old; end if;
            return new;
          end if;
          raise exception '${sql.raw(log)} is append-only';
        end $$`.execute(db);
    } else {
      for (const op of ['update', 'delete'] as const) {
        await sql`drop trigger ${sql.raw(`${log}_no_${op}`)}`.execute(db);
        await sql`create trigger ${sql.raw(`${log}_no_${op}`)} before ${sql.raw(op)} on ${sql.raw(log)}
          when not exists (select 1 from erasure_guard)
          begin select raise(abort, '${sql.raw(log)} is append-only'); end`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const log of LOGS) {
    if (isPostgres(db)) {
      await sql`create or replace function ${sql.raw(`${log}_append_only`)}() returns trigger language plpgsql as $$
        begin raise exception '${sql.raw(log)} is append-only'; end $$`.execute(db);
    } else {
      for (const op of ['update', 'delete'] as const) {
        await sql`drop trigger ${sql.raw(`${log}_no_${op}`)}`.execute(db);
        await sql`create trigger ${sql.raw(`${log}_no_${op}`)} before ${sql.raw(op)} on ${sql.raw(log)}
          begin select raise(abort, '${sql.raw(log)} is append-only'); end`.execute(db);
      }
    }
  }
  await db.schema.dropTable('erasure_guard').execute();
}
