import { line, type PersonalDataPart } from '../../db/personal-data.js';

// The follow-up items of an erased person's applications stay (the service was delivered, the figures count it);
// their internal notes and the schools named go.
export const followUpPersonalData: PersonalDataPart = {
  module: 'followUp',
  async plan(conn, s) {
    if (!s.applicationIds.length) return [line('followUp', 'followUp', 'anonymise', 0, 'personal')];
    const r = await conn
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
