import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { searchText } from '@study-crm/shared';
import {
  noteEmail,
  notePhone,
  noteRecords,
  noteValue,
  partLines,
  type PersonalDataPart,
  purgeSearchIndex,
} from '../../db/personal-data.js';

// The member row itself for the subject access export (issue 41): every column but the password hash and the
// search text built from the names; plus the labels put on the member.
export function createMemberPersonalData(db: Db) {
  return {
    // The member and the addresses things were sent to them at (the privacy module asks the other modules with them).
    async identity(memberId: number) {
      return db
        .selectFrom('member')
        .select(['id', 'email', 'areaCode', 'mobile', 'fullName', 'engFirstName', 'engLastName', 'nickName'])
        .where('id', '=', memberId)
        .executeTakeFirst();
    },
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const member = await db
        .selectFrom('member')
        .select([
          'id',
          'loginName',
          'email',
          'areaCode',
          'mobile',
          'status',
          'identityStatus',
          'memberType',
          'engLastName',
          'engFirstName',
          'fullName',
          'nickName',
          'avatar',
          'failedLogins',
          'lockedUntil',
          'createdAt',
          'updatedAt',
          'deletedAt',
        ])
        .where('id', '=', s.memberId)
        .execute();
      const labels = await db
        .selectFrom('memberLabel')
        .innerJoin('label', 'label.id', 'memberLabel.labelId')
        .select(['label.name', 'memberLabel.createdAt'])
        .where('memberLabel.memberId', '=', s.memberId)
        .execute();
      const roles = await db
        .selectFrom('memberRole')
        .innerJoin('role', 'role.id', 'memberRole.roleId')
        .select(['role.name', 'role.cnName', 'role.enName'])
        .where('memberRole.memberId', '=', s.memberId)
        .execute();
      return {
        parts: [part('member/member', member), part('member/member_label', labels), part('member/member_role', roles)],
        files: noFiles,
      };
    },
  };
}
export type MemberPersonalData = ReturnType<typeof createMemberPersonalData>;

// The part's line (count: the member row).
const lines = partLines('member', [['member', 'anonymise', 'pseudonym']]);

// The member row of an erased person stays (other records name it as their student or operator), anonymised: the
// pseudonym as its only name, no sign-in name, address, number or password, inactive and removed.
export const memberPersonalData: PersonalDataPart = {
  module: 'member',
  async collect(tx, s) {
    const m = await tx
      .selectFrom('member')
      .select(['loginName', 'email', 'areaCode', 'mobile', 'engLastName', 'engFirstName', 'fullName', 'nickName'])
      .where('id', '=', s.memberId)
      .executeTakeFirst();
    if (!m) return;
    s.exists = true;
    noteRecords(s, 'member', [s.memberId]);
    noteEmail(s, m.email);
    notePhone(s, m.areaCode, m.mobile);
    noteValue(s, m.loginName, m.engLastName, m.engFirstName, m.fullName, m.nickName);
    if (m.engFirstName && m.engLastName) noteValue(s, `${m.engFirstName} ${m.engLastName}`);
  },
  plan: async () => lines(1),
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
    return { lines: lines(1), storedNames: row?.avatar ? [row.avatar] : [] };
  },
};
