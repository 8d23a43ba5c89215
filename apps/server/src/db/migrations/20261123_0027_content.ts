import { sql, type Kysely } from 'kysely';
import { createIndex, createTableWithId, notNull } from './helpers.js';

// The portal's own content items (announcements on the login page and the dashboard) and the merchant record (COM,
// spec section 9) with its display name, logo and contact (issue 21).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'content_item', (t) =>
    t
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('body', 'text', notNull)
      .addColumn('locale', 'varchar(8)', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('publish_from', 'bigint')
      .addColumn('publish_to', 'bigint')
      .addColumn('created_by', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addCheckConstraint('content_item_status_ck', sql`status in ('draft', 'published')`)
      .addCheckConstraint('content_item_locale_ck', sql`locale in ('all', 'zh-TW', 'zh-CN', 'en-US')`),
  );
  // The public read: published items, pinned first, newest first.
  await createIndex(db, 'content_item_published_ix', 'content_item', ['status', 'pinned', 'created_at', 'id']);
  await createIndex(db, 'content_item_created_ix', 'content_item', ['created_at', 'id']);

  await db.schema
    .createTable('merchant')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name_tw', 'varchar(100)', notNull)
    .addColumn('name_cn', 'varchar(100)', notNull)
    .addColumn('name_en', 'varchar(100)', notNull)
    // The stored name of the uploaded logo (files module storage), served publicly by GET /api/v1/merchants/logoImg.
    .addColumn('logo_file', 'varchar(100)')
    .addColumn('contact_email', 'varchar(120)')
    .addColumn('updated_by', 'integer', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await sql`insert into merchant (code, name_tw, name_cn, name_en, updated_at)
    values ('COM', '留學 CRM 管理後台', '留学 CRM 管理后台', 'Study CRM Admin', ${Date.now()})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('merchant').execute();
  await db.schema.dropTable('content_item').execute();
}
