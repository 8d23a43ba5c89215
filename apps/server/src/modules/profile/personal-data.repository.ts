import type { Db } from '../../db/database.js';
import { part, type PersonalData, type PersonalFile, type PersonalSubject } from '../../lib/personal-data.js';
import type { Conn } from '../../db/conn.js';
import { type ErasureSubject, noteRecords, partLines, type PersonalDataPart } from '../../db/personal-data.js';

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

// The avatar of the person's profile row, if they have one.
const profileOf = (tx: Conn, s: ErasureSubject) =>
  tx.selectFrom('memberProfile').select('avatarFile').where('memberId', '=', s.memberId).executeTakeFirst();
// The part's lines from the profile row read (with its avatar file) and the number of CV rows.
const profileLines = partLines('profile', [
  ['memberProfile', 'erase', 'personal'],
  ['personalCv', 'erase', 'personal'],
  ['storedFile', 'erase', 'personal'],
]);
const lines = (p: { avatarFile: string | null } | undefined, cv: number) =>
  profileLines(p ? 1 : 0, cv, p?.avatarFile ? 1 : 0);

// An erased person's profile (address, history, skills) and CV go, and the avatar file from storage. The CV is a
// record of the audit log (its id is the member's): noted, so its entries keep which fields changed, not the values.
export const profilePersonalData: PersonalDataPart = {
  module: 'profile',
  async collect(tx, s) {
    const cv = await tx.selectFrom('personalCv').select('memberId').where('memberId', '=', s.memberId).execute();
    noteRecords(
      s,
      'personalCv',
      cv.map((r) => r.memberId),
    );
  },
  async plan(tx, s) {
    const p = await profileOf(tx, s);
    const cv = await tx.selectFrom('personalCv').select('memberId').where('memberId', '=', s.memberId).execute();
    return lines(p, cv.length);
  },
  async erase(tx, s) {
    const p = await profileOf(tx, s);
    const cv = await tx.deleteFrom('personalCv').where('memberId', '=', s.memberId).executeTakeFirst();
    await tx.deleteFrom('memberProfile').where('memberId', '=', s.memberId).execute();
    return {
      lines: lines(p, Number(cv.numDeletedRows)),
      storedNames: p?.avatarFile ? [p.avatarFile] : [],
    };
  },
};
