import { sql, type Kysely } from 'kysely';
import { addColumns, column, createIndex, createKeyedTable } from './helpers.js';

// Issue 38: several app servers on one PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The outbox's lanes: the delivery worker claims and sends per lane (one mail server, its system mail, SMS), so a
  // slow mail server holds up only its own lane. Rows queued before this migration keep their channel as lane.
  await addColumns(db, 'delivery_outbox', { lane: column.withDefault('varchar(80)', '') });
  await sql`update delivery_outbox set lane = channel`.execute(db);
  await createIndex(db, 'delivery_outbox_lane_ix', 'delivery_outbox', ['lane', 'status', 'next_attempt_at']);

  // One holder at a time for a job every server schedules (the orphan-file sweep): a lease that expires.
  await createKeyedTable(db, 'cluster_lease', { name: 'varchar(60)', holder: 'varchar(60)', expires_at: 'bigint' }, [
    'name',
  ]);
  // Counters every server reads to see another's change (the configuration's version).
  await createKeyedTable(db, 'change_counter', { name: 'varchar(60)', value: 'bigint' }, ['name']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['change_counter', 'cluster_lease']) await db.schema.dropTable(t).execute();
  await db.schema.dropIndex('delivery_outbox_lane_ix').execute();
  await db.schema.alterTable('delivery_outbox').dropColumn('lane').execute();
}
