import { sql } from 'kysely';
import type { RoleKind } from '@study-crm/shared';
import { isPostgres, type Db } from '../../db/database.js';
import { listCountSubquery } from '../../db/list-count.js';
import { replaceLinks } from '../../db/link-rows.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { PageWindow, SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';
import { containsPattern, countAll, likeLower, permissionIdsOfRole } from '../../db/sql-helpers.js';
import type { Row } from '../../db/schema.js';
import { lockRow } from '../../db/row-lock.js';
import { setMemberRoles } from './role-links.repository.js';

export type RoleRow = Row<'role'> & { memberCount: number };

export type RoleFilter = { keyword?: string | null; kind?: RoleKind | null };

// Methods that run inside the service's transaction take it as `tx` (first when they only make sense there, last
// and optional when they also read outside one).
export function createRoleRepository(db: Db) {
  const roles = (tx: Conn = db) =>
    tx.selectFrom('role').select([
      'role.id',
      'role.name',
      'role.cnName',
      'role.enName',
      'role.kind',
      'role.isBuiltin',
      'role.createdAt',
      'role.updatedAt',
      // Its live members, as the triggers of migration 0073 keep them (decision 271): one row, whatever their number.
      listCountSubquery(db, 'role_member', [sql<string>`cast(${sql.ref('role.id')} as varchar(64))`]).as('memberCount'),
    ]);

  // The list's filter from its slots (givenValues; `keyword` a contains-pattern of the name or the Chinese name).
  const filtered = (s: Slots<string>) => {
    let q = db.selectFrom('role');
    if (s.keyword)
      q = q.where((eb) => eb.or([likeLower('role.name', s.keyword!), likeLower('role.cnName', s.keyword!)]));
    if (s.kind) q = q.where('role.kind', '=', s.kind);
    return q;
  };
  // Each shape (the filters given, the order) built and compiled once (issue 43).
  const rolePage = compiledPageRows(db, (order: SortOrder, s) => ({
    rows: roles().where('role.id', 'in', filtered(s).select('role.id')).orderBy('role.id', order),
    count: filtered(s).select(countAll),
  }));

  const toRow = (r: Omit<RoleRow, 'memberCount'> & { memberCount: number | string | null }): RoleRow =>
    Object.assign(r, { memberCount: Number(r.memberCount ?? 0) });

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    async page(f: RoleFilter, w: PageWindow): Promise<{ rows: RoleRow[]; total: number }> {
      const { key, values } = givenValues({ keyword: f.keyword ? containsPattern(f.keyword) : null, kind: f.kind });
      const page = await rolePage(`${key}:${w.order}`, w.order, values, w);
      return { rows: page.rows.map(toRow), total: page.total };
    },

    async byId(id: number, tx: Conn = db): Promise<RoleRow | undefined> {
      const row = await roles(tx).where('role.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    async idByName(name: string, tx: Conn = db): Promise<number | undefined> {
      const row = await tx.selectFrom('role').select('id').where('name', '=', name).executeTakeFirst();
      return row?.id;
    },

    options: () => db.selectFrom('role').select(['id', 'name', 'cnName']).orderBy('id').execute(),

    async insert(
      tx: Tx,
      v: {
        name: string;
        cnName: string;
        enName: string | null;
        kind: RoleKind;
        now: number;
      },
    ): Promise<number> {
      const row = await tx
        .insertInto('role')
        .values({
          name: v.name,
          cnName: v.cnName,
          enName: v.enName,
          kind: v.kind,
          isBuiltin: 0,
          createdAt: v.now,
          updatedAt: v.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    // enName undefined keeps the stored English name.
    async update(
      tx: Tx,
      id: number,
      v: { name: string; cnName: string; enName?: string | null; kind: RoleKind; now: number },
    ) {
      await tx
        .updateTable('role')
        .set({
          name: v.name,
          cnName: v.cnName,
          ...(v.enName === undefined ? {} : { enName: v.enName }),
          kind: v.kind,
          updatedAt: v.now,
        })
        .where('id', '=', id)
        .execute();
    },

    async touch(tx: Tx, id: number, now: number) {
      await tx.updateTable('role').set({ updatedAt: now }).where('id', '=', id).execute();
    },

    async remove(tx: Tx, id: number) {
      await tx.deleteFrom('rolePermission').where('roleId', '=', id).execute();
      await tx.deleteFrom('memberRole').where('roleId', '=', id).execute();
      await tx.deleteFrom('role').where('id', '=', id).execute();
    },

    permissionIds: (roleId: number, tx: Conn = db) => permissionIdsOfRole(tx, roleId),

    // Parallel edits of one role's permissions (or one member's roles) wait for each other.
    lockRole: (tx: Tx, roleId: number) => lockRow(tx, 'role', roleId),
    lockMember: (tx: Tx, memberId: number) => lockRow(tx, 'member', memberId),

    setPermissions: (tx: Tx, roleId: number, permissionIds: readonly number[]) =>
      replaceLinks(tx, 'rolePermission', 'roleId', roleId, 'permissionId', permissionIds),

    // The menu tree as (id, parentId, perm): small (hundreds of rows), used to close a set under ancestors.
    permissionNodes: (tx: Tx) => tx.selectFrom('permission').select(['id', 'parentId', 'perm']).execute(),

    // Members holding the role, counting only members that are not deleted.
    async holders(tx: Tx, roleId: number): Promise<number> {
      const row = await tx
        .selectFrom('memberRole')
        .innerJoin('member', 'member.id', 'memberRole.memberId')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('memberRole.roleId', '=', roleId)
        .where('member.deletedAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async existingRoleIds(ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.selectFrom('role').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    // The roles among `ids` that exist, read in the grant's transaction and, on PostgreSQL, held from being deleted
    // until it ends (FOR KEY SHARE: a role's removal, which locks the role first, waits, then counts the new holder;
    // a removal that went first is waited for and the role is not found). Decision 367. In id order, as every write
    // takes role rows (a rename of a menu item's identifier locks them FOR UPDATE in that order).
    async heldRoleIds(tx: Tx, ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      const q = tx.selectFrom('role').select('id').where('id', 'in', ids).orderBy('id');
      const rows = await (isPostgres(tx) ? q.forKeyShare() : q).execute();
      return rows.map((r) => r.id);
    },

    rolesOfMember: (memberId: number, tx: Conn = db) =>
      tx
        .selectFrom('role')
        .innerJoin('memberRole', 'memberRole.roleId', 'role.id')
        .select(['role.id', 'role.name', 'role.cnName', 'role.enName'])
        .where('memberRole.memberId', '=', memberId)
        .orderBy('role.id')
        .execute(),

    setMemberRoles: (tx: Tx, memberId: number, roleIds: readonly number[]) => setMemberRoles(tx, memberId, roleIds),

    // Every role by its names (name, Chinese and English), lower-cased: an imported employee's roles are named.
    async nameIndex(): Promise<{ id: number; names: string[] }[]> {
      const rows = await db.selectFrom('role').select(['id', 'name', 'cnName', 'enName']).execute();
      return rows.map((r) => ({
        id: r.id,
        names: [r.name, r.cnName, r.enName].filter((n): n is string => !!n).map((n) => n.toLowerCase()),
      }));
    },
  };
}
export type RoleRepository = ReturnType<typeof createRoleRepository>;
