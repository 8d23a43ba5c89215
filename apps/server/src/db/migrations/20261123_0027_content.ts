import { sql, type Kysely } from 'kysely';
import { column, createIndex, createTable, createTableWithId } from './helpers.js';

// The portal's own content items (announcements on the login page and the dashboard) and the merchant record (COM,
// spec section 9) with its display name, logo and contact (issue 21).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(
    db,
    'content_item',
    {
      title: column.required('varchar(200)'),
      body: column.required('text'),
      locale: column.required('varchar(8)'),
      status: column.required('varchar(16)'),
      pinned: column.withDefault('integer', 0),
      publish_from: column.optional('bigint'),
      publish_to: column.optional('bigint'),
      created_by: column.reference('member.id', 'set null'),
      version: column.withDefault('integer', 1),
    },
    {
      checks: {
        content_item_status_ck: sql`status in ('draft', 'published')`,
        content_item_locale_ck: sql`locale in ('all', 'zh-TW', 'zh-CN', 'en-US')`,
      },
    },
  );
  // The public read: published items, pinned first, newest first.
  await createIndex(db, 'content_item_published_ix', 'content_item', ['status', 'pinned', 'created_at', 'id']);
  await createIndex(db, 'content_item_created_ix', 'content_item', ['created_at', 'id']);

  await createTable(db, 'merchant', {
    code: column.primaryKey('varchar(16)'),
    name_tw: column.required('varchar(100)'),
    name_cn: column.required('varchar(100)'),
    name_en: column.required('varchar(100)'),
    // The stored name of the uploaded logo (files module storage), served publicly by GET /api/v1/merchants/logoImg.
    logo_file: column.optional('varchar(100)'),
    contact_email: column.optional('varchar(120)'),
    updated_by: column.reference('member.id', 'set null'),
    version: column.withDefault('integer', 1),
    updated_at: column.required('bigint'),
  });
  await sql`insert into merchant (code, name_tw, name_cn, name_en, updated_at)
    values ('COM', '留學 CRM 管理後台', '留学 CRM 管理后台', 'Study CRM Admin', ${Date.now()})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['merchant', 'content_item']) await db.schema.dropTable(t).execute();
}
