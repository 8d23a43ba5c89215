import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createIndex, notNull, withId, withTimestamps } from './helpers.js';

// Payment records, their attachments and the append-only operation log (issue 16).
// Money: amount_minor (integer minor units, always positive) + currency (ISO 4217); a refund is its own row.
// student_name copies the application's name at creation so the list can search it without reading another
// module's table. payment_track refuses UPDATE and DELETE in the database itself, on both engines.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const member = (c: ColumnDefinitionBuilder) => c.references('member.id').onDelete('set null');

  await withTimestamps(
    withId(db, db.schema.createTable('payment_record'))
      .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'))
      .addColumn('student_id', 'integer', member)
      .addColumn('student_name', 'varchar(100)', notNull)
      .addColumn('search_name', 'varchar(100)', (c) => (pg ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull()))
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('type', 'varchar(16)', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('transaction_date', 'varchar(10)', notNull)
      .addColumn('amount_minor', 'bigint', notNull)
      .addColumn('currency', 'varchar(3)', notNull)
      .addColumn('transfer_method', 'varchar(32)')
      .addColumn('description', 'text')
      .addColumn('signing_teacher_id', 'integer', member)
      .addColumn('created_by', 'integer', member)
      .addColumn('confirmed_by', 'integer', member)
      .addColumn('confirmed_at', 'bigint')
      .addColumn('void_reason', 'varchar(500)')
      .addColumn('voided_by', 'integer', member)
      .addColumn('voided_at', 'bigint')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addCheckConstraint('payment_record_amount_ck', sql`amount_minor > 0`)
      .addCheckConstraint('payment_record_type_ck', sql`type in ('collection', 'refund')`)
      .addCheckConstraint('payment_record_status_ck', sql`status in ('pending', 'confirmed', 'voided')`),
  ).execute();
  const ix = (name: string, cols: string[]) => createIndex(db, name, 'payment_record', cols);
  // List pages (sorted by date) and totals: the totals indexes carry amount_minor so sums read the index only.
  await ix('payment_record_date_ix', ['transaction_date', 'id']);
  await ix('payment_record_application_ix', ['application_id', 'transaction_date']);
  await ix('payment_record_status_date_ix', ['status', 'transaction_date']);
  await ix('payment_record_currency_date_ix', ['currency', 'status', 'transaction_date']);
  await ix('payment_record_totals_ix', ['currency', 'type', 'status', 'amount_minor']);
  await ix('payment_record_date_totals_ix', ['transaction_date', 'currency', 'type', 'status', 'amount_minor']);
  await ix('payment_record_teacher_ix', ['signing_teacher_id', 'transaction_date']);
  await ix('payment_record_name_ix', ['search_name']);
  await ix('payment_record_created_ix', ['created_at']);

  await withId(db, db.schema.createTable('payment_file'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payment_record.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('stored_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', notNull)
    .addColumn('extension', 'varchar(8)', notNull)
    .addColumn('mime', 'varchar(100)', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('uploaded_by', 'integer', member)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await createIndex(db, 'payment_file_payment_ix', 'payment_file', ['payment_id']);

  await withId(db, db.schema.createTable('payment_track'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payment_record.id'))
    .addColumn('operator_id', 'integer', (c) => c.references('member.id'))
    .addColumn('operation', 'varchar(16)', notNull)
    .addColumn('changes', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await createIndex(db, 'payment_track_payment_ix', 'payment_track', ['payment_id', 'id']);
  await createIndex(db, 'payment_track_created_ix', 'payment_track', ['created_at']);
  await createIndex(db, 'payment_track_operator_ix', 'payment_track', ['operator_id', 'created_at']);

  // Append-only: the database refuses to change or remove a log row, whoever asks.
  if (pg) {
    await sql`create function payment_track_append_only() returns trigger language plpgsql as $$
      begin raise exception 'payment_track is append-only'; end $$`.execute(db);
    await sql`create trigger payment_track_no_change before update or delete on payment_track
      for each row execute function payment_track_append_only()`.execute(db);
    await sql`create trigger payment_track_no_truncate before truncate on payment_track
      for each statement execute function payment_track_append_only()`.execute(db);
  } else {
    await sql`create trigger payment_track_no_update before update on payment_track
      begin select raise(abort, 'payment_track is append-only'); end`.execute(db);
    await sql`create trigger payment_track_no_delete before delete on payment_track
      begin select raise(abort, 'payment_track is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropTable('payment_track').execute();
    await sql`drop function if exists payment_track_append_only()`.execute(db);
  } else {
    await db.schema.dropTable('payment_track').execute();
  }
  await db.schema.dropTable('payment_file').execute();
  await db.schema.dropTable('payment_record').execute();
}
