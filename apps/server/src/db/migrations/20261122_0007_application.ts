import type { Kysely } from 'kysely';
import {
  column,
  createIndex,
  createLiveIndex,
  createTable,
  createTableWithId,
  createUniqueIndex,
  TIMESTAMPS,
  type Columns,
} from './helpers.js';

// Study-abroad applications with their child sections, follow-up items and files.
// Calendar dates (birthday, application date, …) are ISO 'YYYY-MM-DD' strings: sortable and identical on both engines.
// search_name / search_eng hold lower-cased names for prefix search with a range (`>= q and < q || '\uffff'`);
// on PostgreSQL they use the "C" collation so that range is byte order, as on SQLite.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'application', {
    id: column.id(),
    member_id: column.reference('member.id', 'set null'),
    name: column.required('varchar(100)'),
    eng_last_name: column.optional('varchar(60)'),
    eng_first_name: column.optional('varchar(60)'),
    former_name: column.optional('varchar(100)'),
    gender: column.optional('varchar(32)'),
    religion: column.optional('varchar(60)'),
    nationality: column.optional('varchar(60)'),
    birthday: column.optional('varchar(10)'),
    birthplace: column.optional('varchar(100)'),
    passport_no: column.optional('varchar(32)'),
    passport_issue_place: column.optional('varchar(100)'),
    passport_issue_date: column.optional('varchar(10)'),
    passport_expiry_date: column.optional('varchar(10)'),
    area_code: column.optional('varchar(8)'),
    mobile: column.optional('varchar(20)'),
    landline: column.optional('varchar(30)'),
    email: column.optional('varchar(120)'),
    address_line1: column.optional('varchar(200)'),
    address_line2: column.optional('varchar(200)'),
    city: column.optional('varchar(100)'),
    country: column.optional('varchar(100)'),
    postcode: column.optional('varchar(20)'),
    important_notes: column.optional('text'),
    application_date: column.required('varchar(10)'),
    status: column.required('varchar(32)'),
    signing_teacher_id: column.reference('member.id', 'set null'),
    follow_teacher_id: column.reference('member.id', 'set null'),
    search_name: column.byteOrdered('varchar(100)'),
    search_eng: column.optionalByteOrdered('varchar(130)'),
    passport_key: column.optional('varchar(32)'),
    email_key: column.optional('varchar(120)'),
    version: column.withDefault('integer', 1),
    ...TIMESTAMPS,
    deleted_at: column.optional('bigint'),
  });
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

  // A section of an application: its rows in the order shown.
  const child = (name: string, columns: Columns) =>
    createTable(db, name, {
      id: column.id(),
      application_id: column.ownedBy('application.id'),
      sort: column.required('integer'),
      ...columns,
    });

  await child('application_education', {
    start_date: column.optional('varchar(10)'),
    end_date: column.optional('varchar(10)'),
    school: column.required('varchar(200)'),
    location: column.optional('varchar(120)'),
    major: column.optional('varchar(200)'),
    attainment: column.optional('varchar(120)'),
    gpa: column.optional('varchar(20)'),
  });
  await child('application_job', {
    start_date: column.optional('varchar(10)'),
    end_date: column.optional('varchar(10)'),
    unit_name: column.required('varchar(200)'),
    title: column.optional('varchar(120)'),
    content: column.optional('text'),
  });
  // Scores are kept as real numbers (IELTS has half bands).
  await child('application_language_score', {
    test_type: column.required('varchar(32)'),
    test_date: column.optional('varchar(10)'),
    future_booking: column.withDefault('integer', 0),
    registration_no: column.optional('varchar(64)'),
    is_ukvi: column.withDefault('integer', 0),
    candidate_id: column.optional('varchar(64)'),
    report_form_no: column.optional('varchar(64)'),
    test_name: column.optional('varchar(120)'),
    listening: column.optional('real'),
    reading: column.optional('real'),
    writing: column.optional('real'),
    speaking: column.optional('real'),
    total: column.optional('real'),
  });
  await child('application_referrer', {
    web_push: column.withDefault('integer', 0),
    last_name: column.required('varchar(60)'),
    first_name: column.optional('varchar(60)'),
    area_code: column.optional('varchar(8)'),
    mobile: column.optional('varchar(20)'),
    gender: column.optional('varchar(32)'),
    position: column.optional('varchar(120)'),
    email: column.optional('varchar(120)'),
    unit: column.optional('varchar(200)'),
    address: column.optional('varchar(300)'),
    postcode: column.optional('varchar(20)'),
  });
  await child('application_target_school', {
    school: column.required('varchar(200)'),
    major: column.optional('varchar(200)'),
    ucas_code: column.optional('varchar(16)'),
    application_date: column.optional('varchar(10)'),
    major_link: column.optional('varchar(500)'),
  });
  for (const t of [
    'application_education',
    'application_job',
    'application_language_score',
    'application_referrer',
    'application_target_school',
  ]) {
    await createIndex(db, `${t}_app_ix`, t, ['application_id', 'sort']);
  }

  await createTableWithId(db, 'follow_up', {
    application_id: column.ownedBy('application.id'),
    number: column.required('integer'),
    service: column.required('varchar(64)'),
    is_done: column.withDefault('integer', 0),
    done_at: column.optional('bigint'),
    signing_teacher_id: column.reference('member.id', 'set null'),
    follow_teacher_id: column.reference('member.id', 'set null'),
    applied_school: column.optional('varchar(200)'),
    attended_school: column.optional('varchar(200)'),
    internal_note: column.optional('text'),
    contract_date: column.optional('varchar(10)'),
    status: column.required('varchar(32)'),
    business_type: column.optional('varchar(32)'),
  });
  await createUniqueIndex(db, 'follow_up_app_number_uq', 'follow_up', ['application_id', 'number']);
  await createIndex(db, 'follow_up_app_done_ix', 'follow_up', ['application_id', 'is_done']);

  await createTableWithId(db, 'application_file', {
    application_id: column.reference('application.id', 'cascade'),
    title: column.required('varchar(200)'),
    type: column.required('varchar(32)'),
    stored_name: column.unique('varchar(80)'),
    display_path: column.required('varchar(200)'),
    extension: column.required('varchar(10)'),
    mime: column.required('varchar(100)'),
    size: column.required('integer'),
    uploader_id: column.reference('member.id', 'set null'),
    uploaded_at: column.required('bigint'),
  });
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
