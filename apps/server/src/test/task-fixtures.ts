import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { TaskTable } from '../db/schema.js';

export type TaskSeed = Omit<Insertable<TaskTable>, 'projectId' | 'createdAt' | 'updatedAt'>;

// An active project holding the given tasks, straight into the database (created and updated at `now`).
export async function seedProjectTasks(db: Db, name: string, now: number, tasks: readonly TaskSeed[]) {
  const { id: projectId } = await db
    .insertInto('project')
    .values({ name, status: 'active', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('task')
    .values(tasks.map((task) => ({ ...task, projectId, createdAt: now, updatedAt: now })))
    .returning('id')
    .execute();
  return { projectId, taskIds: rows.map((r) => r.id) };
}
