import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';

// The projects the member takes part in, for the subject access export (issue 41).
export function createProjectPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const rows = await db
        .selectFrom('projectMember')
        .innerJoin('project', 'project.id', 'projectMember.projectId')
        .select([
          'projectMember.projectId',
          'project.name as projectName',
          'projectMember.projectRole',
          'projectMember.shareBp',
          'projectMember.createdAt',
        ])
        .where('projectMember.memberId', '=', s.memberId)
        .orderBy('projectMember.id')
        .execute();
      return { parts: [part('project/project_member', rows)], files: noFiles };
    },
  };
}
