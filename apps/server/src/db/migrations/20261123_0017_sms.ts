import type { Kysely } from 'kysely';
import { createIndex, createTableWithId, notNull, withId } from './helpers.js';

// SMS (issue 17): a batch (an uploaded recipient list, then its send) and its rows. Delivery state lives in the
// outbox (channel 'sms', message_id = batch id, recipient = the E.164 number).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'sms_batch', (t) =>
    t
      // 'batch': from an .xlsx file; 'text': one message another module queued (queueText).
      .addColumn('kind', 'varchar(16)', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('purpose', 'varchar(64)')
      .addColumn('terminal', 'varchar(64)')
      .addColumn('sender', 'varchar(32)')
      .addColumn('content', 'text')
      .addColumn('file_name', 'varchar(255)')
      .addColumn('accepted', 'integer', notNull)
      .addColumn('rejected', 'integer', notNull)
      .addColumn('send_at', 'bigint')
      .addColumn('created_by', 'integer'),
  );
  await createIndex(db, 'sms_batch_list_ix', 'sms_batch', ['kind', 'status', 'id']);
  await withId(db, db.schema.createTable('sms_recipient'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('sms_batch.id').onDelete('cascade'))
    .addColumn('row_no', 'integer', notNull)
    // E.164 for an accepted row; null for a rejected one.
    .addColumn('phone', 'varchar(20)')
    .addColumn('mobile_raw', 'varchar(64)')
    .addColumn('region_raw', 'varchar(16)')
    // Accepted: a JSON object; rejected: the cell as written.
    .addColumn('variables', 'text')
    // Rejected rows: the reason key and its parameter (a row number for duplicates).
    .addColumn('reason', 'varchar(32)')
    .addColumn('reason_row', 'integer')
    .execute();
  await db.schema
    .createIndex('sms_recipient_phone_ux')
    .unique()
    .on('sms_recipient')
    .columns(['batch_id', 'phone'])
    .execute();
  await createIndex(db, 'sms_recipient_batch_ix', 'sms_recipient', ['batch_id', 'row_no']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_recipient').execute();
  await db.schema.dropTable('sms_batch').execute();
}
