import { sql, type Kysely } from 'kysely';

// Issue 21: indexes that let the dashboard's 30-day figures read an index range only (1,000,000 applications and
// payments). Payments already have payment_record_date_totals_ix; applications per day and status get a covering
// index; follow-ups and e-mail recipients get one on the date the figure is counted by.
export async function up(db: Kysely<unknown>): Promise<void> {
  // deleted_at inside the index as well: SQLite reads a partial index as covering only when it holds the column.
  await db.schema
    .createIndex('application_live_day_status_ix')
    .on('application')
    .columns(['application_date', 'status', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('follow_up_created_done_ix').on('follow_up').columns(['created_at', 'is_done']).execute();
  await db.schema.createIndex('follow_up_done_at_ix').on('follow_up').columns(['is_done', 'done_at']).execute();
  await db.schema
    .createIndex('delivery_outbox_channel_created_ix')
    .on('delivery_outbox')
    .columns(['channel', 'created_at', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'delivery_outbox_channel_created_ix',
    'follow_up_done_at_ix',
    'follow_up_created_done_ix',
    'application_live_day_status_ix',
  ])
    await db.schema.dropIndex(name).execute();
}
