import { sql, type Kysely } from 'kysely';
import { createIndex, notNull, withId, withTimestamps } from './helpers.js';

// Accounts, roles, the menu/permission tree, sessions, captchas and sign-in throttling.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('member'))
      .addColumn('login_name', 'varchar(120)')
      .addColumn('email', 'varchar(120)')
      .addColumn('area_code', 'varchar(8)')
      .addColumn('mobile', 'varchar(20)')
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
      .addColumn('identity_status', 'varchar(16)', (c) => c.notNull().defaultTo('unverified'))
      .addColumn('member_type', 'varchar(16)', (c) => c.notNull().defaultTo('staff'))
      .addColumn('eng_last_name', 'varchar(60)')
      .addColumn('eng_first_name', 'varchar(60)')
      .addColumn('full_name', 'varchar(60)')
      .addColumn('nick_name', 'varchar(60)')
      .addColumn('avatar', 'varchar(500)')
      .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'bigint'),
  )
    .addColumn('deleted_at', 'bigint')
    .execute();
  // Uniqueness holds among members that are not soft-deleted.
  await db.schema
    .createIndex('member_login_name_uq')
    .on('member')
    .column('login_name')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('member_email_uq')
    .on('member')
    .column('email')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('member_mobile_uq')
    .on('member')
    .columns(['area_code', 'mobile'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await createIndex(db, 'member_type_status_ix', 'member', ['member_type', 'status']);

  await withTimestamps(
    withId(db, db.schema.createTable('role'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('cn_name', 'varchar(64)', notNull)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('general'))
      .addColumn('is_builtin', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await db.schema
    .createTable('member_role')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('member_role_pk', ['member_id', 'role_id'])
    .execute();
  await createIndex(db, 'member_role_role_ix', 'member_role', ['role_id']);

  await withTimestamps(
    withId(db, db.schema.createTable('permission'))
      .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('title', 'varchar(64)', notNull)
      .addColumn('icon', 'varchar(64)')
      .addColumn('url', 'varchar(200)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_show', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('component', 'varchar(64)')
      .addColumn('perm', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('menu')),
  ).execute();
  await createIndex(db, 'permission_parent_ix', 'permission', ['parent_id', 'sort']);

  await db.schema
    .createTable('role_permission')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permission.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_id'])
    .execute();
  await createIndex(db, 'role_permission_perm_ix', 'role_permission', ['permission_id']);

  await withId(db, db.schema.createTable('session'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('last_seen_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await createIndex(db, 'session_member_ix', 'session', ['member_id']);

  await db.schema
    .createTable('captcha')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await createIndex(db, 'captcha_expires_ix', 'captcha', ['expires_at']);

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', notNull)
    .addColumn('count', 'integer', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'login_throttle',
    'captcha',
    'session',
    'role_permission',
    'permission',
    'member_role',
    'role',
    'member',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
