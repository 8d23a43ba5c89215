import type { Kysely } from 'kysely';
import { notNull, withId, withTimestamps } from './helpers.js';

// Messaging (issue 15): SMTP senders, message templates, e-mails, and the delivery outbox every channel uses.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('mail_sender'))
      .addColumn('display_name', 'varchar(100)')
      .addColumn('host', 'varchar(255)', notNull)
      .addColumn('port', 'integer', notNull)
      .addColumn('account', 'varchar(255)', notNull)
      // AES-256-GCM: version, iv, tag and ciphertext, base64 (never the plain password).
      .addColumn('password_enc', 'text', notNull)
      .addColumn('tls_mode', 'varchar(16)', notNull),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('message_template'))
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('title', 'varchar(255)')
      .addColumn('type', 'varchar(64)', notNull)
      .addColumn('frame_url', 'varchar(1000)')
      // The sanitised frame HTML, fetched or uploaded once when the template is saved.
      .addColumn('frame_html', 'text')
      .addColumn('content', 'text'),
  ).execute();
  await db.schema.createIndex('message_template_type_ix').on('message_template').columns(['type', 'id']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('email_message'))
      .addColumn('sender_id', 'integer', (c) => c.notNull().references('mail_sender.id'))
      .addColumn('template_id', 'integer', (c) => c.references('message_template.id').onDelete('set null'))
      .addColumn('subject', 'varchar(255)', notNull)
      // The body as written (sanitised HTML) and as sent (rendered into the template's frame).
      .addColumn('content', 'text', notNull)
      .addColumn('body_html', 'text', notNull)
      .addColumn('platform', 'varchar(32)', notNull)
      .addColumn('recipients', 'text', notNull)
      .addColumn('created_by', 'integer'),
  ).execute();
  await db.schema.createIndex('email_message_created_ix').on('email_message').columns(['created_at']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('delivery_outbox'))
      .addColumn('channel', 'varchar(16)', notNull)
      .addColumn('message_id', 'integer', notNull)
      .addColumn('recipient', 'varchar(320)', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', notNull)
      .addColumn('claimed_until', 'bigint')
      .addColumn('claim_token', 'varchar(64)')
      .addColumn('last_error', 'text')
      .addColumn('last_error_code', 'varchar(32)')
      .addColumn('provider_message_id', 'varchar(255)')
      .addColumn('sent_at', 'bigint'),
  ).execute();
  await db.schema
    .createIndex('delivery_outbox_due_ix')
    .on('delivery_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('delivery_outbox_message_ix')
    .on('delivery_outbox')
    .columns(['channel', 'message_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('delivery_outbox').execute();
  await db.schema.dropTable('email_message').execute();
  await db.schema.dropTable('message_template').execute();
  await db.schema.dropTable('mail_sender').execute();
}
