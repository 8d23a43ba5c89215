import type { Kysely } from 'kysely';
import { addColumns, column, createUniqueIndex } from './helpers.js';

// A to-do may be fed by a business record (e.g. a follow-up item): source_kind + source_id name it,
// so the writer of that record can find its to-do again when the record changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'member_todo', {
    source_kind: column.optional('varchar(32)'),
    source_id: column.optional('integer'),
  });
  await createUniqueIndex(db, 'member_todo_source_ux', 'member_todo', ['source_kind', 'source_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_todo_source_ux').execute();
  await db.schema.alterTable('member_todo').dropColumn('source_id').execute();
  await db.schema.alterTable('member_todo').dropColumn('source_kind').execute();
}
