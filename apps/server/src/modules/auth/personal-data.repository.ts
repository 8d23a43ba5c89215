import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { removedRows } from '../../db/personal-data.js';

// The member's sessions for the subject access export (issue 41): when, from which address and browser; never the
// token's hash.
export function createAuthPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const sessions = await db
        .selectFrom('session')
        .select(['id', 'createdAt', 'lastSeenAt', 'expiresAt', 'revokedAt', 'ip', 'userAgent'])
        .where('memberId', '=', s.memberId)
        .orderBy('id')
        .execute();
      return { parts: [part('auth/session', sessions)], files: noFiles };
    },
  };
}

// An erased person's sessions (addresses and browsers they signed in from) go.
export const authPersonalData = removedRows('auth', ['session']);
