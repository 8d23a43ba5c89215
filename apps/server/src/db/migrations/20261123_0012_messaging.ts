import type { Kysely } from 'kysely';
import { createIndex, createTableWithId, notNull } from './helpers.js';

// Messaging (issue 15): SMTP senders, message templates, e-mails, and the delivery outbox every channel uses.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'mail_sender', (t) =>
    t
      .addColumn('display_name', 'varchar(100)')
      .addColumn('host', 'varchar(255)', notNull)
      .addColumn('port', 'integer', notNull)
      .addColumn('account', 'varchar(255)', notNull)
      // AES-256-GCM: version, iv, tag and ciphertext, base64 (never the plain password).
      .addColumn('password_enc', 'text', notNull)
      .addColumn('tls_mode', 'varchar(16)', notNull),
  );

  await createTableWithId(db, 'message_template', (t) =>
    t
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('title', 'varchar(255)')
      .addColumn('type', 'varchar(64)', notNull)
      .addColumn('frame_url', 'varchar(1000)')
      // The sanitised frame HTML, fetched or uploaded once when the template is saved.
      .addColumn('frame_html', 'text')
      .addColumn('content', 'text'),
  );
  await createIndex(db, 'message_template_type_ix', 'message_template', ['type', 'id']);

  await createTableWithId(db, 'email_message', (t) =>
    t
      .addColumn('sender_id', 'integer', (c) => c.notNull().references('mail_sender.id'))
      .addColumn('template_id', 'integer', (c) => c.references('message_template.id').onDelete('set null'))
      .addColumn('subject', 'varchar(255)', notNull)
      // The body as written (sanitised HTML) and as sent (rendered into the template's frame).
      .addColumn('content', 'text', notNull)
      .addColumn('body_html', 'text', notNull)
      .addColumn('platform', 'varchar(32)', notNull)
      .addColumn('recipients', 'text', notNull)
      .addColumn('created_by', 'integer'),
  );
  await createIndex(db, 'email_message_created_ix', 'email_message', ['created_at']);

  await createTableWithId(db, 'delivery_outbox', (t) =>
    t
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
  );
  await createIndex(db, 'delivery_outbox_due_ix', 'delivery_outbox', ['status', 'next_attempt_at']);
  await createIndex(db, 'delivery_outbox_message_ix', 'delivery_outbox', ['channel', 'message_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('delivery_outbox').execute();
  await db.schema.dropTable('email_message').execute();
  await db.schema.dropTable('message_template').execute();
  await db.schema.dropTable('mail_sender').execute();
}
