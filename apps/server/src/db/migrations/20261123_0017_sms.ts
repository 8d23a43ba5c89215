import type { Kysely } from 'kysely';
import { column, createIndex, createTable, createTableWithId, createUniqueIndex } from './helpers.js';

// SMS (issue 17): a batch (an uploaded recipient list, then its send) and its rows. Delivery state lives in the
// outbox (channel 'sms', message_id = batch id, recipient = the E.164 number).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'sms_batch', {
    // 'batch': from an .xlsx file; 'text': one message another module queued (queueText).
    kind: column.required('varchar(16)'),
    status: column.required('varchar(16)'),
    purpose: column.optional('varchar(64)'),
    terminal: column.optional('varchar(64)'),
    sender: column.optional('varchar(32)'),
    content: column.optional('text'),
    file_name: column.optional('varchar(255)'),
    accepted: column.required('integer'),
    rejected: column.required('integer'),
    send_at: column.optional('bigint'),
    created_by: column.optional('integer'),
  });
  await createIndex(db, 'sms_batch_list_ix', 'sms_batch', ['kind', 'status', 'id']);
  await createTable(db, 'sms_recipient', {
    id: column.id(),
    batch_id: column.ownedBy('sms_batch.id'),
    row_no: column.required('integer'),
    // E.164 for an accepted row; null for a rejected one.
    phone: column.optional('varchar(20)'),
    mobile_raw: column.optional('varchar(64)'),
    region_raw: column.optional('varchar(16)'),
    // Accepted: a JSON object; rejected: the cell as written.
    variables: column.optional('text'),
    // Rejected rows: the reason key and its parameter (a row number for duplicates).
    reason: column.optional('varchar(32)'),
    reason_row: column.optional('integer'),
  });
  await createUniqueIndex(db, 'sms_recipient_phone_ux', 'sms_recipient', ['batch_id', 'phone']);
  await createIndex(db, 'sms_recipient_batch_ix', 'sms_recipient', ['batch_id', 'row_no']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sms_recipient', 'sms_batch']) await db.schema.dropTable(t).execute();
}
