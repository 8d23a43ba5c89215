import type { Kysely } from 'kysely';
import { column, createIndex, createTableWithId, createUniqueIndex } from './helpers.js';

// Issue 40, from offer to visa: one row per application and stage once a step is saved (a stage without a row is
// pending). due_date is what the step makes fall due, kept on save so the reminders and "this week" read it in SQL:
// the CAS's last usable day (issued + six months), the last day to apply with the funds held (their end + 31 days),
// or, for any other step not finished, its own date.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'application_visa_step', {
    application_id: column.ownedBy('application.id'),
    stage_id: column.requiredReference('visa_stage.id'),
    status: column.withDefault('varchar(16)', 'pending'),
    step_date: column.optional('varchar(10)'),
    owner_id: column.reference('member.id', 'set null'),
    cas_number: column.optional('varchar(14)'),
    funds_from: column.optional('varchar(10)'),
    funds_to: column.optional('varchar(10)'),
    due_date: column.optional('varchar(10)'),
    remarks: column.optional('varchar(500)'),
    version: column.withDefault('integer', 1),
  });
  await createUniqueIndex(db, 'application_visa_step_ux', 'application_visa_step', ['application_id', 'stage_id']);
  await createIndex(db, 'application_visa_step_stage_ix', 'application_visa_step', ['stage_id']);
  await createIndex(db, 'application_visa_step_due_ix', 'application_visa_step', ['due_date']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application_visa_step').execute();
}
