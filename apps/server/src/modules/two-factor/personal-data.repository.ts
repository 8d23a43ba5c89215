import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { removedRows } from '../../db/personal-data.js';

// Whether and since when the member signs in with a second step, for the subject access export (issue 41). Never
// the TOTP secret or the recovery codes' hashes.
export function createTwoFactorPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const rows = await db
        .selectFrom('memberTwoFactor')
        .select(['enabledAt', 'createdAt', 'updatedAt'])
        .where('memberId', '=', s.memberId)
        .execute();
      return { parts: [part('two-factor/member_two_factor', rows)], files: noFiles };
    },
  };
}

// An erased person's second factor and recovery codes go.
export const twoFactorPersonalData = removedRows('twoFactor', ['memberTwoFactor', 'memberRecoveryCode']);
