import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createIndex, createLiveIndex, createUniqueIndex, notNull, withId, withTimestamps } from './helpers.js';

// Study-abroad applications with their child sections, follow-up items and files.
// Calendar dates (birthday, application date, …) are ISO 'YYYY-MM-DD' strings: sortable and identical on both engines.
// search_name / search_eng hold lower-cased names for prefix search with a range (`>= q and < q || '\uffff'`);
// on PostgreSQL they use the "C" collation so that range is byte order, as on SQLite.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const byteOrder = (c: ColumnDefinitionBuilder) => (pg ? c.modifyEnd(sql`collate "C"`) : c);
  const ref = (table: string) => (c: ColumnDefinitionBuilder) =>
    c.notNull().references(`${table}.id`).onDelete('cascade');

  await withTimestamps(
    withId(db, db.schema.createTable('application'))
      .addColumn('member_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('eng_last_name', 'varchar(60)')
      .addColumn('eng_first_name', 'varchar(60)')
      .addColumn('former_name', 'varchar(100)')
      .addColumn('gender', 'varchar(32)')
      .addColumn('religion', 'varchar(60)')
      .addColumn('nationality', 'varchar(60)')
      .addColumn('birthday', 'varchar(10)')
      .addColumn('birthplace', 'varchar(100)')
      .addColumn('passport_no', 'varchar(32)')
      .addColumn('passport_issue_place', 'varchar(100)')
      .addColumn('passport_issue_date', 'varchar(10)')
      .addColumn('passport_expiry_date', 'varchar(10)')
      .addColumn('area_code', 'varchar(8)')
      .addColumn('mobile', 'varchar(20)')
      .addColumn('landline', 'varchar(30)')
      .addColumn('email', 'varchar(120)')
      .addColumn('address_line1', 'varchar(200)')
      .addColumn('address_line2', 'varchar(200)')
      .addColumn('city', 'varchar(100)')
      .addColumn('country', 'varchar(100)')
      .addColumn('postcode', 'varchar(20)')
      .addColumn('important_notes', 'text')
      .addColumn('application_date', 'varchar(10)', notNull)
      .addColumn('status', 'varchar(32)', notNull)
      .addColumn('signing_teacher_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('follow_teacher_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('search_name', 'varchar(100)', (c) => byteOrder(c.notNull()))
      .addColumn('search_eng', 'varchar(130)', byteOrder)
      .addColumn('passport_key', 'varchar(32)')
      .addColumn('email_key', 'varchar(120)')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  )
    .addColumn('deleted_at', 'bigint')
    .execute();
  const ix = (name: string, cols: string[]) => createLiveIndex(db, name, 'application', cols);
  await ix('application_status_date_ix', ['status', 'application_date', 'id']);
  await ix('application_date_ix', ['application_date', 'id']);
  await ix('application_status_created_ix', ['status', 'created_at']);
  await ix('application_created_ix', ['created_at']);
  await ix('application_signing_ix', ['signing_teacher_id', 'application_date']);
  await ix('application_follow_ix', ['follow_teacher_id', 'application_date']);
  await ix('application_search_name_ix', ['search_name']);
  await ix('application_search_eng_ix', ['search_eng']);
  await ix('application_passport_ix', ['passport_key']);
  await ix('application_email_ix', ['email_key']);
  await createIndex(db, 'application_member_ix', 'application', ['member_id']);

  const child = (name: string) =>
    withId(db, db.schema.createTable(name))
      .addColumn('application_id', 'integer', ref('application'))
      .addColumn('sort', 'integer', notNull);

  await child('application_education')
    .addColumn('start_date', 'varchar(10)')
    .addColumn('end_date', 'varchar(10)')
    .addColumn('school', 'varchar(200)', notNull)
    .addColumn('location', 'varchar(120)')
    .addColumn('major', 'varchar(200)')
    .addColumn('attainment', 'varchar(120)')
    .addColumn('gpa', 'varchar(20)')
    .execute();
  await child('application_job')
    .addColumn('start_date', 'varchar(10)')
    .addColumn('end_date', 'varchar(10)')
    .addColumn('unit_name', 'varchar(200)', notNull)
    .addColumn('title', 'varchar(120)')
    .addColumn('content', 'text')
    .execute();
  // Scores are kept as real numbers (IELTS has half bands).
  await child('application_language_score')
    .addColumn('test_type', 'varchar(32)', notNull)
    .addColumn('test_date', 'varchar(10)')
    .addColumn('future_booking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registration_no', 'varchar(64)')
    .addColumn('is_ukvi', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('candidate_id', 'varchar(64)')
    .addColumn('report_form_no', 'varchar(64)')
    .addColumn('test_name', 'varchar(120)')
    .addColumn('listening', 'real')
    .addColumn('reading', 'real')
    .addColumn('writing', 'real')
    .addColumn('speaking', 'real')
    .addColumn('total', 'real')
    .execute();
  await child('application_referrer')
    .addColumn('web_push', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_name', 'varchar(60)', notNull)
    .addColumn('first_name', 'varchar(60)')
    .addColumn('area_code', 'varchar(8)')
    .addColumn('mobile', 'varchar(20)')
    .addColumn('gender', 'varchar(32)')
    .addColumn('position', 'varchar(120)')
    .addColumn('email', 'varchar(120)')
    .addColumn('unit', 'varchar(200)')
    .addColumn('address', 'varchar(300)')
    .addColumn('postcode', 'varchar(20)')
    .execute();
  await child('application_target_school')
    .addColumn('school', 'varchar(200)', notNull)
    .addColumn('major', 'varchar(200)')
    .addColumn('ucas_code', 'varchar(16)')
    .addColumn('application_date', 'varchar(10)')
    .addColumn('major_link', 'varchar(500)')
    .execute();
  for (const t of [
    'application_education',
    'application_job',
    'application_language_score',
    'application_referrer',
    'application_target_school',
  ]) {
    await createIndex(db, `${t}_app_ix`, t, ['application_id', 'sort']);
  }

  await withTimestamps(
    withId(db, db.schema.createTable('follow_up'))
      .addColumn('application_id', 'integer', ref('application'))
      .addColumn('number', 'integer', notNull)
      .addColumn('service', 'varchar(64)', notNull)
      .addColumn('is_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('done_at', 'bigint')
      .addColumn('signing_teacher_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('follow_teacher_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('applied_school', 'varchar(200)')
      .addColumn('attended_school', 'varchar(200)')
      .addColumn('internal_note', 'text')
      .addColumn('contract_date', 'varchar(10)')
      .addColumn('status', 'varchar(32)', notNull)
      .addColumn('business_type', 'varchar(32)'),
  ).execute();
  await createUniqueIndex(db, 'follow_up_app_number_uq', 'follow_up', ['application_id', 'number']);
  await createIndex(db, 'follow_up_app_done_ix', 'follow_up', ['application_id', 'is_done']);

  await withTimestamps(
    withId(db, db.schema.createTable('application_file'))
      .addColumn('application_id', 'integer', (c) => c.references('application.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('type', 'varchar(32)', notNull)
      .addColumn('stored_name', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('display_path', 'varchar(200)', notNull)
      .addColumn('extension', 'varchar(10)', notNull)
      .addColumn('mime', 'varchar(100)', notNull)
      .addColumn('size', 'integer', notNull)
      .addColumn('uploader_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('uploaded_at', 'bigint', notNull),
  ).execute();
  await createIndex(db, 'application_file_app_ix', 'application_file', ['application_id', 'uploaded_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'application_file',
    'follow_up',
    'application_target_school',
    'application_referrer',
    'application_language_score',
    'application_job',
    'application_education',
    'application',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
