import type { Db } from '../../db/database.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import { permissionIdsOfRole } from '../../db/sql-helpers.js';
import {
  dropPermissionGrants,
  grantToBuiltinRoles,
  holdBuiltinRoles,
  lockRolesGranting,
  rolesGranting,
} from '../role/index.js';

export const PERMISSION_COLUMNS = [
  'permission.id',
  'permission.parentId',
  'permission.name',
  'permission.title',
  'permission.icon',
  'permission.url',
  'permission.sort',
  'permission.isShow',
  'permission.component',
  'permission.perm',
  'permission.type',
] as const;

export type PermissionRow = Omit<Row<'permission'>, 'createdAt' | 'updatedAt'>;

export type PermissionValues = Omit<PermissionRow, 'id'>;

// Methods that run inside the service's transaction take it as `tx` (first when they only make sense there, last
// and optional when they also read outside one).
export function createPermissionRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    byId: (id: number, tx: Conn = db): Promise<PermissionRow | undefined> =>
      tx.selectFrom('permission').select(PERMISSION_COLUMNS).where('permission.id', '=', id).executeTakeFirst(),

    byIds: (tx: Tx, ids: readonly number[]): Promise<PermissionRow[]> =>
      ids.length
        ? tx.selectFrom('permission').select(PERMISSION_COLUMNS).where('permission.id', 'in', ids).execute()
        : Promise.resolve([]),

    async idByPerm(tx: Tx, perm: string): Promise<number | undefined> {
      const row = await tx.selectFrom('permission').select('id').where('perm', '=', perm).executeTakeFirst();
      return row?.id;
    },

    // Ids among `ids` that have at least one child.
    async withChildren(tx: Tx, ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await tx
        .selectFrom('permission')
        .select('parentId')
        .distinct()
        .where('parentId', 'in', ids)
        .execute();
      return rows.map((r) => r.parentId);
    },

    // (id, parentId) of every item: small, used to refuse a parent that lies under the item itself.
    links: (tx: Tx) => tx.selectFrom('permission').select(['id', 'parentId']).execute(),

    async insert(tx: Tx, v: PermissionValues, now: number): Promise<number> {
      const row = await tx
        .insertInto('permission')
        .values({ ...v, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(tx: Tx, id: number, v: PermissionValues, now: number) {
      await tx
        .updateTable('permission')
        .set({ ...v, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    // The grants go first (the role module writes them, in this transaction).
    async removeMany(tx: Tx, ids: readonly number[]) {
      await dropPermissionGrants(tx, ids);
      await tx.deleteFrom('permission').where('id', 'in', ids).execute();
    },

    // A new item goes to the built-in role, which holds everything; its row is held before the item is inserted.
    holdBuiltinRoles: (tx: Tx) => holdBuiltinRoles(tx),
    grantToBuiltinRoles: (tx: Tx, permissionId: number) => grantToBuiltinRoles(tx, permissionId),

    // The roles granting an item: locked before its identifier is renamed (PostgreSQL FOR UPDATE, in id order), and
    // read again after (the role module's rows, in this transaction).
    lockRolesGranting: (tx: Tx, permissionId: number) => lockRolesGranting(tx, permissionId),
    rolesGranting: (tx: Tx, permissionId: number) => rolesGranting(tx, permissionId),

    roleExists: async (roleId: number): Promise<boolean> =>
      Boolean(await db.selectFrom('role').select('id').where('id', '=', roleId).executeTakeFirst()),

    idsOfRole: (roleId: number) => permissionIdsOfRole(db, roleId),

    all: (): Promise<PermissionRow[]> =>
      db.selectFrom('permission').select(PERMISSION_COLUMNS).orderBy('sort').orderBy('id').execute(),

    // Items granted to the member through any of their roles, or through `roleId` alone when given (the session's
    // active role, already checked to be one the member holds).
    ofMember: (memberId: number, type?: 'menu' | 'button', roleId: number | null = null): Promise<PermissionRow[]> => {
      let q = db
        .selectFrom('permission')
        .select(PERMISSION_COLUMNS)
        .where('permission.id', 'in', (eb) => {
          const granted = eb
            .selectFrom('rolePermission')
            .innerJoin('memberRole', 'memberRole.roleId', 'rolePermission.roleId')
            .select('rolePermission.permissionId')
            .where('memberRole.memberId', '=', memberId);
          return roleId === null ? granted : granted.where('memberRole.roleId', '=', roleId);
        });
      if (type) q = q.where('permission.type', '=', type);
      return q.orderBy('permission.sort').orderBy('permission.id').execute();
    },
  };
}
export type PermissionRepository = ReturnType<typeof createPermissionRepository>;
