import type { Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createLiveIndex } from './helpers.js';

// The member lists' default order (created_at desc, id desc) straight from an index on PostgreSQL. The indexes of
// migration 0006 put deleted_at before created_at; PostgreSQL does not take `deleted_at is null` as fixing that
// column for ordering, so it read every member and sorted (11 ms at 20,000 members; 0.1 ms with these). SQLite
// already reads those indexes in order, and keeps its plans.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const partial = (name: string, columns: string[]) => createLiveIndex(db, name, 'member', columns);
  await partial('member_live_type_order_ix', ['member_type', 'created_at', 'id']);
  await partial('member_live_order_ix', ['created_at', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropIndex('member_live_order_ix').execute();
  await db.schema.dropIndex('member_live_type_order_ix').execute();
}
