import type { Kysely } from 'kysely';
import { addColumns, column, createIndex } from './helpers.js';

// Issue 40, from offer to visa: a file uploaded from a checklist step names the step's stage (the file stays the
// application's, in its files list; the step shows the files of its stage).
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'application_file', { visa_stage_id: column.reference('visa_stage.id', 'set null') });
  await createIndex(db, 'application_file_visa_stage_ix', 'application_file', ['application_id', 'visa_stage_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('application_file_visa_stage_ix').execute();
  await db.schema.alterTable('application_file').dropColumn('visa_stage_id').execute();
}
