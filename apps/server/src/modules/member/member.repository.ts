import { compileOnce, compileShapes, idList, idsValue, type Slots } from '../../db/compiled.js';
import { carriedTotal, listCount, listCountSubquery } from '../../db/list-count.js';
import { firstPageLimit, windowed } from '../../db/page-rows.js';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import {
  ADMIN_ROLE_NAME,
  personSearchText,
  keywordWords,
  type MemberLabel,
  type MemberSort,
  type MemberType,
  type PersonNames,
} from '@study-crm/shared';
import type { Db, Dialect } from '../../db/database.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { Database, MemberTable, Row } from '../../db/schema.js';
import {
  isUniqueViolation,
  liveSearched,
  searchedColumn,
  searchTextHolds,
  searchTextShape,
  searchTextValues,
} from '../../db/sql-helpers.js';
import { setMemberRoles } from '../role/index.js';
import { activeWalletAddress } from '../wallet/index.js';
import type { PasswordWrite } from './passwords.js';
import { pageTotal } from '../../lib/paging.js';
import { lockRow } from '../../db/row-lock.js';

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

// Sign-in by name (`/login/loginName`) matches a login name, or an e-mail lower-cased: a login name that is another
// member's e-mail would match two accounts. Whether a live member (but `exceptId`) holds `value` as their login name,
// or as their e-mail, compared lower-cased. (No index serves lower(login_name) or lower(email): they read the live
// members, for a write of one account's contact.)
export async function heldAsLoginName(tx: Conn, value: string, exceptId?: number): Promise<boolean> {
  let q = tx
    .selectFrom('member')
    .select('member.id')
    .where(sql<string>`lower(member.login_name)`, '=', value.trim().toLowerCase());
  if (exceptId) q = q.where('member.id', '<>', exceptId);
  return Boolean(await q.where('member.deletedAt', 'is', null).executeTakeFirst());
}
export async function heldAsEmail(tx: Conn, value: string, exceptId?: number): Promise<boolean> {
  let q = tx
    .selectFrom('member')
    .select('member.id')
    .where(sql<string>`lower(member.email)`, '=', value.trim().toLowerCase());
  if (exceptId) q = q.where('member.id', '<>', exceptId);
  return Boolean(await q.where('member.deletedAt', 'is', null).executeTakeFirst());
}

// A new member row with its search text (inserts name every field they set).
export function withSearchText<V extends PersonNames>(values: V): V & { searchText: string } {
  return { ...values, searchText: personSearchText(values) };
}

// Whether a write sets any name field (then the search text is written again).
export const touchesNames = (values: object): boolean => NAME_FIELDS.some((f) => f in values);

// Rewrites one member's search text from the names it holds now, on the caller's connection (inside its
// transaction when there is one): for writes that set only some of the names.
export async function refreshSearchText(tx: Conn, id: number): Promise<void> {
  const row = await tx.selectFrom('member').select(NAME_FIELDS).where('id', '=', id).executeTakeFirst();
  if (!row) return;
  await tx
    .updateTable('member')
    .set({ searchText: personSearchText(row) })
    .where('id', '=', id)
    .execute();
}

