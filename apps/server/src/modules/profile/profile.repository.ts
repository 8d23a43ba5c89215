import type { Db } from '../../db/database.js';
import type { MemberProfileTable, Row } from '../../db/schema.js';
import { isUniqueViolation, referencedNames } from '../../db/sql-helpers.js';
import type { Conn } from '../../db/transaction.js';

export type ProfileRow = Row<'memberProfile'>;
export type CvRow = Row<'personalCv'>;
export type ProfileValues = Partial<Omit<MemberProfileTable, 'memberId' | 'createdAt' | 'updatedAt'>>;

const PROFILE_COLUMNS = [
  'memberId',
  'nationality',
  'city',
  'location',
  'address',
  'summary',
  'hobbies',
  'workYears',
  'expectedSalary',
  'salaryCurrency',
  'employmentMode',
  'skills',
  'languages',
  'jobTags',
  'techStack',
  'workHistory',
  'educationHistory',
  'certificates',
  'awards',
  'avatarFile',
  'createdAt',
  'updatedAt',
] as const;
const CV_COLUMNS = ['memberId', 'headline', 'objective', 'createdAt', 'updatedAt'] as const;
const EMPTY_LISTS = {
  skills: '[]',
  languages: '[]',
  jobTags: '[]',
  techStack: '[]',
  workHistory: '[]',
  educationHistory: '[]',
  certificates: '[]',
  awards: '[]',
};

function queries(db: Conn) {
  return {
    find: (memberId: number): Promise<ProfileRow | undefined> =>
      db.selectFrom('memberProfile').select(PROFILE_COLUMNS).where('memberId', '=', memberId).executeTakeFirst(),

    // Insert or update the member's row in one statement (two first saves at once cannot both insert).
    async save(memberId: number, values: ProfileValues, now: number): Promise<void> {
      await db
        .insertInto('memberProfile')
        .values({ ...EMPTY_LISTS, ...values, memberId, createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.column('memberId').doUpdateSet({ ...values, updatedAt: now }))
        .execute();
    },

    // Stored avatar names among `names` (the orphan sweep keeps them).
    referenced: (names: readonly string[]): Promise<Set<string>> =>
      referencedNames(names, (chunk) =>
        db.selectFrom('memberProfile').select('avatarFile as name').where('avatarFile', 'in', chunk).execute(),
      ),

    findCv: (memberId: number): Promise<CvRow | undefined> =>
      db.selectFrom('personalCv').select(CV_COLUMNS).where('memberId', '=', memberId).executeTakeFirst(),

    // False when the member already has a CV (the primary key refuses a second one, also under a race).
    async insertCv(memberId: number, cv: { headline: string; objective: string | null }, now: number) {
      try {
        await db
          .insertInto('personalCv')
          .values({ memberId, ...cv, createdAt: now, updatedAt: now })
          .execute();
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    // False when the member has no CV yet.
    async updateCv(memberId: number, cv: { headline: string; objective: string | null }, now: number) {
      const res = await db
        .updateTable('personalCv')
        .set({ ...cv, updatedAt: now })
        .where('memberId', '=', memberId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
// Every write is one statement, so the module needs no transaction.
export type ProfileRepository = ReturnType<typeof queries>;
export const createProfileRepository = (db: Db): ProfileRepository => queries(db);
