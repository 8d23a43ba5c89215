import { displayName, personMatches, keywordWords, type PersonRef, type RecordSearch } from '@study-crm/shared';
import type { Conn, Tx } from '../../db/transaction.js';
import type { PageWindow } from '../../lib/paging.js';
import type { PersonFound } from './people.mapper.js';
import type { PeopleRepository } from './people.repository.js';

// The names and contacts of a student added with a record (an application naming a new student).
export type StudentValues = {
  fullName: string;
  engLastName: string | null;
  engFirstName: string | null;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
};
// A new student row: written by the member module, which owns the table (`MemberCredentials.insertStudent`).
export type InsertStudent = (tx: Conn, v: StudentValues, now: number) => Promise<number | undefined>;

// Members as people for every other module: names for display, teacher checks, the student behind a record.
// Calls that take `tx` run inside the caller's transaction.
export function createPeopleService(repo: PeopleRepository, insertStudent: InsertStudent) {
  return {
    staffOptions: (): Promise<PersonRef[]> => repo.staffOptions(),
    names: (ids: (number | null | undefined)[]): Promise<Map<number, PersonRef>> => repo.names(ids),
    // Names for history (a change naming a person), removed members included and marked.
    historyNames: (ids: readonly number[]) => repo.historyNames(ids),
    isActiveStaff: (id: number, tx?: Conn): Promise<boolean> => repo.isActiveStaff(id, tx),
    isStaff: (id: number, tx?: Tx): Promise<boolean> => repo.isStaff(id, tx),
    staffWithPermission: (perm: string, tx?: Conn): Promise<number[]> => repo.staffWithPermission(perm, tx),
    contact: (id: number, tx?: Conn) => repo.contact(id, tx),
    activeEmails: (memberId: number | null, tx?: Conn): Promise<string[]> => repo.activeEmails(memberId, tx),
    isMember: (id: number, tx?: Conn): Promise<boolean> => repo.isMember(id, tx),
    memberIdWith: (field: 'email' | 'loginName', value: string): Promise<number | undefined> =>
      repo.memberIdWith(field, value),
    // A live member of type student: the only kind an application may name as its student.
    isStudent: (id: number, tx?: Conn): Promise<boolean> => repo.isStudent(id, tx),
    signInName: (id: number, tx?: Conn): Promise<string | undefined> => repo.signInName(id, tx),
    findByContact: (tx: Conn, email: string | null, areaCode: string | null, mobile: string | null) =>
      repo.findByContact(tx, email, areaCode, mobile),
    insertStudent,
    pageOfRole: (roleId: number, keyword: string | null | undefined, w: PageWindow) =>
      repo.pageOfRole(roleId, keywordWords(keyword), w),
    // Staff found by part of any name they are shown by, each with the names that matched (pickers).
    async searchStaff(keyword: string | null | undefined, limit: number): Promise<PersonFound[]> {
      const words = keywordWords(keyword);
      const found: PersonFound[] = [];
      for (const row of await repo.searchStaff(words, limit)) {
        const matched = personMatches(row, words);
        if (matched) found.push(Object.assign(row, { matched }));
      }
      return found;
    },
    // The search box's staff (issue 39): the pickers' matching, as hits (the caller holds member:list).
    staffHits: (async (words, limit) =>
      (await repo.searchStaff(words, limit)).map((r) => ({
        id: r.id,
        title: displayName(r),
        detail: [r.loginName, r.email, r.mobile].filter(Boolean).join(' · ') || null,
        applicationId: null,
      }))) satisfies RecordSearch,
    // The search box's student accounts (the member app's students and parents), found like staff.
    accountHits: (async (words, limit) =>
      (await repo.searchStaff(words, limit, 'account')).map((r) => ({
        id: r.id,
        title: displayName(r),
        detail: [r.loginName, r.email, r.mobile].filter(Boolean).join(' · ') || null,
        applicationId: null,
      }))) satisfies RecordSearch,
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
