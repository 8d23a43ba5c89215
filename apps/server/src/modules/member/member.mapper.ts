import { displayName, type Member, type MemberLabel, type MemberSession, type ProfileData } from '@study-crm/shared';
import type { MemberLabelRow, MemberRoleRow, MemberRow, RoleRow, SessionActivityRow } from './member.repository.js';

const roleRef = (r: RoleRow) => ({ id: r.id, name: r.name, cnName: r.cnName, enName: r.enName });

// The only place a member row becomes a response: no password hash, lock counters or deletion column.
export function toMember(row: MemberRow, roles: readonly RoleRow[]): Member {
  return {
    id: row.id,
    displayName: displayName(row),
    loginName: row.loginName,
    email: row.email,
    areaCode: row.areaCode,
    mobile: row.mobile,
    status: row.status,
    identityStatus: row.identityStatus,
    memberType: row.memberType,
    engLastName: row.engLastName,
    engFirstName: row.engFirstName,
    fullName: row.fullName,
    nickName: row.nickName,
    avatarImg: row.avatar,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    roles: roles.map(roleRef),
  };
}

export function groupRoles(rows: readonly MemberRoleRow[]): Map<number, RoleRow[]> {
  const out = new Map<number, RoleRow[]>();
  for (const r of rows) {
    const list = out.get(r.memberId) ?? [];
    list.push(roleRef(r));
    out.set(r.memberId, list);
  }
  return out;
}

// Groups a page's label rows by member, keeping the query's label order.
export function groupLabels(rows: readonly MemberLabelRow[]): Map<number, MemberLabel[]> {
  const out = new Map<number, MemberLabel[]>();
  for (const r of rows) {
    const list = out.get(r.memberId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color, status: r.status });
    out.set(r.memberId, list);
  }
  return out;
}

export function toProfile(row: MemberRow, roles: readonly RoleRow[]): ProfileData {
  return {
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
  };
}

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

// For other modules that join a member onto history (payments confirmed, follow-ups owned):
// a removed member keeps their name, marked as removed. Select these columns in the join.
export type MemberNameRow = {
  engLastName: string | null;
  engFirstName: string | null;
  fullName: string | null;
  email: string | null;
  mobile: string | null;
  nickName: string | null;
  deletedAt: number | null;
};
export type MemberRef = { displayName: string; isRemoved: boolean };

export function toMemberRef(row: MemberNameRow | null | undefined, fallback = '-'): MemberRef {
  if (!row) return { displayName: fallback, isRemoved: false };
  return { displayName: displayName(row, fallback), isRemoved: row.deletedAt !== null };
}

// The same as text, for lists that show a single string: "Chan Tai Man (removed)".
export function historyName(row: MemberNameRow | null | undefined, removedLabel = 'removed', fallback = '-'): string {
  const ref = toMemberRef(row, fallback);
  return ref.isRemoved ? `${ref.displayName} (${removedLabel})` : ref.displayName;
}
