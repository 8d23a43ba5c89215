import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';

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
