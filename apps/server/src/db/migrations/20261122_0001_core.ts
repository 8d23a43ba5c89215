import type { Kysely } from 'kysely';
import { column, createIndex, createLiveUniqueIndex, createTable, createTableWithId, TIMESTAMPS } from './helpers.js';

// Accounts, roles, the menu/permission tree, sessions, captchas and sign-in throttling.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'member', {
    id: column.id(),
    login_name: column.optional('varchar(120)'),
    email: column.optional('varchar(120)'),
    area_code: column.optional('varchar(8)'),
    mobile: column.optional('varchar(20)'),
    password_hash: column.optional('varchar(255)'),
    status: column.withDefault('varchar(16)', 'active'),
    identity_status: column.withDefault('varchar(16)', 'unverified'),
    member_type: column.withDefault('varchar(16)', 'staff'),
    eng_last_name: column.optional('varchar(60)'),
    eng_first_name: column.optional('varchar(60)'),
    full_name: column.optional('varchar(60)'),
    nick_name: column.optional('varchar(60)'),
    avatar: column.optional('varchar(500)'),
    failed_logins: column.withDefault('integer', 0),
    locked_until: column.optional('bigint'),
    ...TIMESTAMPS,
    deleted_at: column.optional('bigint'),
  });
  // Uniqueness holds among members that are not soft-deleted.
  await createLiveUniqueIndex(db, 'member_login_name_uq', 'member', ['login_name']);
  await createLiveUniqueIndex(db, 'member_email_uq', 'member', ['email']);
  await createLiveUniqueIndex(db, 'member_mobile_uq', 'member', ['area_code', 'mobile']);
  await createIndex(db, 'member_type_status_ix', 'member', ['member_type', 'status']);

  await createTableWithId(db, 'role', {
    name: column.unique('varchar(64)'),
    cn_name: column.required('varchar(64)'),
    kind: column.withDefault('varchar(16)', 'general'),
    is_builtin: column.withDefault('integer', 0),
  });

  await createTable(
    db,
    'member_role',
    { member_id: column.ownedBy('member.id'), role_id: column.ownedBy('role.id') },
    { primaryKey: ['member_id', 'role_id'] },
  );
  await createIndex(db, 'member_role_role_ix', 'member_role', ['role_id']);

  await createTableWithId(db, 'permission', {
    parent_id: column.withDefault('integer', 0),
    name: column.required('varchar(64)'),
    title: column.required('varchar(64)'),
    icon: column.optional('varchar(64)'),
    url: column.optional('varchar(200)'),
    sort: column.withDefault('integer', 0),
    is_show: column.withDefault('integer', 1),
    component: column.optional('varchar(64)'),
    perm: column.unique('varchar(100)'),
    type: column.withDefault('varchar(16)', 'menu'),
  });
  await createIndex(db, 'permission_parent_ix', 'permission', ['parent_id', 'sort']);

  await createTable(
    db,
    'role_permission',
    { role_id: column.ownedBy('role.id'), permission_id: column.ownedBy('permission.id') },
    { primaryKey: ['role_id', 'permission_id'] },
  );
  await createIndex(db, 'role_permission_perm_ix', 'role_permission', ['permission_id']);

  await createTable(db, 'session', {
    id: column.id(),
    token_hash: column.unique('varchar(64)'),
    member_id: column.ownedBy('member.id'),
    created_at: column.required('bigint'),
    last_seen_at: column.required('bigint'),
    expires_at: column.required('bigint'),
    revoked_at: column.optional('bigint'),
    ip: column.optional('varchar(64)'),
    user_agent: column.optional('varchar(300)'),
  });
  await createIndex(db, 'session_member_ix', 'session', ['member_id']);

  await createTable(db, 'captcha', {
    key: column.primaryKey('varchar(64)'),
    code_hash: column.required('varchar(64)'),
    expires_at: column.required('bigint'),
    created_at: column.required('bigint'),
  });
  await createIndex(db, 'captcha_expires_ix', 'captcha', ['expires_at']);

  await createTable(db, 'login_throttle', {
    key: column.primaryKey('varchar(100)'),
    window_start: column.required('bigint'),
    count: column.required('integer'),
  });
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
