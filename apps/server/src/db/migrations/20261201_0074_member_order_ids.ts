import type { Kysely } from 'kysely';
import { createLiveIndex } from './helpers.js';

// Issue 43 (decision 287): the member list's default order is (created_at desc, id desc), and its two indexes
// (migration 0006) held created_at and then the status columns, so rows created in the same millisecond (a bulk
// import, the seeded accounts) came out of the index in no id order and were sorted again: the staff list's first
// page at 2,000 seeded staff sorted all 1,801 of them (0.29 ms on SQLite). The id now follows created_at, so the
// index gives the list's order as it is; the status columns stay after it (the page counts stay index-only).
const TYPED = 'member_live_type_created_ix';
const ALL = 'member_live_created_ix';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(TYPED).execute();
  await db.schema.dropIndex(ALL).execute();
  await createLiveIndex(db, TYPED, 'member', [
    'member_type',
    'deleted_at',
    'created_at',
    'id',
    'status',
    'identity_status',
  ]);
  await createLiveIndex(db, ALL, 'member', ['deleted_at', 'created_at', 'id', 'status', 'identity_status']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(TYPED).execute();
  await db.schema.dropIndex(ALL).execute();
  await createLiveIndex(db, TYPED, 'member', ['member_type', 'deleted_at', 'created_at', 'status', 'identity_status']);
  await createLiveIndex(db, ALL, 'member', ['deleted_at', 'created_at', 'status', 'identity_status']);
}
