import { randomInt } from 'node:crypto';
import { ADMIN_ROLE_NAME, MENU_SEED, menuSeedRow, type MenuSeed } from '@study-crm/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { MemberTable } from '../db/schema.js';
import { insertReturningId } from '../db/sql-helpers.js';
import type { Conn } from '../db/transaction.js';
import { hashPassword, withSearchText } from '../modules/member/index.js';
import { seedDicts } from './dict.seed.js';

// An active, verified staff member: the sign-in name and password, and the names and e-mail to show.
export type StaffMemberValues = { loginName: string; password: string } & Partial<
  Pick<Insertable<MemberTable>, 'email' | 'nickName' | 'engLastName' | 'engFirstName'>
>;

// A member row: an active, verified staff member created `now`, unless `fields` say otherwise (tests insert such
// rows too), with the search text of its names.
export const memberRow = (now: number, fields: Partial<Insertable<MemberTable>>): Insertable<MemberTable> =>
  withSearchText({
    status: 'active',
    identityStatus: 'verified',
    memberType: 'staff',
    failedLogins: 0,
    createdAt: now,
    updatedAt: now,
    ...fields,
  });

// Inserts that staff member (the administrator here, staff in tests); answers the new id.
export async function insertStaffMember(conn: Conn, m: StaffMemberValues, now: number): Promise<number> {
  const { password, ...names } = m;
  return insertReturningId(conn, 'member', memberRow(now, { ...names, passwordHash: await hashPassword(password) }));
}

export type SeedResult = { adminCreated: boolean; adminLogin: string; generatedPassword?: string };

// Inserts menu items missing by permission identifier; never touches existing rows (staff edits win).
// Returns the ids of the rows it inserted.
async function seedMenu(db: Db, items: readonly MenuSeed[], parentId: number, now: number): Promise<number[]> {
  const inserted: number[] = [];
  for (const item of items) {
    const existing = await db.selectFrom('permission').select('id').where('perm', '=', item.perm).executeTakeFirst();
    let id = existing?.id;
    if (id === undefined) {
      const row = await db
        .insertInto('permission')
        .values({ parentId, ...menuSeedRow(item), createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
      inserted.push(id);
    }
    if (item.children?.length) inserted.push(...(await seedMenu(db, item.children, id, now)));
  }
  return inserted;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
// 20 characters from 57 symbols: about 116 bits.
export function generatePassword(length = 20): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

// Idempotent first-start seed: menu tree, built-in administrator role, first administrator.
export async function seed(
  db: Db,
  opts: { adminLogin: string; adminPassword?: string | undefined; now?: number },
): Promise<SeedResult> {
  const now = opts.now ?? Date.now();
  return db.transaction().execute(async (tx) => {
    const newPermissionIds = await seedMenu(tx, MENU_SEED, 0, now);
    await seedDicts(tx, now);

    const adminRole = await tx.selectFrom('role').select('id').where('name', '=', ADMIN_ROLE_NAME).executeTakeFirst();
    const roleId =
      adminRole?.id ??
      (await insertReturningId(tx, 'role', {
        name: ADMIN_ROLE_NAME,
        cnName: '系統管理員',
        enName: 'Administrator',
        kind: 'management',
        isBuiltin: 1,
        createdAt: now,
        updatedAt: now,
      }));
    // The built-in role receives every item the seed adds; items staff removed from it stay removed.
    if (newPermissionIds.length) {
      await tx
        .insertInto('rolePermission')
        .values(newPermissionIds.map((permissionId) => ({ roleId, permissionId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }

    const existing = await tx
      .selectFrom('member')
      .select('id')
      .where('loginName', '=', opts.adminLogin)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (existing) return { adminCreated: false, adminLogin: opts.adminLogin };

    const generatedPassword = opts.adminPassword ? undefined : generatePassword();
    const password = opts.adminPassword ?? (generatedPassword as string);
    const memberId = await insertStaffMember(
      tx,
      { loginName: opts.adminLogin, password, email: null, nickName: 'Administrator' },
      now,
    );
    await tx.insertInto('memberRole').values({ memberId, roleId }).execute();
    return { adminCreated: true, adminLogin: opts.adminLogin, ...(generatedPassword ? { generatedPassword } : {}) };
  });
}
