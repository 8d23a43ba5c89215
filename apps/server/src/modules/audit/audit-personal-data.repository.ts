import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';

// Audit entries about the person for the subject access export (issue 41): what they did, and what was done to
// their member record.
export function createAuditPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const rows = await db
        .selectFrom('auditLog')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('memberId', '=', s.memberId),
            eb.and([eb('recordType', '=', 'member'), eb('recordId', '=', s.memberId)]),
          ]),
        )
        .orderBy('id')
        .execute();
      return { parts: [part('audit/audit_log', rows)], files: noFiles };
    },
  };
}
