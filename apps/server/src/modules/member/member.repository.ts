import { compileOnce } from '../../db/compiled.js';
import { listCount } from '../../db/list-count.js';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  ADMIN_ROLE_NAME,
  personSearchText,
  type MemberSort,
  type MemberType,
  type PersonNames,
} from '@study-crm/shared';
import type { Db, Dialect } from '../../db/database.js';
import { runInTransaction, type Conn } from '../../db/transaction.js';
import type { Database, MemberTable, Row } from '../../db/schema.js';
import { containsPattern, isUniqueViolation } from '../../db/sql-helpers.js';
import { setMemberRoles } from '../role/index.js';
import type { PasswordWrite } from './passwords.js';

export const MEMBER_COLUMNS = [
  'member.id',
  'member.loginName',
  'member.email',
  'member.areaCode',
  'member.mobile',
  'member.status',
  'member.identityStatus',
  'member.memberType',
  'member.engLastName',
  'member.engFirstName',
  'member.fullName',
  'member.nickName',
  'member.avatar',
  'member.createdAt',
  'member.updatedAt',
  'member.deletedAt',
] as const;

// Everything but the credentials, the lock state and the search text.
export type MemberRow = Omit<Row<'member'>, 'passwordHash' | 'failedLogins' | 'lockedUntil' | 'searchText'>;

export type RoleRow = Pick<Row<'role'>, 'id' | 'name' | 'cnName' | 'enName'>;
export type MemberRoleRow = RoleRow & { memberId: number };

export type MemberFilter = {
  keyword?: string | null | undefined;
  status?: 'active' | 'inactive' | null | undefined;
  identityStatus?: 'verified' | 'unverified' | null | undefined;
  roleId?: number | null | undefined;
  // One type, or any of several (the account list: students and parents).
  memberType?: MemberType | readonly MemberType[] | null | undefined;
};
export type MemberOrder = { sortBy: MemberSort; order: 'asc' | 'desc' };

// The passwords are passwords.ts's to write; the sign-in counters credentials.repository.ts's.
export type MemberValues = Partial<
  Pick<
    MemberTable,
    | 'loginName'
    | 'email'
    | 'areaCode'
    | 'mobile'
    | 'status'
    | 'identityStatus'
    | 'memberType'
    | 'engLastName'
    | 'engFirstName'
    | 'fullName'
    | 'nickName'
    | 'avatar'
  >
>;

// The searchable text of a member: the same expression as the PostgreSQL trigram index (migration 0006),
// so the planner can use that index.
const SEARCH_EXPR =
  "lower(coalesce(eng_last_name, '') || ' ' || coalesce(eng_first_name, '') || ' ' || coalesce(full_name, '') " +
  "|| ' ' || coalesce(nick_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(mobile, '') " +
  "|| ' ' || coalesce(login_name, ''))";

// The display-name rule of spec section 3 in SQL, for sorting (helpers.ts displayName is the reference).
const filled = (col: string) => `trim(coalesce(${col}, '')) <> ''`;
const DISPLAY_NAME_EXPR =
  `lower(case when ${filled('member.eng_last_name')} and ${filled('member.eng_first_name')} ` +
  `then trim(member.eng_last_name) || ' ' || trim(member.eng_first_name) ` +
  `when ${filled('member.eng_last_name')} then trim(member.eng_last_name) ` +
  `when ${filled('member.eng_first_name')} then trim(member.eng_first_name) ` +
  `when ${filled('member.email')} then trim(member.email) ` +
  `when ${filled('member.mobile')} then trim(member.mobile) ` +
  `when ${filled('member.nick_name')} then trim(member.nick_name) ` +
  `else trim(coalesce(member.full_name, '')) end)`;

