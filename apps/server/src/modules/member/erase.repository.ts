import { searchText } from '@study-crm/shared';
import {
  line,
  noteEmail,
  noteRecords,
  notePhone,
  noteValue,
  purgeSearchIndex,
  type PersonalDataPart,
} from '../../db/personal-data.js';

// The member row of an erased person stays (other records name it as their student or operator), anonymised: the
// pseudonym as its only name, no sign-in name, address, number or password, inactive and removed.
export const memberPersonalData: PersonalDataPart = {
  module: 'member',
  async collect(conn, s) {
    const m = await conn
      .selectFrom('member')
      .select(['loginName', 'email', 'areaCode', 'mobile', 'engLastName', 'engFirstName', 'fullName', 'nickName'])
      .where('id', '=', s.memberId)
      .executeTakeFirst();
    if (!m) return;
    s.exists = true;
    noteRecords(s, 'member', [s.memberId]);
    noteEmail(s, m.email);
    notePhone(s, m.mobile);
    noteValue(s, m.loginName, m.engLastName, m.engFirstName, m.fullName, m.nickName);
    if (m.engFirstName && m.engLastName) noteValue(s, `${m.engFirstName} ${m.engLastName}`);
  },
  plan: async () => [line('member', 'member', 'anonymise', 1, 'pseudonym')],
  async erase(tx, s) {
    const row = await tx.selectFrom('member').select('avatar').where('id', '=', s.memberId).executeTakeFirst();
    await tx
      .updateTable('member')
      .set({
        loginName: null,
        email: null,
        areaCode: null,
        mobile: null,
        passwordHash: null,
        status: 'inactive',
        engLastName: null,
        engFirstName: null,
        fullName: s.pseudonym,
        nickName: null,
        avatar: null,
        searchText: searchText([s.pseudonym]),
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: s.now,
        deletedAt: s.now,
      })
      .where('id', '=', s.memberId)
      .execute();
    await purgeSearchIndex(tx, 'member_fts');
    await purgeSearchIndex(tx, 'member_search');
    return {
      lines: [line('member', 'member', 'anonymise', 1, 'pseudonym')],
      storedNames: row?.avatar ? [row.avatar] : [],
    };
  },
};
