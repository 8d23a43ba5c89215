import { sql, type Kysely } from 'kysely';
import { addColumns, column, createIndex } from './helpers.js';

// Member notices (issue 17): a publish time (not shown before it), an optional expiry (not shown from it on) and
// who last edited. Existing notices are published at their creation time. A broadcast stays one row (member_id 0);
// read state stays per member in message_read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'member_notice', {
    publish_at: column.withDefault('bigint', 0),
    expires_at: column.optional('bigint'),
    updated_by: column.optional('integer'),
  });
  await sql`update member_notice set publish_at = created_at`.execute(db);
  // The message box reads a member's own notices and the broadcasts by publish time; the admin list sorts by it.
  await createIndex(db, 'member_notice_publish_ix', 'member_notice', ['member_id', 'publish_at']);
  await createIndex(db, 'member_notice_list_ix', 'member_notice', ['publish_at', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_notice_list_ix').execute();
  await db.schema.dropIndex('member_notice_publish_ix').execute();
  for (const c of ['updated_by', 'expires_at', 'publish_at']) {
    await db.schema.alterTable('member_notice').dropColumn(c).execute();
  }
}
