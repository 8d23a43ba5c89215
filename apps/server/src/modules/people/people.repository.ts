import { sql, type Expression, type SqlBool } from 'kysely';
import { displayName, type PersonRef } from '@study-crm/shared';
import { compileOnce, idList, idsValue } from '../../db/compiled.js';
import type { Db } from '../../db/database.js';
import {
  countAll,
  liveMemberById,
  liveSearched,
  searchedColumn,
  searchPlan,
  searchTextHolds,
} from '../../db/sql-helpers.js';
import type { Conn as Tx } from '../../db/transaction.js';
import { type PageWindow as PeopleWindow } from '../../lib/paging.js';
import { pageRows } from '../../db/page-rows.js';
import type { PersonRow } from './people.mapper.js';

// A person as history names them: removed members keep their name, marked removed.
export type HistoryName = PersonRef & { removed: boolean };

const NAME_COLUMNS = ['id', 'engLastName', 'engFirstName', 'fullName', 'email', 'mobile', 'nickName'] as const;
const PERSON_COLUMNS = [
  'member.id',
  'member.loginName',
  'member.email',
  'member.fullName',
  'member.nickName',
  'member.engFirstName',
  'member.engLastName',
  'member.mobile',
] as const;

// A member's name parts as one JSON array (null for no such member; removed members too, as `names` reads them),
// read inside another module's statement on PostgreSQL: the application, payment, task and audit lists read the
// people they name in their page's statement, one statement where there were two (issue 43). An array, not an object
// of named fields: PostgreSQL builds a page of 20 rows naming two people each in 0.18 ms against 0.22 (decision 330).
// `namePerson` adds what `names` would answer for it.
export type PersonParts = [
  id: number,
  engLastName: string | null,
  engFirstName: string | null,
  fullName: string | null,
  email: string | null,
  mobile: string | null,
  nickName: string | null,
];
export const personPartsJson = (id: Expression<number | null>) =>
  sql<PersonParts | null>`(select json_build_array(m.id, m.eng_last_name, m.eng_first_name, m.full_name, m.email,
    m.mobile, m.nick_name) from member m where m.id = ${id})`;
export const personFromParts = ([
  id,
  engLastName,
  engFirstName,
  fullName,
  email,
  mobile,
  nickName,
]: PersonParts): PersonRef => ({
  id,
  name: displayName({ engLastName, engFirstName, fullName, email, mobile, nickName }),
});
// Adds a person a statement carried to `names` (once per id).
export function namePerson(names: Map<number, PersonRef>, p: PersonParts | null | undefined): void {
  if (p && !names.has(p[0])) names.set(p[0], personFromParts(p));
}

