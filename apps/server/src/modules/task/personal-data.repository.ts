import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';

// Tasks assigned to the member and their contribution records, for the subject access export (issue 41).
export function createTaskPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const tasks = await db
        .selectFrom('task')
        .select(['id', 'projectId', 'title', 'status', 'dueDate', 'points', 'doneAt', 'createdAt'])
        .where('assigneeId', '=', s.memberId)
        .orderBy('id')
        .execute();
      const contributions = await db
        .selectFrom('contribution')
        .selectAll()
        .where('memberId', '=', s.memberId)
        .orderBy('id')
        .execute();
      return { parts: [part('task/task', tasks), part('task/contribution', contributions)], files: noFiles };
    },
  };
}
