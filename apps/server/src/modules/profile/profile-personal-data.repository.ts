import type { Db } from '../../db/database.js';
import { part, type PersonalData, type PersonalFile, type PersonalSubject } from '../../lib/personal-data.js';

// The member's own profile and CV for the subject access export (issue 41), with the avatar picture.
export function createProfilePersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const profile = await db.selectFrom('memberProfile').selectAll().where('memberId', '=', s.memberId).execute();
      const cv = await db.selectFrom('personalCv').selectAll().where('memberId', '=', s.memberId).execute();
      const files: PersonalFile[] = profile
        .filter((p) => p.avatarFile)
        .map((p) => ({ source: 'profile/member_profile', id: p.memberId, name: 'avatar', storedName: p.avatarFile! }));
      return { parts: [part('profile/member_profile', profile), part('profile/personal_cv', cv)], files };
    },
  };
}
