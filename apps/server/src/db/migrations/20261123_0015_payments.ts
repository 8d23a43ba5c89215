import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { column, createIndex, createTable, createTableWithId } from './helpers.js';

// Payment records, their attachments and the append-only operation log (issue 16).
// Money: amount_minor (integer minor units, always positive) + currency (ISO 4217); a refund is its own row.
// student_name copies the application's name at creation so the list can search it without reading another
// module's table. payment_track refuses UPDATE and DELETE in the database itself, on both engines.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  // A member who acted on the row: the reference is cleared when the member goes.
  const member = () => column.reference('member.id', 'set null');

  await createTableWithId(
    db,
    'payment_record',
    {
      application_id: column.requiredReference('application.id'),
      student_id: member(),
      student_name: column.required('varchar(100)'),
      search_name: column.byteOrdered('varchar(100)'),
      title: column.required('varchar(200)'),
      type: column.required('varchar(16)'),
      status: column.required('varchar(16)'),
      transaction_date: column.required('varchar(10)'),
      amount_minor: column.required('bigint'),
      currency: column.required('varchar(3)'),
      transfer_method: column.optional('varchar(32)'),
      description: column.optional('text'),
      signing_teacher_id: member(),
      created_by: member(),
      confirmed_by: member(),
      confirmed_at: column.optional('bigint'),
      void_reason: column.optional('varchar(500)'),
      voided_by: member(),
      voided_at: column.optional('bigint'),
      version: column.withDefault('integer', 1),
    },
    {
      checks: {
        payment_record_amount_ck: sql`amount_minor > 0`,
        payment_record_type_ck: sql`type in ('collection', 'refund')`,
        payment_record_status_ck: sql`status in ('pending', 'confirmed', 'voided')`,
      },
    },
  );
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

  await createTable(db, 'payment_file', {
    id: column.id(),
    payment_id: column.requiredReference('payment_record.id'),
    kind: column.required('varchar(16)'),
    stored_name: column.unique('varchar(64)'),
    original_name: column.required('varchar(255)'),
    extension: column.required('varchar(8)'),
    mime: column.required('varchar(100)'),
    size: column.required('integer'),
    uploaded_by: member(),
    created_at: column.required('bigint'),
  });
  await createIndex(db, 'payment_file_payment_ix', 'payment_file', ['payment_id']);

  await createTable(db, 'payment_track', {
    id: column.id(),
    payment_id: column.requiredReference('payment_record.id'),
    operator_id: column.reference('member.id'),
    operation: column.required('varchar(16)'),
    changes: column.required('text'),
    created_at: column.required('bigint'),
  });
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
  await db.schema.dropTable('payment_track').execute();
  if (isPostgres(db)) await sql`drop function if exists payment_track_append_only()`.execute(db);
  for (const t of ['payment_file', 'payment_record']) await db.schema.dropTable(t).execute();
}
