import { sql, type Kysely } from 'kysely';

// Issue 43 (decision 327): the home list's page reads each row's target schools in the schools' order. Its index held
// (application_id, sort), so every row's schools were read from the table too: on PostgreSQL the largest part of the
// page's statement (a third of it, 20 rows × 2–3 table reads). With the school's name in the index those reads are
// index-only on both engines.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index application_target_school_app_ix`.execute(db);
  await sql`create index application_target_school_app_ix
    on application_target_school (application_id, sort, school)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index application_target_school_app_ix`.execute(db);
  await sql`create index application_target_school_app_ix on application_target_school (application_id, sort)`.execute(
    db,
  );
}
