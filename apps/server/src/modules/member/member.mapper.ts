import { displayName, type Member, type MemberSession, type ProfileData } from '@study-crm/shared';
import { groupBy } from '../../lib/group.js';
import { pick } from '../../lib/pick.js';
import type { Row } from '../../db/schema.js';
import type { MemberRoleRow, MemberRow, RoleRow } from './member.repository.js';

const roleRef = (r: RoleRow) => ({ id: r.id, name: r.name, cnName: r.cnName, enName: r.enName });

// What the profile and the member views share: names, contact, type and roles; each view adds its own to this object
// (Object.assign, decision 297).
const person = (row: MemberRow, roles: readonly RoleRow[]) => ({
  id: row.id,
  displayName: displayName(row),
  loginName: row.loginName,
  email: row.email,
  areaCode: row.areaCode,
  mobile: row.mobile,
  engLastName: row.engLastName,
  engFirstName: row.engFirstName,
  fullName: row.fullName,
  nickName: row.nickName,
  avatarImg: row.avatar,
  memberType: row.memberType,
  roles: roles.map(roleRef),
});

// The only place a member row becomes a response: no password hash, lock counters or deletion column.
export function toMember(row: MemberRow, roles: readonly RoleRow[]): Member {
  return Object.assign(person(row, roles), pick(row, ['status', 'identityStatus', 'createdAt', 'updatedAt']));
}

export const groupRoles = (rows: readonly MemberRoleRow[]): Map<number, RoleRow[]> =>
  groupBy(rows, (r) => r.memberId, roleRef);

export const toProfile = (
  row: MemberRow,
  roles: readonly RoleRow[],
  activeRoleId: number | null,
  playData: ProfileData['playData'],
  session: ProfileData['session'],
): ProfileData => Object.assign(person(row, roles), { activeRoleId, playData, session });

// A session as the member's security view reads it (auth keeps the sessions; it hands these rows over).
export type SessionActivityRow = Omit<Row<'session'>, 'tokenHash' | 'memberId' | 'activeRoleId'>;

export function toMemberSession(row: SessionActivityRow, now: number): MemberSession {
  return {
    id: row.id,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    ip: row.ip,
    userAgent: row.userAgent,
    isActive: row.revokedAt === null && row.expiresAt > now,
  };
}
