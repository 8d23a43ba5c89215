import type { Kysely } from 'kysely';
import { addColumns, column, createTable, TIMESTAMPS } from './helpers.js';

// User centre (issue 19): the member's own profile beyond the account fields, their CV, and the role a session acts
// as (role switching, spec section 6).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: every role the member holds. A role id the member no longer holds counts as null (fallback).
  await addColumns(db, 'session', { active_role_id: column.optional('integer') });

  // One row per member, written by the member themself. Lists are validated JSON arrays with caps (decision in
  // docs/decisions.md): they are read and written whole with the profile, never searched.
  await createTable(db, 'member_profile', {
    member_id: column.ownerKey('member.id'),
    nationality: column.optional('varchar(60)'),
    city: column.optional('varchar(100)'),
    location: column.optional('varchar(200)'),
    address: column.optional('varchar(300)'),
    summary: column.optional('text'),
    hobbies: column.optional('varchar(500)'),
    work_years: column.optional('integer'),
    // Integer minor units of salary_currency (ISO 4217).
    expected_salary: column.optional('bigint'),
    salary_currency: column.optional('varchar(3)'),
    employment_mode: column.optional('varchar(20)'),
    skills: column.required('text'),
    languages: column.required('text'),
    job_tags: column.required('text'),
    tech_stack: column.required('text'),
    work_history: column.required('text'),
    education_history: column.required('text'),
    certificates: column.required('text'),
    awards: column.required('text'),
    // Stored name (files module) of the uploaded avatar; the member's avatar column links to its download.
    avatar_file: column.optional('varchar(80)'),
    ...TIMESTAMPS,
  });

  await createTable(db, 'personal_cv', {
    member_id: column.ownerKey('member.id'),
    headline: column.required('varchar(120)'),
    objective: column.optional('text'),
    ...TIMESTAMPS,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['personal_cv', 'member_profile']) await db.schema.dropTable(t).execute();
  await db.schema.alterTable('session').dropColumn('active_role_id').execute();
}