// Unique index names of migration 0001 → the field they protect.
export type UniqueField = 'email' | 'mobile' | 'loginName';
export function uniqueViolation(err: unknown): UniqueField | undefined {
  const e = err as { code?: string; constraint?: string; message?: string };
  const text = `${e?.constraint ?? ''} ${e?.message ?? ''}`;
  if (!isUniqueViolation(err)) return undefined;
  if (/member_email_uq|member\.email/.test(text)) return 'email';
  if (/member_mobile_uq|member\.area_code|member\.mobile/.test(text)) return 'mobile';
  if (/member_login_name_uq|member\.login_name/.test(text)) return 'loginName';
  return undefined;
}

// The member module keeps `member.search_text` (migration 0039) in step with the names: every write of a name
// field goes through one of these, so the pickers' search (people module) finds what the member is shown as.

export const NAME_FIELDS = [
  'engLastName',
  'engFirstName',
  'fullName',
  'nickName',
  'loginName',
  'email',
  'mobile',
] as const;

// A new member row with its search text (inserts name every field they set).
export function withSearchText<V extends PersonNames>(values: V): V & { searchText: string } {
  return { ...values, searchText: personSearchText(values) };
}

// Whether a write sets any name field (then the search text is written again).
export const touchesNames = (values: object): boolean => NAME_FIELDS.some((f) => f in values);

// Rewrites one member's search text from the names it holds now, on the caller's connection (inside its
// transaction when there is one): for writes that set only some of the names.
export async function refreshSearchText(conn: Conn, id: number): Promise<void> {
  const row = await conn.selectFrom('member').select(NAME_FIELDS).where('id', '=', id).executeTakeFirst();
  if (!row) return;
  await conn
    .updateTable('member')
    .set({ searchText: personSearchText(row) })
    .where('id', '=', id)
    .execute();
}

