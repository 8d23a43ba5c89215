import { sql, type Kysely } from 'kysely';
import { column, createIndex, createLiveIndex, createTable, createTableWithId, createUniqueIndex } from './helpers.js';

// Tasks, KPI types and contribution records (issue 21). A task belongs to a project and may carry a KPI type and
// points; when it is done, one contribution record (who, what, points, the day) is written in the same transaction,
// and the KPI summary (spec section 9: the past 30 days) adds those records up.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'kpi_type', {
    name_tw: column.required('varchar(60)'),
    name_cn: column.required('varchar(60)'),
    name_en: column.required('varchar(60)'),
    unit: column.required('varchar(20)'),
    weight: column.withDefault('integer', 100),
    enabled: column.withDefault('integer', 1),
    sort: column.withDefault('integer', 0),
    version: column.withDefault('integer', 1),
  });
  await createUniqueIndex(db, 'kpi_type_name_ux', 'kpi_type', ['name_en']);

  await createTableWithId(
    db,
    'task',
    {
      project_id: column.ownedBy('project.id'),
      title: column.required('varchar(200)'),
      description: column.optional('text'),
      assignee_id: column.reference('member.id', 'set null'),
      due_date: column.optional('varchar(10)'),
      status: column.required('varchar(16)'),
      kpi_type_id: column.reference('kpi_type.id', 'restrict'),
      points: column.withDefault('integer', 0),
      done_at: column.optional('bigint'),
      created_by: column.reference('member.id', 'set null'),
      version: column.withDefault('integer', 1),
      deleted_at: column.optional('bigint'),
    },
    {
      checks: {
        task_status_ck: sql`status in ('todo', 'doing', 'review', 'done', 'cancelled')`,
        task_points_ck: sql`points >= 0 and points <= 100000`,
      },
    },
  );
  const live = (name: string, columns: string[]) => createLiveIndex(db, name, 'task', columns);
  // All tasks (newest first, or of one status), one project's tasks (the board), my tasks by status.
  await live('task_created_ix', ['created_at', 'id']);
  await live('task_status_ix', ['status', 'created_at', 'id']);
  await live('task_project_ix', ['project_id', 'status', 'created_at', 'id']);
  await live('task_assignee_ix', ['assignee_id', 'status', 'created_at', 'id']);
  await createIndex(db, 'task_kpi_type_ix', 'task', ['kpi_type_id']);

  // One row per done task (task_id unique): removed again when the task is reopened.
  await createTable(db, 'contribution', {
    id: column.id(),
    member_id: column.ownedBy('member.id'),
    project_id: column.ownedBy('project.id'),
    task_id: column.reference('task.id', 'cascade'),
    kpi_type_id: column.reference('kpi_type.id', 'restrict'),
    title: column.required('varchar(200)'),
    points: column.required('integer'),
    contributed_on: column.required('varchar(10)'),
    created_at: column.required('bigint'),
  });
  await createUniqueIndex(db, 'contribution_task_ux', 'contribution', ['task_id']);
  await createIndex(db, 'contribution_day_ix', 'contribution', ['contributed_on', 'id']);
  await createIndex(db, 'contribution_member_day_ix', 'contribution', ['member_id', 'contributed_on', 'id']);
  await createIndex(db, 'contribution_project_day_ix', 'contribution', ['project_id', 'contributed_on', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['contribution', 'task', 'kpi_type']) await db.schema.dropTable(t).execute();
}
