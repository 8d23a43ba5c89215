import { sql, type Kysely } from 'kysely';
import { column, createIndex, createLiveIndex, createTable, createTableWithId, createUniqueIndex } from './helpers.js';

// Projects (issue 21): a project groups staff working for a client or a programme. Members hold a role in the
// project and a fixed share ratio in basis points (1 % = 100), so two decimals are stored exactly; the sum per
// project must not exceed 10,000 (code 1202), checked in the writing transaction. The constitution (the project's
// rules as rich text) is versioned: every save is a new row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(
    db,
    'project',
    {
      name: column.required('varchar(100)'),
      description: column.optional('text'),
      status: column.required('varchar(16)'),
      start_date: column.optional('varchar(10)'),
      end_date: column.optional('varchar(10)'),
      owner_id: column.reference('member.id', 'set null'),
      created_by: column.reference('member.id', 'set null'),
      version: column.withDefault('integer', 1),
      deleted_at: column.optional('bigint'),
    },
    { checks: { project_status_ck: sql`status in ('planning', 'active', 'paused', 'closed')` } },
  );
  // Live projects in the lists' default order, of all statuses or of one.
  const live = (name: string, columns: string[]) => createLiveIndex(db, name, 'project', columns);
  await live('project_created_ix', ['created_at', 'id']);
  await live('project_status_ix', ['status', 'created_at', 'id']);

  await createTableWithId(
    db,
    'project_member',
    {
      project_id: column.ownedBy('project.id'),
      member_id: column.ownedBy('member.id'),
      project_role: column.required('varchar(16)'),
      share_bp: column.withDefault('integer', 0),
    },
    {
      checks: {
        project_member_role_ck: sql`project_role in ('manager', 'member', 'observer')`,
        project_member_share_ck: sql`share_bp >= 0 and share_bp <= 10000`,
      },
    },
  );
  await createUniqueIndex(db, 'project_member_ux', 'project_member', ['project_id', 'member_id']);
  // "My projects" and checkMemberInProject read by member.
  await createIndex(db, 'project_member_member_ix', 'project_member', ['member_id', 'project_id']);

  await createTable(db, 'project_constitution', {
    id: column.id(),
    project_id: column.ownedBy('project.id'),
    revision: column.required('integer'),
    content: column.required('text'),
    created_by: column.reference('member.id', 'set null'),
    created_at: column.required('bigint'),
  });
  await createUniqueIndex(db, 'project_constitution_ux', 'project_constitution', ['project_id', 'revision']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['project_constitution', 'project_member', 'project']) await db.schema.dropTable(t).execute();
}
