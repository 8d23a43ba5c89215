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

// Inserts menu items missing by permission identifier; never touches existing rows (staff edits win). The items
// present are read in one statement (a server's every start finds them all). Returns the ids of the rows it inserted.
async function seedMenu(db: Db, items: readonly MenuSeed[], now: number): Promise<number[]> {
  const present = new Map(
    (await db.selectFrom('permission').select(['id', 'perm']).execute()).map((row) => [row.perm, row.id]),
  );
  const inserted: number[] = [];
  const walk = async (level: readonly MenuSeed[], parentId: number) => {
    for (const item of level) {
      let id = present.get(item.perm);
      if (id === undefined) {
        const row = await db
          .insertInto('permission')
          .values({ parentId, ...menuSeedRow(item), createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
        inserted.push(id);
      }
      if (item.children?.length) await walk(item.children, id);
    }
  };
  await walk(items, 0);
  return inserted;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
// 20 characters from 57 symbols: about 116 bits.
export function generatePassword(length = 20): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

// What every database starts with, idempotent: the menu tree, the dictionaries and the built-in administrator role,
// which receives every menu item this run adds (items staff removed from it stay removed). Answers the role's id.
// The tests' template database holds it already (test/template-db.ts), so each test app's start finds it all.
export async function seedCatalog(conn: Conn, now: number): Promise<number> {
  const newPermissionIds = await seedMenu(conn, MENU_SEED, now);
  await seedDicts(conn, now);
  const adminRole = await conn.selectFrom('role').select('id').where('name', '=', ADMIN_ROLE_NAME).executeTakeFirst();
  const roleId =
    adminRole?.id ??
    (await insertReturningId(conn, 'role', {
      name: ADMIN_ROLE_NAME,
      cnName: '系統管理員',
      enName: 'Administrator',
      kind: 'management',
      isBuiltin: 1,
      createdAt: now,
      updatedAt: now,
    }));
  if (newPermissionIds.length) {
    await conn
      .insertInto('rolePermission')
      .values(newPermissionIds.map((permissionId) => ({ roleId, permissionId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return roleId;
}

// Idempotent first-start seed: the catalog above, then the first administrator.
export async function seed(
  db: Db,
  opts: { adminLogin: string; adminPassword?: string | undefined; now?: number },
): Promise<SeedResult> {
  const now = opts.now ?? Date.now();
  return db.transaction().execute(async (tx) => {
    const roleId = await seedCatalog(tx, now);
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
