import type { Kysely } from 'kysely';
import { column, createIndex, createTable } from './helpers.js';

// E-mail attachments (issue 15): files uploaded through /api/v1/fms/upload, kept by their stored name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'email_attachment', {
    id: column.id(),
    email_id: column.ownedBy('email_message.id'),
    stored_name: column.required('varchar(64)'),
    original_name: column.required('varchar(255)'),
    mime: column.required('varchar(128)'),
    size: column.required('bigint'),
    created_at: column.required('bigint'),
  });
  await createIndex(db, 'email_attachment_email_ix', 'email_attachment', ['email_id']);
  await createIndex(db, 'email_attachment_stored_ix', 'email_attachment', ['stored_name']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_attachment').execute();
}