function createMemberStore(db: Db, dialect: Dialect) {
  const keywordCondition = (keyword: string) => {
    const term = keyword.trim().toLowerCase();
    if (dialect === 'postgres') {
      return sql<SqlBool>`${sql.raw(SEARCH_EXPR)} like ${containsPattern(term)} escape '\\'`;
    }
    // The trigram tokenizer indexes runs of 3 characters: shorter parts scan the FTS table instead.
    if ([...term].length >= 3) {
      return sql<SqlBool>`member.id in (select rowid from member_fts where member_fts match ${`"${term.replace(/"/g, '""')}"`})`;
    }
    return sql<SqlBool>`member.id in (select rowid from member_fts where search_text like ${containsPattern(term)} escape '\\')`;
  };

  const whereFilter = (eb: ExpressionBuilder<Database, 'member'>, f: MemberFilter): Expression<SqlBool> => {
    const conds: Expression<SqlBool>[] = [eb('member.deletedAt', 'is', null)];
    if (typeof f.memberType === 'string') conds.push(eb('member.memberType', '=', f.memberType));
    else if (f.memberType?.length) conds.push(eb('member.memberType', 'in', f.memberType));
    if (f.status) conds.push(eb('member.status', '=', f.status));
    if (f.identityStatus) conds.push(eb('member.identityStatus', '=', f.identityStatus));
    if (f.roleId) {
      const roleId = f.roleId;
      conds.push(
        eb.exists(
          eb
            .selectFrom('memberRole')
            .select('memberRole.memberId')
            .whereRef('memberRole.memberId', '=', 'member.id')
            .where('memberRole.roleId', '=', roleId),
        ),
      );
    }
    if (f.keyword && f.keyword.trim()) conds.push(keywordCondition(f.keyword));
    return eb.and(conds);
  };

  const orderExpr = (sortBy: MemberSort) =>
    sortBy === 'displayName'
      ? sql.raw(DISPLAY_NAME_EXPR)
      : sortBy === 'email'
        ? sql`lower(coalesce(member.email, ''))`
        : sql.ref('member.createdAt');

  // One page of live members, filtered and sorted in SQL. Also used by the bench to show the plan.
  // With `after` (default order only), the page starts after that member by seek instead of an offset.
  const pageQuery = (
    filter: MemberFilter,
    order: MemberOrder,
    limit: number,
    offset: number,
    after?: { createdAt: number; id: number } | null,
  ) => {
    let q = db
      .selectFrom('member')
      .select(MEMBER_COLUMNS)
      .where((eb) => whereFilter(eb, filter));
    if (after && order.sortBy === 'createdAt') {
      q = q.where((eb) =>
        eb(
          eb.refTuple('member.createdAt', 'member.id'),
          order.order === 'desc' ? '<' : '>',
          eb.tuple(after.createdAt, after.id),
        ),
      );
    }
    return q
      .orderBy(orderExpr(order.sortBy), order.order)
      .orderBy('member.id', order.order)
      .limit(limit)
      .offset(after ? 0 : offset);
  };

  const countQuery = (filter: MemberFilter) =>
    db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where((eb) => whereFilter(eb, filter));

  // The profile's queries (every screen's first call), built and compiled once (issue 43).
  const byId = compileOnce(db, ['id'], (slot) =>
    db
      .selectFrom('member')
      .select(MEMBER_COLUMNS)
      .where('member.id', '=', slot.id)
      .where('member.deletedAt', 'is', null),
  );
  const rolesOfOne = compileOnce(db, ['id'], (slot) =>
    db
      .selectFrom('memberRole')
      .innerJoin('role', 'role.id', 'memberRole.roleId')
      .select(['memberRole.memberId', 'role.id', 'role.name', 'role.cnName', 'role.enName'])
      .where('memberRole.memberId', '=', slot.id)
      .orderBy('role.id'),
  );

  return {
    pageQuery,
    page: (
      filter: MemberFilter,
      order: MemberOrder,
      limit: number,
      offset: number,
      after?: { createdAt: number; id: number } | null,
    ): Promise<MemberRow[]> => pageQuery(filter, order, limit, offset, after).execute(),

    countQuery,
    async count(filter: MemberFilter): Promise<number> {
      // Only the member type narrows the list: the maintained counter (list_count) answers without counting rows.
      const narrowed = filter.status || filter.identityStatus || filter.roleId || filter.keyword?.trim();
      if (!narrowed) return listCount(db, 'member', filter.memberType);
      const row = await countQuery(filter).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // A live (not deleted) member.
    byId: async (id: number): Promise<MemberRow | undefined> => (await byId({ id })).rows[0],

    // Any member, deleted or not: for other modules' joins that keep showing history.
    byIdIncludingDeleted: (id: number): Promise<MemberRow | undefined> =>
      db.selectFrom('member').select(MEMBER_COLUMNS).where('member.id', '=', id).executeTakeFirst(),

    async rolesOf(memberIds: readonly number[]): Promise<MemberRoleRow[]> {
      if (!memberIds.length) return [];
      if (memberIds.length === 1) return (await rolesOfOne({ id: memberIds[0] })).rows;
      return db
        .selectFrom('memberRole')
        .innerJoin('role', 'role.id', 'memberRole.roleId')
        .select(['memberRole.memberId', 'role.id', 'role.name', 'role.cnName', 'role.enName'])
        .where('memberRole.memberId', 'in', memberIds)
        .orderBy('role.id')
        .execute();
    },

    roleOptions: (): Promise<RoleRow[]> =>
      db.selectFrom('role').select(['role.id', 'role.name', 'role.cnName', 'role.enName']).orderBy('role.id').execute(),

    async existingRoleIds(ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.selectFrom('role').select('role.id').where('role.id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    async emailTaken(email: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('member').select('member.id').where('member.email', '=', email);
      if (exceptId) q = q.where('member.id', '<>', exceptId);
      return Boolean(await q.where('member.deletedAt', 'is', null).executeTakeFirst());
    },

    async mobileTaken(areaCode: string, mobile: string, exceptId?: number): Promise<boolean> {
      let q = db
        .selectFrom('member')
        .select('member.id')
        .where('member.areaCode', '=', areaCode)
        .where('member.mobile', '=', mobile);
      if (exceptId) q = q.where('member.id', '<>', exceptId);
      return Boolean(await q.where('member.deletedAt', 'is', null).executeTakeFirst());
    },

    async loginNameTaken(loginName: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('member').select('member.id').where('member.loginName', '=', loginName);
      if (exceptId) q = q.where('member.id', '<>', exceptId);
      return Boolean(await q.where('member.deletedAt', 'is', null).executeTakeFirst());
    },

    async insert(values: MemberValues, now: number): Promise<number> {
      const row = await db
        .insertInto('member')
        .values({
          ...withSearchText(values),
          status: values.status ?? 'active',
          identityStatus: values.identityStatus ?? 'unverified',
          memberType: values.memberType ?? 'staff',
          failedLogins: 0,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: MemberValues, now: number): Promise<void> {
      await db
        .updateTable('member')
        .set({ ...values, updatedAt: now })
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .execute();
      if (touchesNames(values)) await refreshSearchText(db, id);
    },

    // A new member's password, hashed by passwords.ts, written in this store's transaction.
    writePassword: (write: PasswordWrite, memberId: number): Promise<void> => write(memberId, db),

    // The role module writes the links (it owns member_role), in this store's transaction.
    setRoles: (memberId: number, roleIds: readonly number[]): Promise<void> => setMemberRoles(db, memberId, roleIds),

    async softDelete(id: number, now: number): Promise<void> {
      await db
        .updateTable('member')
        .set({ deletedAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .execute();
    },

    async adminRoleId(): Promise<number | undefined> {
      const row = await db
        .selectFrom('role')
        .select('role.id')
        .where('role.name', '=', ADMIN_ROLE_NAME)
        .executeTakeFirst();
      return row?.id;
    },

    // Active, not deleted staff holding the administrator role. On PostgreSQL the rows are locked until the
    // transaction ends, so two administrators deactivating each other at once cannot both succeed.
    async activeAdminIds(): Promise<number[]> {
      const q = db
        .selectFrom('member')
        .innerJoin('memberRole', 'memberRole.memberId', 'member.id')
        .innerJoin('role', 'role.id', 'memberRole.roleId')
        .select('member.id')
        .where('role.name', '=', ADMIN_ROLE_NAME)
        .where('member.status', '=', 'active')
        .where('member.memberType', '=', 'staff')
        .where('member.deletedAt', 'is', null);
      const rows = await (dialect === 'postgres' ? q.forUpdate('member') : q).execute();
      return rows.map((r) => r.id);
    },

    async counts(since: number) {
      const row = await db
        .selectFrom('member')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          eb.fn.sum<number | string | null>(eb.case().when('status', '=', 'active').then(1).else(0).end()).as('active'),
          eb.fn
            .sum<number | string | null>(eb.case().when('memberType', '=', 'staff').then(1).else(0).end())
            .as('staff'),
          eb.fn
            .sum<number | string | null>(eb.case().when('memberType', '=', 'student').then(1).else(0).end())
            .as('students'),
          eb.fn
            .sum<number | string | null>(eb.case().when('memberType', '=', 'parent').then(1).else(0).end())
            .as('parents'),
          eb.fn
            .sum<number | string | null>(eb.case().when('createdAt', '>=', since).then(1).else(0).end())
            .as('recent'),
        ])
        .where('deletedAt', 'is', null)
        .executeTakeFirstOrThrow();
      return {
        total: Number(row.total),
        active: Number(row.active ?? 0),
        staff: Number(row.staff ?? 0),
        students: Number(row.students ?? 0),
        parents: Number(row.parents ?? 0),
        newLast30Days: Number(row.recent ?? 0),
      };
    },
  };
}
export type MemberStore = ReturnType<typeof createMemberStore>;
export type MemberRepository = MemberStore & {
  // Runs `fn` with the same queries bound to one transaction.
  transaction<T>(fn: (trx: MemberStore) => Promise<T>): Promise<T>;
};

export function createMemberRepository(db: Db, dialect: Dialect): MemberRepository {
  return {
    ...createMemberStore(db, dialect),
    transaction: (fn) => runInTransaction(db, (trx) => fn(createMemberStore(trx, dialect))),
  };
}
