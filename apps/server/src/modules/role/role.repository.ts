import type { RoleKind } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { replaceLinks } from '../../db/link-rows.js';
import { runInTransaction } from '../../db/transaction.js';
import { type PageWindow, pageRows } from '../../lib/paging.js';
import { containsPattern, countAll, likeLower, permissionIdsOfRole } from '../../db/sql-helpers.js';
import type { Row } from '../../db/schema.js';
import { lockRow } from '../../db/row-lock.js';
import { setMemberRoles } from './role-links.repository.js';

export type RoleRow = Row<'role'> & { memberCount: number };

export type RoleFilter = { keyword?: string | null; kind?: RoleKind | null };

const ilike = (column: string, text: string) => likeLower(column, containsPattern(text));

function queries(db: Db) {
  const roles = () =>
    db.selectFrom('role').select((eb) => [
      'role.id',
      'role.name',
      'role.cnName',
      'role.enName',
      'role.kind',
      'role.isBuiltin',
      'role.createdAt',
      'role.updatedAt',
      eb
        .selectFrom('memberRole')
        .innerJoin('member', 'member.id', 'memberRole.memberId')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('memberRole.roleId', '=', 'role.id')
        .where('member.deletedAt', 'is', null)
        .as('memberCount'),
    ]);

  const filtered = (f: RoleFilter) => {
    let q = db.selectFrom('role');
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) => eb.or([ilike('role.name', k), ilike('role.cnName', k)]));
    }
    if (f.kind) q = q.where('role.kind', '=', f.kind);
    return q;
  };

  const toRow = (r: Omit<RoleRow, 'memberCount'> & { memberCount: number | string | null }): RoleRow => ({
    ...r,
    memberCount: Number(r.memberCount ?? 0),
  });

  return {
    async page(f: RoleFilter, w: PageWindow): Promise<{ rows: RoleRow[]; total: number }> {
      const ids = filtered(f).select('role.id');
      const page = await pageRows(
        roles().where('role.id', 'in', ids).orderBy('role.id', w.order),
        filtered(f).select(countAll),
        w,
      );
      return { rows: page.rows.map(toRow), total: page.total };
    },

    async byId(id: number): Promise<RoleRow | undefined> {
      const row = await roles().where('role.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    async idByName(name: string): Promise<number | undefined> {
      const row = await db.selectFrom('role').select('id').where('name', '=', name).executeTakeFirst();
      return row?.id;
    },

    options: () => db.selectFrom('role').select(['id', 'name', 'cnName']).orderBy('id').execute(),

    async insert(v: {
      name: string;
      cnName: string;
      enName: string | null;
      kind: RoleKind;
      now: number;
    }): Promise<number> {
      const row = await db
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
    async update(id: number, v: { name: string; cnName: string; enName?: string | null; kind: RoleKind; now: number }) {
      await db
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

    async touch(id: number, now: number) {
      await db.updateTable('role').set({ updatedAt: now }).where('id', '=', id).execute();
    },

    async remove(id: number) {
      await db.deleteFrom('rolePermission').where('roleId', '=', id).execute();
      await db.deleteFrom('memberRole').where('roleId', '=', id).execute();
      await db.deleteFrom('role').where('id', '=', id).execute();
    },

    permissionIds: (roleId: number) => permissionIdsOfRole(db, roleId),

    // Inside a transaction: parallel edits of one role's permissions (or one member's roles) wait for each other.
    lockRole: (roleId: number) => lockRow(db, 'role', roleId),
    lockMember: (memberId: number) => lockRow(db, 'member', memberId),

    setPermissions: (roleId: number, permissionIds: readonly number[]) =>
      replaceLinks(db, 'rolePermission', 'roleId', roleId, 'permissionId', permissionIds),

    // The menu tree as (id, parentId, perm): small (hundreds of rows), used to close a set under ancestors.
    permissionNodes: () => db.selectFrom('permission').select(['id', 'parentId', 'perm']).execute(),

    // Members holding the role, counting only members that are not deleted.
    async holders(roleId: number): Promise<number> {
      const row = await db
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

    rolesOfMember: (memberId: number) =>
      db
        .selectFrom('role')
        .innerJoin('memberRole', 'memberRole.roleId', 'role.id')
        .select(['role.id', 'role.name', 'role.cnName', 'role.enName'])
        .where('memberRole.memberId', '=', memberId)
        .orderBy('role.id')
        .execute(),

    setMemberRoles: (memberId: number, roleIds: readonly number[]) => setMemberRoles(db, memberId, roleIds),

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
type Queries = ReturnType<typeof queries>;
export type RoleRepository = Queries & {
  // Runs `fn` in one transaction with a repository bound to it.
  transaction: <T>(fn: (repo: RoleRepository) => Promise<T>) => Promise<T>;
};

export function createRoleRepository(db: Db): RoleRepository {
  return { ...queries(db), transaction: (fn) => runInTransaction(db, (trx) => fn(createRoleRepository(trx))) };
}
