import { sql, type Kysely } from 'kysely';

// Decision 347: an application's timeline finds the e-mails sent to its student's address in any letter case
// ("Mei.Lin@Example.com" typed on the e-mail, "mei.lin@example.com" on the application), newest first after a
// keyset, so the e-mail rows of the outbox have an index on the folded address: the cost grows with the page.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index delivery_outbox_email_recipient_ix
    on delivery_outbox (lower(recipient), created_at, id) where channel = 'email'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('delivery_outbox_email_recipient_ix').execute();
}