// A member's roles (as rolesOf reads them) as one JSON array, read beside the member's row; parseRoleList puts it in
// role id order. (Ordered inside SQLite's aggregate it cost a sort in a temporary b-tree, a third of the profile
// statement's time, for the two or three roles a member holds: issue 43.)
function roleListColumn(dialect: Dialect, eb: ExpressionBuilder<Database, 'member'>) {
  return (
    dialect === 'postgres'
      ? sql<string | null>`(${eb
          .selectFrom('memberRole')
          .innerJoin('role', 'role.id', 'memberRole.roleId')
          .select(
            sql<string>`json_agg(json_build_object('id', ${sql.ref('role.id')}, 'name', ${sql.ref('role.name')},
              'cnName', ${sql.ref('role.cnName')}, 'enName', ${sql.ref('role.enName')}))::text`.as('roles'),
          )
          .whereRef('memberRole.memberId', '=', 'member.id')})`
      : sql<string | null>`(${eb
          .selectFrom('memberRole')
          .innerJoin('role', 'role.id', 'memberRole.roleId')
          .select(
            sql<string>`json_group_array(json_object('id', ${sql.ref('role.id')}, 'name', ${sql.ref('role.name')},
              'cnName', ${sql.ref('role.cnName')}, 'enName', ${sql.ref('role.enName')}))`.as('roles'),
          )
          .whereRef('memberRole.memberId', '=', 'member.id')})`
  ).as('roleList');
}
// In role id order. (PostgreSQL's json_agg over no rows is null.)
const parseRoleList = (memberId: number, roleList: string | null): MemberRoleRow[] =>
  (JSON.parse(roleList ?? '[]') as RoleRow[]).sort((a, b) => a.id - b.id).map((r) => Object.assign(r, { memberId }));

// What the profile reads beside the member's columns: their roles and their activated wallet's address.
const profileExtras = (dialect: Dialect, eb: ExpressionBuilder<Database, 'member'>) => [
  roleListColumn(dialect, eb),
  activeWalletAddress(eb).as('walletAddress'),
];

// The profile (every screen's first call) as part of a statement over `member` another module runs: the session
// check's, which reads it in the same statement when the route asks (http/context.ts `carry`; issue 43). The
// selection adds MEMBER_COLUMNS' names, `roleList` and `walletAddress` to the row; `profileFrom` reads them back.
export const profileSelection = (dialect: Dialect, eb: ExpressionBuilder<Database, 'member'>) => [
  ...MEMBER_COLUMNS,
  ...profileExtras(dialect, eb),
];
export type ProfileRead = { row: MemberRow; roles: MemberRoleRow[]; walletAddress: string | null };
export type ProfileColumns = MemberRow & { roleList: string | null; walletAddress: string | null };
// (The row is handed on as it came, its extra columns unread: copying it without them cost more than the call's
// other work, decision 297.)
export function profileFrom(row: ProfileColumns): ProfileRead {
  return { row, roles: parseRoleList(row.id, row.roleList), walletAddress: row.walletAddress ?? null };
}

// Reads of other modules the list's page statement makes on PostgreSQL, given by the wiring (the label module's
// labels of a member: the label module reads members, so the member module does not import it).
export type MemberListCarried = {
  labels?: (memberId: Expression<number>) => RawBuilder<MemberLabel[] | null>;
};

