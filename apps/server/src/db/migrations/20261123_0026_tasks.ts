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

// Tasks, KPI types and contribution records (issue 21). A task belongs to a project and may carry a KPI type and
// points; when it is done, one contribution record (who, what, points, the day) is written in the same transaction,
// and the KPI summary (spec section 9: the past 30 days) adds those records up.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'kpi_type', (t) =>
    t
      .addColumn('name_tw', 'varchar(60)', notNull)
      .addColumn('name_cn', 'varchar(60)', notNull)
      .addColumn('name_en', 'varchar(60)', notNull)
      .addColumn('unit', 'varchar(20)', notNull)
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(100))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await createUniqueIndex(db, 'kpi_type_name_ux', 'kpi_type', ['name_en']);

  await createTableWithId(db, 'task', (t) =>
    t
      .addColumn('project_id', 'integer', ownedBy('project.id'))
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('description', 'text')
      .addColumn('assignee_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('due_date', 'varchar(10)')
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('kpi_type_id', 'integer', (c) => c.references('kpi_type.id').onDelete('restrict'))
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('done_at', 'bigint')
      .addColumn('created_by', 'integer', (c) => c.references('member.id').onDelete('set null'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('deleted_at', 'bigint')
      .addCheckConstraint('task_status_ck', sql`status in ('todo', 'doing', 'review', 'done', 'cancelled')`)
      .addCheckConstraint('task_points_ck', sql`points >= 0 and points <= 100000`),
  );
  const live = (name: string, columns: string[]) => createLiveIndex(db, name, 'task', columns);
  // All tasks (newest first, or of one status), one project's tasks (the board), my tasks by status.
  await live('task_created_ix', ['created_at', 'id']);
  await live('task_status_ix', ['status', 'created_at', 'id']);
  await live('task_project_ix', ['project_id', 'status', 'created_at', 'id']);
  await live('task_assignee_ix', ['assignee_id', 'status', 'created_at', 'id']);
  await createIndex(db, 'task_kpi_type_ix', 'task', ['kpi_type_id']);

  // One row per done task (task_id unique): removed again when the task is reopened.
  await withId(db, db.schema.createTable('contribution'))
    .addColumn('member_id', 'integer', ownedBy('member.id'))
    .addColumn('project_id', 'integer', ownedBy('project.id'))
    .addColumn('task_id', 'integer', (c) => c.references('task.id').onDelete('cascade'))
    .addColumn('kpi_type_id', 'integer', (c) => c.references('kpi_type.id').onDelete('restrict'))
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('points', 'integer', notNull)
    .addColumn('contributed_on', 'varchar(10)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await createUniqueIndex(db, 'contribution_task_ux', 'contribution', ['task_id']);
  await createIndex(db, 'contribution_day_ix', 'contribution', ['contributed_on', 'id']);
  await createIndex(db, 'contribution_member_day_ix', 'contribution', ['member_id', 'contributed_on', 'id']);
  await createIndex(db, 'contribution_project_day_ix', 'contribution', ['project_id', 'contributed_on', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contribution').execute();
  await db.schema.dropTable('task').execute();
  await db.schema.dropTable('kpi_type').execute();
}
