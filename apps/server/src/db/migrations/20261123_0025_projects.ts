import { sql, type Kysely } from 'kysely';
import {
  createIndex,
  createLiveIndex,
  createTableWithId,
  createUniqueIndex,
  notNull,
  ownedBy,
  withId,
} from './helpers.js';

// Projects (issue 21): a project groups staff working for a client or a programme. Members hold a role in the
// project and a fixed share ratio in basis points (1 % = 100), so two decimals are stored exactly; the sum per
// project must not exceed 10,000 (code 1202), checked in the writing transaction. The constitution (the project's
// rules as rich text) is versioned: every save is a new row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'project', (t) =>
    t
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('description', 'text')
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('start_date', 'varchar(10)')
      .addColumn('end_date', 'varchar(10)')
      .addColumn('owner_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('created_by', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('deleted_at', 'bigint')
      .addCheckConstraint('project_status_ck', sql`status in ('planning', 'active', 'paused', 'closed')`),
  );
  // Live projects in the lists' default order, of all statuses or of one.
  const live = (name: string, columns: string[]) => createLiveIndex(db, name, 'project', columns);
  await live('project_created_ix', ['created_at', 'id']);
  await live('project_status_ix', ['status', 'created_at', 'id']);

  await createTableWithId(db, 'project_member', (t) =>
    t
      .addColumn('project_id', 'integer', ownedBy('project.id'))
      .addColumn('member_id', 'integer', ownedBy('member.id'))
      .addColumn('project_role', 'varchar(16)', notNull)
      .addColumn('share_bp', 'integer', (c) => c.notNull().defaultTo(0))
      .addCheckConstraint('project_member_role_ck', sql`project_role in ('manager', 'member', 'observer')`)
      .addCheckConstraint('project_member_share_ck', sql`share_bp >= 0 and share_bp <= 10000`),
  );
  await createUniqueIndex(db, 'project_member_ux', 'project_member', ['project_id', 'member_id']);
  // "My projects" and checkMemberInProject read by member.
  await createIndex(db, 'project_member_member_ix', 'project_member', ['member_id', 'project_id']);

  await withId(db, db.schema.createTable('project_constitution'))
    .addColumn('project_id', 'integer', ownedBy('project.id'))
    .addColumn('revision', 'integer', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('created_by', 'integer', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await createUniqueIndex(db, 'project_constitution_ux', 'project_constitution', ['project_id', 'revision']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_constitution').execute();
  await db.schema.dropTable('project_member').execute();
  await db.schema.dropTable('project').execute();
}
