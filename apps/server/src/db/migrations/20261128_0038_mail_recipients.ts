import type { Kysely } from 'kysely';
import { addColumns, column, createIndex } from './helpers.js';

// Issue 36, e-mail as staff expect it.
// - delivery_outbox.role: an e-mail recipient's place (to, cc, bcc); the outbox rows become the one record of an
//   e-mail's recipients, so email_message.recipients (a second, joined copy) goes.
// - email_message.send_at: "send later" (its outbox rows are due then); source/source_id: the record an e-mail
//   copies (a member notice), each member receiving their own.
// - mail_sender.reply_to: the Reply-To address of the e-mails sent through it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'delivery_outbox', { role: column.optional('varchar(8)') });
  await db.schema.alterTable('email_message').dropColumn('recipients').execute();
  await addColumns(db, 'email_message', {
    send_at: column.optional('bigint'),
    source: column.optional('varchar(32)'),
    source_id: column.optional('integer'),
  });
  await createIndex(db, 'email_message_source_ix', 'email_message', ['source', 'source_id']);
  await addColumns(db, 'mail_sender', { reply_to: column.optional('varchar(320)') });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_sender').dropColumn('reply_to').execute();
  await db.schema.dropIndex('email_message_source_ix').execute();
  for (const c of ['source_id', 'source', 'send_at'])
    await db.schema.alterTable('email_message').dropColumn(c).execute();
  await addColumns(db, 'email_message', { recipients: column.optional('text') });
  await db.schema.alterTable('delivery_outbox').dropColumn('role').execute();
}
