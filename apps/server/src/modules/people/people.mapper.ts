import { displayName, type PersonMatch, type PersonRef } from '@study-crm/shared';

// A member as a person in another module's list (role members, pickers).
export type PersonRow = {
  id: number;
  loginName: string | null;
  email: string | null;
  fullName: string | null;
  nickName: string | null;
  engFirstName: string | null;
  engLastName: string | null;
  mobile: string | null;
};
// A person a picker found, with the names that hold the words searched for (issue 36).
export type PersonFound = PersonRow & { matched: PersonMatch[] };

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

// The person an id names in a map from PeopleService.names: null for no id, or an id the map lacks.
export const personRef = (names: ReadonlyMap<number, PersonRef>, id: number | null): PersonRef | null =>
  id ? (names.get(id) ?? null) : null;
