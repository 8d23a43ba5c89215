import type { Kysely } from 'kysely';
import { column, createIndex, createTableWithId } from './helpers.js';

// Messaging (issue 15): SMTP senders, message templates, e-mails, and the delivery outbox every channel uses.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'mail_sender', {
    display_name: column.optional('varchar(100)'),
    host: column.required('varchar(255)'),
    port: column.required('integer'),
    account: column.required('varchar(255)'),
    // AES-256-GCM: version, iv, tag and ciphertext, base64 (never the plain password).
    password_enc: column.required('text'),
    tls_mode: column.required('varchar(16)'),
  });

  await createTableWithId(db, 'message_template', {
    name: column.required('varchar(100)'),
    title: column.optional('varchar(255)'),
    type: column.required('varchar(64)'),
    frame_url: column.optional('varchar(1000)'),
    // The sanitised frame HTML, fetched or uploaded once when the template is saved.
    frame_html: column.optional('text'),
    content: column.optional('text'),
  });
  await createIndex(db, 'message_template_type_ix', 'message_template', ['type', 'id']);

  await createTableWithId(db, 'email_message', {
    sender_id: column.requiredReference('mail_sender.id'),
    template_id: column.reference('message_template.id', 'set null'),
    subject: column.required('varchar(255)'),
    // The body as written (sanitised HTML) and as sent (rendered into the template's frame).
    content: column.required('text'),
    body_html: column.required('text'),
    platform: column.required('varchar(32)'),
    recipients: column.required('text'),
    created_by: column.optional('integer'),
  });
  await createIndex(db, 'email_message_created_ix', 'email_message', ['created_at']);

  await createTableWithId(db, 'delivery_outbox', {
    channel: column.required('varchar(16)'),
    message_id: column.required('integer'),
    recipient: column.required('varchar(320)'),
    status: column.required('varchar(16)'),
    attempts: column.withDefault('integer', 0),
    next_attempt_at: column.required('bigint'),
    claimed_until: column.optional('bigint'),
    claim_token: column.optional('varchar(64)'),
    last_error: column.optional('text'),
    last_error_code: column.optional('varchar(32)'),
    provider_message_id: column.optional('varchar(255)'),
    sent_at: column.optional('bigint'),
  });
  await createIndex(db, 'delivery_outbox_due_ix', 'delivery_outbox', ['status', 'next_attempt_at']);
  await createIndex(db, 'delivery_outbox_message_ix', 'delivery_outbox', ['channel', 'message_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['delivery_outbox', 'email_message', 'message_template', 'mail_sender'])
    await db.schema.dropTable(t).execute();
}
