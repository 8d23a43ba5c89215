import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { column, createIndex, createTable } from './helpers.js';

// Issue 39: the audit log (docs/audit.md). One row per writing call, sign-in event or refusal. No foreign keys: a
// row names a member or a record that may go later, and must never change when it does. Append-only in the database
// itself, on both engines, as payment_track is.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'audit_log', {
    id: column.id(),
    created_at: column.required('bigint'),
    member_id: column.optional('integer'),
    role_id: column.optional('integer'),
    module: column.required('varchar(40)'),
    action: column.required('varchar(60)'),
    route: column.optional('varchar(200)'),
    record_type: column.optional('varchar(60)'),
    record_id: column.optional('integer'),
    record_ids: column.optional('varchar(400)'),
    ip: column.optional('varchar(64)'),
    user_agent: column.optional('varchar(300)'),
    outcome: column.required('varchar(8)'),
    code: column.required('integer'),
    duration_ms: column.required('integer'),
    request_id: column.optional('varchar(64)'),
    changes: column.optional('text'),
  });
  // One index per filter of the operation log, each ending in the list's order (time, then id), so the first page
  // of a filtered list reads the page, not the table.
  const ix = (name: string, columns: string[]) =>
    createIndex(db, `audit_log_${name}_ix`, 'audit_log', [...columns, 'created_at', 'id']);
  await ix('time', []);
  await ix('member', ['member_id']);
  await ix('module', ['module']);
  await ix('action', ['module', 'action']);
  await ix('record', ['record_type', 'record_id']);
  await ix('outcome', ['outcome']);

  if (isPostgres(db)) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (isPostgres(db)) await sql`drop function if exists audit_log_append_only()`.execute(db);
}