// The one place other modules read members as people: names, teacher references, students linked to records.
// (The member module owns the table; auth reads credentials for sign-in.)
export function createPeopleRepository(db: Db) {
  // Compiled once: the ids are one parameter (issue 43).
  const namesOf = compileOnce(db, ['ids'], (s) =>
    db
      .selectFrom('member')
      .select([...NAME_COLUMNS, 'deletedAt'])
      .where('id', 'in', idList(db, s.ids)),
  );
  const staffRow = (id: number, tx: Tx) =>
    tx.selectFrom('member').select('id').where('id', '=', id).where('memberType', '=', 'staff');
  // Each word (folded: packages/shared searchWords) is part of one of the member's names: the member module keeps
  // them all, folded, in search_text (migration 0039).
  // A word of three characters or more goes through the trigram index on search_text (migration 0045, decision
  // 138); one- and two-character words alone through member_gram (migration 0066, decision 217).
  // The member's own columns are compared opaquely for short words (searchedColumn), so member_gram drives.
  const searching = (words: readonly string[]) =>
    db
      .selectFrom('member')
      .where(liveSearched('member', words))
      .where(searchTextHolds(db, 'member', words));

  return {
    // A member (live or removed) holding this e-mail or sign-in name, case-insensitive: an import refuses the row.
    memberIdWith: async (field: 'email' | 'loginName', value: string): Promise<number | undefined> =>
      (
        await db
          .selectFrom('member')
          .select('id')
          .where((eb) => eb(eb.fn('lower', [field]), '=', value.toLowerCase()))
          .executeTakeFirst()
      )?.id,
    // Members holding a role (not deleted), one page of them.
    async pageOfRole(
      roleId: number,
      words: readonly string[],
      w: PeopleWindow,
    ): Promise<{ rows: PersonRow[]; total: number }> {
      const q = searching(words)
        .innerJoin('memberRole', 'memberRole.memberId', 'member.id')
        .where('memberRole.roleId', '=', roleId);
      return pageRows(db, q.select(PERSON_COLUMNS).orderBy('member.id', w.order), q.select(countAll), w);
    },

    // Staff members whose names hold every word (pickers), the first `limit` in search-text order (English
    // name first, so alphabetical by the name shown). The ids come from the live (member_type, search_text, id)
    // index alone, the scan stopping at the limit; the rows are read for those ids only.
    // Members of one kind (staff, or the member app's accounts) with every word in one of their names.
    async searchStaff(
      words: readonly string[],
      limit: number,
      kind: 'staff' | 'account' = 'staff',
    ): Promise<PersonRow[]> {
      // Only the gram keys of the kind asked for are counted and read (migration 0070, decision 252): a word common
      // among staff and held by no student reads nothing in the students' group.
      const plan = await searchPlan(db, 'member', words, sql<SqlBool>`is_staff = ${kind === 'staff' ? 1 : 0}`);
      if (plan.none) return [];
      const ids = db
        .selectFrom('member')
        .where(liveSearched('member', plan.driven))
        .where(plan.holds)
        .where(searchedColumn('member.member_type', plan.driven), kind === 'staff' ? '=' : '<>', 'staff')
        .select('member.id')
        .orderBy('member.searchText')
        .orderBy('member.id')
        .limit(limit);
      return db
        .selectFrom('member')
        .select(PERSON_COLUMNS)
        .where('member.id', 'in', ids)
        .orderBy('member.searchText')
        .orderBy('member.id')
        .execute();
    },

    async staffOptions(): Promise<PersonRef[]> {
      const rows = await db
        .selectFrom('member')
        .select(NAME_COLUMNS)
        .where('memberType', '=', 'staff')
        .where('status', '=', 'active')
        .where('deletedAt', 'is', null)
        .orderBy('id')
        .limit(1000)
        .execute();
      return rows.map((r) => ({ id: r.id, name: displayName(r) }));
    },

    async names(ids: (number | null | undefined)[]): Promise<Map<number, PersonRef>> {
      const unique = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
      if (!unique.length) return new Map();
      const { rows } = await namesOf({ ids: idsValue(db, unique) });
      return new Map(rows.map((r) => [r.id, { id: r.id, name: displayName(r) }]));
    },

    // The same for history (a change naming a person): removed members too, marked so.
    async historyNames(ids: readonly number[]): Promise<Map<number, HistoryName>> {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map();
      const { rows } = await namesOf({ ids: idsValue(db, unique) });
      return new Map(rows.map((r) => [r.id, { id: r.id, name: displayName(r), removed: r.deletedAt !== null }]));
    },

    async isActiveStaff(id: number, tx: Tx = db): Promise<boolean> {
      return !!(await staffRow(id, tx)
        .where('status', '=', 'active')
        .where('deletedAt', 'is', null)
        .executeTakeFirst());
    },

    // Staff of any status, removed or not (an erasure of a former employee, decision 200).
    isStaff: async (id: number, tx: Tx = db): Promise<boolean> => !!(await staffRow(id, tx).executeTakeFirst()),

    // Active staff members holding a permission identifier through any of their roles (to-do recipients).
    async staffWithPermission(perm: string, tx: Tx = db): Promise<number[]> {
      const rows = await tx
        .selectFrom('member')
        .innerJoin('memberRole', 'memberRole.memberId', 'member.id')
        .innerJoin('rolePermission', 'rolePermission.roleId', 'memberRole.roleId')
        .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
        .select('member.id')
        .distinct()
        .where('permission.perm', '=', perm)
        .where('member.memberType', '=', 'staff')
        .where('member.status', '=', 'active')
        .where('member.deletedAt', 'is', null)
        .orderBy('member.id')
        .execute();
      return rows.map((r) => r.id);
    },

    // A member's name and contact as a form would take them (their own feedback, messages sent for them).
    async contact(
      id: number,
      tx: Tx = db,
    ): Promise<{ name: string; email: string | null; areaCode: string | null; mobile: string | null } | undefined> {
      const row = await liveMemberById(tx, id)
        .select([...NAME_COLUMNS, 'areaCode'])
        .executeTakeFirst();
      return row && { name: displayName(row), email: row.email, areaCode: row.areaCode, mobile: row.mobile };
    },

    // The bound e-mail addresses of active members: one member's, or (null) every member's.
    async activeEmails(memberId: number | null, tx: Tx = db): Promise<string[]> {
      let q = tx
        .selectFrom('member')
        .select('member.email')
        .where('member.deletedAt', 'is', null)
        .where('member.status', '=', 'active')
        .where('member.email', 'is not', null);
      if (memberId !== null) q = q.where('member.id', '=', memberId);
      const out = new Map<string, string>();
      for (const r of await q.orderBy('member.id').execute()) {
        const email = r.email!.trim();
        if (email && !out.has(email.toLowerCase())) out.set(email.toLowerCase(), email);
      }
      return [...out.values()];
    },

    // The name a member signs in with: the login name, else the e-mail.
    async signInName(id: number, tx: Tx = db): Promise<string | undefined> {
      const row = await liveMemberById(tx, id).select(['loginName', 'email']).executeTakeFirst();
      return row?.loginName ?? row?.email ?? undefined;
    },

    async isStudent(id: number, tx: Tx = db): Promise<boolean> {
      const row = await liveMemberById(tx, id).select('id').where('memberType', '=', 'student').executeTakeFirst();
      return !!row;
    },

    async isMember(id: number, tx: Tx = db): Promise<boolean> {
      const row = await liveMemberById(tx, id).select('id').executeTakeFirst();
      return !!row;
    },

    // The member already holding this e-mail or mobile (members' unique keys), if any.
    async findByContact(
      tx: Tx,
      email: string | null,
      areaCode: string | null,
      mobile: string | null,
    ): Promise<{ id: number; memberType: string } | undefined> {
      const live = tx.selectFrom('member').select(['id', 'memberType']).where('deletedAt', 'is', null);
      if (email) {
        const row = await live.where('email', '=', email).executeTakeFirst();
        if (row) return row;
      }
      if (areaCode && mobile) {
        return live.where('areaCode', '=', areaCode).where('mobile', '=', mobile).executeTakeFirst();
      }
      return undefined;
    },
  };
}
export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
