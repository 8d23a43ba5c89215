import type { Kysely } from 'kysely';
import { createKeyedTable } from './helpers.js';

// Decision 295: who uploaded each file through the general upload (`/api/v1/fms/upload`). An e-mail or a payment
// attaches a stored file by its name; only a name the caller uploaded this way is accepted, so a name read elsewhere
// (an application's passport in the operation log, another e-mail's attachment) cannot be mailed out or attached.
// Read by its key only (the names a call attaches), so no other index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(
    db,
    'file_upload',
    { stored_name: 'varchar(80)', member_id: 'integer', created_at: 'bigint' },
    ['stored_name'],
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_upload').execute();
}
