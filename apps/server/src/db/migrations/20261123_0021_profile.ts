import type { Kysely } from 'kysely';
import { notNull, withTimestamps } from './helpers.js';

// User centre (issue 19): the member's own profile beyond the account fields, their CV, and the role a session acts
// as (role switching, spec section 6).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: every role the member holds. A role id the member no longer holds counts as null (fallback).
  await db.schema.alterTable('session').addColumn('active_role_id', 'integer').execute();

  // One row per member, written by the member themself. Lists are validated JSON arrays with caps (decision in
  // docs/decisions.md): they are read and written whole with the profile, never searched.
  await withTimestamps(
    db.schema
      .createTable('member_profile')
      .addColumn('member_id', 'integer', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
      .addColumn('nationality', 'varchar(60)')
      .addColumn('city', 'varchar(100)')
      .addColumn('location', 'varchar(200)')
      .addColumn('address', 'varchar(300)')
      .addColumn('summary', 'text')
      .addColumn('hobbies', 'varchar(500)')
      .addColumn('work_years', 'integer')
      // Integer minor units of salary_currency (ISO 4217).
      .addColumn('expected_salary', 'bigint')
      .addColumn('salary_currency', 'varchar(3)')
      .addColumn('employment_mode', 'varchar(20)')
      .addColumn('skills', 'text', notNull)
      .addColumn('languages', 'text', notNull)
      .addColumn('job_tags', 'text', notNull)
      .addColumn('tech_stack', 'text', notNull)
      .addColumn('work_history', 'text', notNull)
      .addColumn('education_history', 'text', notNull)
      .addColumn('certificates', 'text', notNull)
      .addColumn('awards', 'text', notNull)
      // Stored name (files module) of the uploaded avatar; the member's avatar column links to its download.
      .addColumn('avatar_file', 'varchar(80)'),
  ).execute();

  await withTimestamps(
    db.schema
      .createTable('personal_cv')
      .addColumn('member_id', 'integer', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
      .addColumn('headline', 'varchar(120)', notNull)
      .addColumn('objective', 'text'),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('personal_cv').execute();
  await db.schema.dropTable('member_profile').execute();
  await db.schema.alterTable('session').dropColumn('active_role_id').execute();
}
