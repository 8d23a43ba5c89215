import { line, type PersonalDataPart } from '../../db/personal-data.js';

// An erased person's profile (address, history, skills) and CV go, and the avatar file from storage.
export const profilePersonalData: PersonalDataPart = {
  module: 'profile',
  async plan(conn, s) {
    const p = await conn
      .selectFrom('memberProfile')
      .select('avatarFile')
      .where('memberId', '=', s.memberId)
      .executeTakeFirst();
    const cv = await conn.selectFrom('personalCv').select('memberId').where('memberId', '=', s.memberId).execute();
    return [
      line('profile', 'memberProfile', 'erase', p ? 1 : 0, 'personal'),
      line('profile', 'personalCv', 'erase', cv.length, 'personal'),
      line('profile', 'storedFile', 'erase', p?.avatarFile ? 1 : 0, 'personal'),
    ];
  },
  async erase(tx, s) {
    const p = await tx
      .selectFrom('memberProfile')
      .select('avatarFile')
      .where('memberId', '=', s.memberId)
      .executeTakeFirst();
    const cv = await tx.deleteFrom('personalCv').where('memberId', '=', s.memberId).executeTakeFirst();
    await tx.deleteFrom('memberProfile').where('memberId', '=', s.memberId).execute();
    return {
      lines: [
        line('profile', 'memberProfile', 'erase', p ? 1 : 0, 'personal'),
        line('profile', 'personalCv', 'erase', Number(cv.numDeletedRows), 'personal'),
        line('profile', 'storedFile', 'erase', p?.avatarFile ? 1 : 0, 'personal'),
      ],
      storedNames: p?.avatarFile ? [p.avatarFile] : [],
    };
  },
};
