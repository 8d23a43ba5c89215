import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData } from '../../lib/personal-data.js';
import { line, noteRecords, type PersonalDataPart } from '../../db/personal-data.js';

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

// The follow-up items of an erased person's applications stay (the service was delivered, the figures count it);
// their internal notes and the schools named go. They are records of the audit log: noted, so its entries of them
// keep which fields changed, not the notes.
export const followUpPersonalData: PersonalDataPart = {
  module: 'followUp',
  async collect(tx, s) {
    if (!s.applicationIds.length) return;
    const rows = await tx.selectFrom('followUp').select('id').where('applicationId', 'in', s.applicationIds).execute();
    noteRecords(
      s,
      'followUp',
      rows.map((r) => r.id),
    );
  },
  async plan(tx, s) {
    if (!s.applicationIds.length) return [line('followUp', 'followUp', 'anonymise', 0, 'personal')];
    const r = await tx
      .selectFrom('followUp')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('applicationId', 'in', s.applicationIds)
      .executeTakeFirst();
    return [line('followUp', 'followUp', 'anonymise', Number(r?.n ?? 0), 'personal')];
  },
  async erase(tx, s) {
    if (!s.applicationIds.length) return { lines: [line('followUp', 'followUp', 'anonymise', 0, 'personal')] };
    const r = await tx
      .updateTable('followUp')
      .set({ internalNote: null, appliedSchool: null, attendedSchool: null, updatedAt: s.now })
      .where('applicationId', 'in', s.applicationIds)
      .executeTakeFirst();
    return { lines: [line('followUp', 'followUp', 'anonymise', Number(r.numUpdatedRows), 'personal')] };
  },
};