// Methods that run inside the service's transaction take it as `tx` (first when they only make sense there, last
// and optional when they also write outside one).
export function createMemberRepository(db: Db, dialect: Dialect, carried: MemberListCarried = {}) {
  // The filter as a condition. With `s` (a compiled shape, db/compiled.ts) every value is taken from its slot
  // (memberType or mt0, mt1, …, status, identity, role, k0, k1, … for the keyword's values) and `f` only decides
  // which filters there are (filterShape).
  // `walkOrder`: the page is read along its order's index and each row's type tested (see typesWalked).
  const whereFilter = (
    eb: ExpressionBuilder<Database, 'member'>,
    f: MemberFilter,
    s?: Slots<string>,
    walkOrder = false,
  ): Expression<SqlBool> => {
    const val = <T>(name: string, v: T): T => (s ? (s[name] as T) : v);
    // A keyword of short words: member_gram drives the plan, the member's columns compared opaquely (decision 217).
    const words = f.keyword ? keywordWords(f.keyword) : [];
    const type = searchedColumn('member.member_type', walkOrder || words);
    const conds: Expression<SqlBool>[] = [liveSearched('member', words)];
    if (typeof f.memberType === 'string') conds.push(eb(type, '=', val('memberType', f.memberType)));
    else if (f.memberType?.length)
      conds.push(
        eb(
          type,
          'in',
          f.memberType.map((t, i) => val(`mt${i}`, t)),
        ),
      );
    if (f.status) conds.push(eb('member.status', '=', val('status', f.status)));
    if (f.identityStatus) conds.push(eb('member.identityStatus', '=', val('identity', f.identityStatus)));
    if (f.roleId) {
      const roleId = val('role', f.roleId);
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
    if (words.length) conds.push(searchTextHolds(db, 'member', words, s ? (i) => s[`k${i}`] : undefined));
    return eb.and(conds);
  };
  // The values of whereFilter(f)'s slots, and the key of its SQL text: the filters present (the names of their
  // slots) and the keyword's shape.
  const filterShape = (f: MemberFilter) => {
    const words = f.keyword ? keywordWords(f.keyword) : [];
    const values: Record<string, unknown> = {};
    if (typeof f.memberType === 'string') values.memberType = f.memberType;
    else f.memberType?.forEach((t, i) => (values[`mt${i}`] = t));
    if (f.status) values.status = f.status;
    if (f.identityStatus) values.identity = f.identityStatus;
    if (f.roleId) values.role = f.roleId;
    const key = `${words.length ? searchTextShape(words) : ''}:${Object.keys(values).join(',')}`;
    searchTextValues(db, words).forEach((x, i) => (values[`k${i}`] = x));
    return { key, values };
  };

  // On SQLite a page of several member types (the account list: students and parents) in the default order read
  // every member of those types through the type index and sorted them, a cost that grew with the accounts (10.6 ms
  // at 2,000 of 20,000 members). With the type compared opaquely SQLite walks the live members in created_at order
  // and stops at the page's end (decision 273). PostgreSQL merges the types' ordered index ranges itself.
  const typesWalked = (f: MemberFilter, order: MemberOrder) =>
    dialect === 'sqlite' && Array.isArray(f.memberType) && f.memberType.length > 1 && order.sortBy === 'createdAt';

  const orderExpr = (sortBy: MemberSort) =>
    sortBy === 'displayName'
      ? sql.raw(DISPLAY_NAME_EXPR)
      : sortBy === 'email'
        ? sql`lower(coalesce(member.email, ''))`
        : sql.ref('member.createdAt');

  // One page of live members, filtered and sorted in SQL. Also used by the bench to show the plan.
  // With `after` (default order only), the page starts after that member by seek instead of an offset.
  // With `s`, the values from the slots as whereFilter takes them, and limit, offset, afterAt, afterId.
  const pageQuery = (
    filter: MemberFilter,
    order: MemberOrder,
    limit: number,
    offset: number,
    after?: { createdAt: number; id: number } | null,
    s?: Slots<string>,
    // PostgreSQL, a first page: its limit written in (db/page-rows.ts' firstPageLimit, decision 321).
    first: number | null = null,
  ) => {
    let q = db
      .selectFrom('member')
      .select(MEMBER_COLUMNS)
      .where((eb) => whereFilter(eb, filter, s, typesWalked(filter, order)));
    if (after && order.sortBy === 'createdAt') {
      q = q.where((eb) =>
        eb(
          eb.refTuple('member.createdAt', 'member.id'),
          order.order === 'desc' ? '<' : '>',
          s ? eb.tuple(s.afterAt!, s.afterId!) : eb.tuple(after.createdAt, after.id),
        ),
      );
    }
    return windowed(
      q.orderBy(orderExpr(order.sortBy), order.order).orderBy('member.id', order.order),
      first,
      s ? s.limit! : limit,
      s ? s.offset! : after ? 0 : offset,
    );
  };

  const countQuery = (filter: MemberFilter, s?: Slots<string>) =>
    db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where((eb) => whereFilter(eb, filter, s));

  // The page and the count compiled once per shape (issue 43).
  type PageShape = { filter: MemberFilter; order: MemberOrder; after: boolean };
  const compiledPage = compileShapes(db, (p: PageShape, s) =>
    pageQuery(p.filter, p.order, 0, 0, p.after ? { createdAt: 0, id: 0 } : null, s),
  );
  const compiledCount = compileShapes(db, (f: MemberFilter, s) => countQuery(f, s));
  const rolesOfMany = compileOnce(db, ['ids'], (slot) =>
    db
      .selectFrom('memberRole')
      .innerJoin('role', 'role.id', 'memberRole.roleId')
      .select(['memberRole.memberId', 'role.id', 'role.name', 'role.cnName', 'role.enName'])
      .where('memberRole.memberId', 'in', idList(db, slot.ids))
      .orderBy('role.id'),
  );

  // The profile's queries (every screen's first call), built and compiled once (issue 43).
  const byId = compileOnce(db, ['id'], (slot) =>
    db
      .selectFrom('member')
      .select(MEMBER_COLUMNS)
      .where('member.id', '=', slot.id)
      .where('member.deletedAt', 'is', null),
  );
  const roleListOf = (eb: ExpressionBuilder<Database, 'member'>) => roleListColumn(dialect, eb);
  // A live member with their roles and activated wallet address in one row.
  const profileById = compileOnce(db, ['id'], (slot) =>
    db
      .selectFrom('member')
      .select(MEMBER_COLUMNS)
      .select((eb) => profileExtras(dialect, eb))
      .where('member.id', '=', slot.id)
      .where('member.deletedAt', 'is', null),
  );

  // A page: its filter, order, size, offset, and (default order only) the row it starts after.
  type PageArgs = [
    filter: MemberFilter,
    order: MemberOrder,
    limit: number,
    offset: number,
    after?: { createdAt: number; id: number } | null,
  ];

  // The list's page on PostgreSQL, with its total (the maintained counter when only the member type narrows it, else
  // the filter's count) and each member's roles: one statement where there were three (decision 269).
  type ListShape = PageShape & { counted: boolean; first: number | null };
  const listStatement = (p: ListShape, s: Slots<string>) => {
    const { filter } = p;
    const buckets =
      typeof filter.memberType === 'string' ? [s.memberType] : (filter.memberType ?? []).map((_, i) => s[`mt${i}`]);
    return pageQuery(filter, p.order, 0, 0, p.after ? { createdAt: 0, id: 0 } : null, s, p.first)
      .select(roleListOf)
      .$if(!!carried.labels, (q) => q.select(carried.labels!(sql.ref('member.id')).as('labelList')))
      .$if(p.counted, (q) => q.select(listCountSubquery(db, 'member', buckets).as('total')))
      .$if(!p.counted, (q) => q.select(countQuery(filter, s).as('total')));
  };
  // A first page without a keyword (its other filters are equalities) is planned once for any values (decision 324).
  const compiledList = compileShapes(db, listStatement, (p) => p.first !== null && !p.filter.keyword?.trim());
  // Only the member type narrows the list: the maintained counter (list_count) answers without counting rows.
  const isCounted = (f: MemberFilter) => !(f.status || f.identityStatus || f.roleId || f.keyword?.trim());

  // A page's slot values and the key of its SQL text.
  const pageShape = (...[filter, order, limit, offset, after]: PageArgs) => {
    const { key, values } = filterShape(filter);
    const seek = !!after && order.sortBy === 'createdAt';
    values.limit = limit;
    values.offset = after ? 0 : offset;
    if (seek) {
      values.afterAt = after.createdAt;
      values.afterId = after.id;
    }
    return { key: `${key}|${order.sortBy}|${order.order}|${seek ? 'a' : ''}`, values, seek };
  };

  const page = (...args: PageArgs): Promise<MemberRow[]> => {
    const { key, values, seek } = pageShape(...args);
    return compiledPage(key, { filter: args[0], order: args[1], after: seek }, values).then((r) => r.rows);
  };

  async function count(filter: MemberFilter): Promise<number> {
    if (isCounted(filter)) return listCount(db, 'member', filter.memberType);
    const { key, values } = filterShape(filter);
    return Number((await compiledCount(key, filter, values)).rows[0]!.n);
  }

  async function rolesOf(memberIds: readonly number[]): Promise<MemberRoleRow[]> {
    if (!memberIds.length) return [];
    if (memberIds.length === 1) return (await rolesOfOne({ id: memberIds[0] })).rows;
    return (await rolesOfMany({ ids: idsValue(db, memberIds) })).rows;
  }

  const rolesOfOne = compileOnce(db, ['id'], (slot) =>
    db
      .selectFrom('memberRole')
      .innerJoin('role', 'role.id', 'memberRole.roleId')
      .select(['memberRole.memberId', 'role.id', 'role.name', 'role.cnName', 'role.enName'])
      .where('memberRole.memberId', '=', slot.id)
      // (The same order as role.id, read along member_role's key: no sort.)
      .orderBy('memberRole.roleId'),
  );

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    pageQuery,
    page,
    countQuery,
    count,

    // The list's page, its total and its members' roles (decision 269): one statement on PostgreSQL, two or three
    // in process on SQLite (the count only for a page that does not tell the total). An empty page says its total
    // only when it is the first one; past the last row or after the last cursor, the total is counted on its own.
    // On PostgreSQL with `carried.labels` (the wiring's), each member's labels too (`labels`; else the caller reads
    // them).
    async listPage(...args: PageArgs): Promise<{
      rows: MemberRow[];
      total: number;
      roles: MemberRoleRow[];
      labels?: Map<number, MemberLabel[]>;
    }> {
      const [filter, order, limit, offset] = args;
      const { key, values, seek } = pageShape(...args);
      if (dialect !== 'postgres') {
        const rows = (await compiledPage(key, { filter, order, after: seek }, values)).rows;
        // A page that is not full tells the total (pageTotal); a page after a cursor starts where nobody counted.
        const total =
          pageTotal(rows.length, limit, seek ? undefined : (values.offset as number)) ?? (await count(filter));
        return { rows, total, roles: await rolesOf(rows.map((r) => r.id)) };
      }
      const counted = isCounted(filter);
      const first = seek ? null : firstPageLimit(db, { limit, offset });
      const found = (
        await compiledList(
          `${key}|${counted ? 'c' : 'f'}${first === null ? '' : `|L${first}`}`,
          { filter, order, after: seek, counted, first },
          values,
        )
      ).rows;
      const total = await carriedTotal(found, offset === 0 && !seek, () => count(filter));
      const rows: MemberRow[] = [];
      const roles: MemberRoleRow[] = [];
      const labels = new Map<number, MemberLabel[]>();
      for (const { roleList, labelList, total: _total, ...row } of found) {
        rows.push(row);
        roles.push(...parseRoleList(row.id, roleList));
        if (labelList) labels.set(row.id, labelList);
      }
      return { rows, total, roles, ...(carried.labels ? { labels } : {}) };
    },

    // A live (not deleted) member.
    byId: async (id: number): Promise<MemberRow | undefined> => (await byId({ id })).rows[0],

    // A live member, their roles and their activated wallet's address, read in one statement (the profile, every
    // screen's first call; issue 43).
    async profileOf(id: number): Promise<ProfileRead | undefined> {
      const found = (await profileById({ id })).rows[0];
      return found && profileFrom(found);
    },

    // Any member, deleted or not: for other modules' joins that keep showing history.
    byIdIncludingDeleted: (id: number): Promise<MemberRow | undefined> =>
      db.selectFrom('member').select(MEMBER_COLUMNS).where('member.id', '=', id).executeTakeFirst(),

    rolesOf,

    roleOptions: (): Promise<RoleRow[]> =>
      db.selectFrom('role').select(['role.id', 'role.name', 'role.cnName', 'role.enName']).orderBy('role.id').execute(),

    async existingRoleIds(ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.selectFrom('role').select('role.id').where('role.id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    // Whether another live member holds the value; `tx` (a transaction of the caller's) reads it there.
    async emailTaken(email: string, exceptId?: number, tx: Conn = db): Promise<boolean> {
      let q = tx.selectFrom('member').select('member.id').where('member.email', '=', email);
      if (exceptId) q = q.where('member.id', '<>', exceptId);
      return Boolean(await q.where('member.deletedAt', 'is', null).executeTakeFirst());
    },

    async mobileTaken(areaCode: string, mobile: string, exceptId?: number, tx: Conn = db): Promise<boolean> {
      let q = tx
        .selectFrom('member')
        .select('member.id')
        .where('member.areaCode', '=', areaCode)
        .where('member.mobile', '=', mobile);
      if (exceptId) q = q.where('member.id', '<>', exceptId);
      return Boolean(await q.where('member.deletedAt', 'is', null).executeTakeFirst());
    },

    async loginNameTaken(loginName: string, exceptId?: number, tx: Conn = db): Promise<boolean> {
      let q = tx.selectFrom('member').select('member.id').where('member.loginName', '=', loginName);
      if (exceptId) q = q.where('member.id', '<>', exceptId);
      return Boolean(await q.where('member.deletedAt', 'is', null).executeTakeFirst());
    },

    // Whether another live member's login name (e-mail) is this value, lower-cased (sign-in by name reads both).
    heldAsLoginName: (value: string, exceptId?: number, tx: Conn = db) => heldAsLoginName(tx, value, exceptId),
    heldAsEmail: (value: string, exceptId?: number, tx: Conn = db) => heldAsEmail(tx, value, exceptId),

    async insert(tx: Tx, values: MemberValues, now: number): Promise<number> {
      const row = await tx
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

    async update(id: number, values: MemberValues, now: number, tx: Conn = db): Promise<void> {
      await tx
        .updateTable('member')
        .set({ ...values, updatedAt: now })
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .execute();
      if (touchesNames(values)) await refreshSearchText(tx, id);
    },

    // A new member's password, hashed by passwords.ts, written in the caller's transaction.
    writePassword: (tx: Tx, write: PasswordWrite, memberId: number): Promise<void> => write(memberId, tx),

    // The member's row, held until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time):
    // a change of the member's roles waits for it, so a check made after it stays true until the write (decision 366).
    lock: (tx: Tx, id: number): Promise<void> => lockRow(tx, 'member', id),
    // A live member read on the caller's transaction: after `lock`, the row as it stays until the write.
    rowOn: (tx: Tx, id: number): Promise<MemberRow | undefined> =>
      tx
        .selectFrom('member')
        .select(MEMBER_COLUMNS)
        .where('member.id', '=', id)
        .where('member.deletedAt', 'is', null)
        .executeTakeFirst(),

    // The role module writes the links (it owns member_role), in the caller's transaction.
    setRoles: (tx: Tx, memberId: number, roleIds: readonly number[]): Promise<void> =>
      setMemberRoles(tx, memberId, roleIds),

    async softDelete(tx: Tx, id: number, now: number): Promise<void> {
      await tx
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
    // transaction ends, so two administrators deactivating each other at once cannot both succeed. Their role rows
    // too: a call that waited for another taking the role away finds that row gone and leaves the member out (with the
    // member row alone it would count them from the rows it read before waiting). In id order, so two such calls lock
    // in the same order (decision 335).
    async activeAdminIds(tx: Tx): Promise<number[]> {
      const q = tx
        .selectFrom('member')
        .innerJoin('memberRole', 'memberRole.memberId', 'member.id')
        .innerJoin('role', 'role.id', 'memberRole.roleId')
        .select('member.id')
        .where('role.name', '=', ADMIN_ROLE_NAME)
        .where('member.status', '=', 'active')
        .where('member.memberType', '=', 'staff')
        .where('member.deletedAt', 'is', null)
        .orderBy('member.id');
      const rows = await (dialect === 'postgres' ? q.forUpdate(['member', 'memberRole']) : q).execute();
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
export type MemberRepository = ReturnType<typeof createMemberRepository>;
