import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData } from '../../lib/personal-data.js';

// The follow-up items of the person's applications, for the subject access export (issue 41); the staff's
// internal notes on them are personal data about the person too.
export function createFollowUpPersonalData(db: Db) {
  return {
    async personalData(applicationIds: readonly number[]): Promise<PersonalData> {
      const rows = applicationIds.length
        ? await db
            .selectFrom('followUp')
            .selectAll()
            .where('applicationId', 'in', [...applicationIds])
            .orderBy('id')
            .execute()
        : [];
      return { parts: [part('follow-up/follow_up', rows)], files: noFiles };
    },
  };
}
