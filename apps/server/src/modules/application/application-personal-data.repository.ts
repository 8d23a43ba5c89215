import type { Db } from '../../db/database.js';
import { part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';

// The person's applications with every section and their files, for the subject access export (issue 41). An
// application is the person's when it names their member id. `applicationIdsOf` lets the privacy module ask the
// follow-up and payment modules about the same applications.
export function createApplicationPersonalData(db: Db) {
  const idsOf = async (memberId: number) =>
    (await db.selectFrom('application').select('id').where('memberId', '=', memberId).orderBy('id').execute()).map(
      (r) => r.id,
    );
  const children = async (
    table:
      | 'applicationEducation'
      | 'applicationJob'
      | 'applicationLanguageScore'
      | 'applicationReferrer'
      | 'applicationTargetSchool',
    ids: number[],
  ) => (ids.length ? db.selectFrom(table).selectAll().where('applicationId', 'in', ids).orderBy('id').execute() : []);

  return {
    applicationIdsOf: idsOf,
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const ids = await idsOf(s.memberId);
      const applications = ids.length
        ? await db.selectFrom('application').selectAll().where('id', 'in', ids).orderBy('id').execute()
        : [];
      const files = ids.length
        ? await db
            .selectFrom('applicationFile')
            .select([
              'id',
              'applicationId',
              'title',
              'type',
              'storedName',
              'displayPath',
              'extension',
              'mime',
              'size',
              'uploadedAt',
              'createdAt',
            ])
            .where('applicationId', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      return {
        parts: [
          part(
            'application/application',
            applications.map(
              ({ searchText: _s, searchName: _n, searchEng: _e, passportKey: _p, emailKey: _k, ...a }) => a,
            ),
          ),
          part('application/application_target_school', await children('applicationTargetSchool', ids)),
          part('application/application_education', await children('applicationEducation', ids)),
          part('application/application_job', await children('applicationJob', ids)),
          part('application/application_language_score', await children('applicationLanguageScore', ids)),
          part('application/application_referrer', await children('applicationReferrer', ids)),
          part('application/application_file', files),
        ],
        files: files.map((f) => ({
          source: 'application/application_file',
          id: f.id,
          name: `${f.title}.${f.extension}`,
          storedName: f.storedName,
        })),
      };
    },
  };
}
export type ApplicationPersonalData = ReturnType<typeof createApplicationPersonalData>;
