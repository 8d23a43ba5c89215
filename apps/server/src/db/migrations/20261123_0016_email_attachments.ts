import type { Kysely } from 'kysely';
import { createIndex, notNull, withId } from './helpers.js';

// E-mail attachments (issue 15): files uploaded through /api/v1/fms/upload, kept by their stored name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('email_attachment'))
    .addColumn('email_id', 'integer', (c) => c.notNull().references('email_message.id').onDelete('cascade'))
    .addColumn('stored_name', 'varchar(64)', notNull)
    .addColumn('original_name', 'varchar(255)', notNull)
    .addColumn('mime', 'varchar(128)', notNull)
    .addColumn('size', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await createIndex(db, 'email_attachment_email_ix', 'email_attachment', ['email_id']);
  await createIndex(db, 'email_attachment_stored_ix', 'email_attachment', ['stored_name']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_attachment').execute();
}
