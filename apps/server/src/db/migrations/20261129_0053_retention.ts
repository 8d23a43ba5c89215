import type { Kysely } from 'kysely';
import { column, createIndex, createTableWithId } from './helpers.js';

// Issue 41 / 39: the archives of audit entries the retention job removed (a gzip JSON-lines file in the files
// storage each, kept by this row so the orphan sweep leaves it), and the erased people (one row each: the unique
// member id makes two racing erasures of one person end in one).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'audit_archive', {
    stored_name: column.required('varchar(80)'),
    size: column.required('bigint'),
    entries: column.required('integer'),
    first_at: column.required('bigint'),
    last_at: column.required('bigint'),
  });
  await createIndex(db, 'audit_archive_time_ix', 'audit_archive', ['created_at', 'id']);
  await createTableWithId(db, 'erased_person', {
    member_id: column.unique('integer'),
    pseudonym: column.required('varchar(60)'),
    erased_by: column.optional('integer'),
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('erased_person').execute();
  await db.schema.dropTable('audit_archive').execute();
}
