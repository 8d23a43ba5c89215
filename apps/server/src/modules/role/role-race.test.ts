import { beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@study-crm/shared';
import type { Tx } from '../../db/transaction.js';
import { testClock } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { whileHeld } from '../../test/while-held.js';
import { createRole, createStaff, permissionId } from '../../test/access-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { createAccessGuard, createAccessRepository, createRoleRepository, createRoleService } from './index.js';

const R = '/api/v1/mc/sys/role';

// Decision 367: a role or a menu item deleted while it is being granted. Concurrent writes never reach the database
// as errors (decision 36): no 500, and no membership dropped with the role.
describe('granting what is being deleted (both engines)', () => {
  const t = useTestApp({ signIn: true });
  let seq = 0;
  let memberId: number;
  let keptRoleId: number;

  const rolesOf = async (id: number) =>
    (await t.db.db.selectFrom('memberRole').select('roleId').where('memberId', '=', id).execute())
      .map((r) => r.roleId)
      .sort((x, y) => x - y);

  beforeAll(async () => {
    keptRoleId = await createRole(t.db.db, 'ROLE_RACE_KEPT', [PERM.dictList]);
    memberId = await createStaff(t.db.db, 'role-race-m', [keptRoleId]);
  });

  it('counts a grant under way when the role is deleted: 5422, the member keeps it', async () => {
    const roleId = await createRole(t.db.db, `ROLE_RACE_GONE${++seq}`, [PERM.dictList]);
    const res = await whileHeld(
      t.db,
      async (trx) => {
        await trx.insertInto('memberRole').values({ memberId, roleId }).execute();
      },
      () => t.post(`${R}/remove`, { id: roleId }, t.admin),
    );
    expect(res.meta.code).toBe(5422);
    expect(await rolesOf(memberId)).toEqual([keptRoleId, roleId].sort((x, y) => x - y));
    await t.db.db.deleteFrom('memberRole').where('roleId', '=', roleId).execute();
  });

  it('refuses a grant of a role deleted after its check (400 naming roleIds)', async () => {
    const roleId = await createRole(t.db.db, `ROLE_RACE_GONE${++seq}`, [PERM.dictList]);
    const repo = createRoleRepository(t.db.db);
    const roles = createRoleService({
      repo: {
        ...repo,
        transaction: async <T>(fn: (tx: Tx) => Promise<T>) => {
          await t.db.db.deleteFrom('role').where('id', '=', roleId).execute();
          return repo.transaction(fn);
        },
      },
      people: {
        isMember: async () => true,
        pageOfRole: async () => ({ rows: [], total: 0 }),
        searchStaff: async () => [],
      },
      clock: testClock(),
      guard: createAccessGuard(createAccessRepository(t.db.db)),
      twoFactorRoles: [],
      keepsActiveAdmin: async () => undefined,
    });
    await expect(
      roles.updateMemberRoles(memberId, [roleId], { id: t.admin.mid, perms: new Set() }),
    ).rejects.toMatchObject({
      code: 400,
      params: { field: 'roleIds', reason: 'v.unknownId' },
    });
    expect(await rolesOf(memberId)).toEqual([keptRoleId]);
  });

  it('refuses a grant of a role being deleted (400 naming roleIds), never 500', async () => {
    const roleId = await createRole(t.db.db, `ROLE_RACE_GONE${++seq}`, [PERM.dictList]);
    const res = await whileHeld(
      t.db,
      async (trx) => {
        await trx.deleteFrom('role').where('id', '=', roleId).execute();
      },
      () => t.post(`${R}/updateMemberRoles`, { userId: memberId, roleIds: [roleId] }, t.admin),
    );
    // On PostgreSQL the call's check before its transaction still saw the role.
    expectParamError(res, 'roleIds');
    expect(await rolesOf(memberId)).toEqual([keptRoleId]);
  });

  it("refuses a role's permissions naming a menu item being deleted (400 naming permissionIds), never 500", async () => {
    const permId = await permissionId(t.db.db, PERM.dictAdd);
    const res = await whileHeld(
      t.db,
      async (trx) => {
        await trx.deleteFrom('permission').where('id', '=', permId).execute();
      },
      () => t.post(`${R}/editRolePermission`, { id: keptRoleId, permissionIds: [permId] }, t.admin),
    );
    expectParamError(res, 'permissionIds');
  });

  // The role's member list adds or removes one role, saying which roles it read: two administrators changing one
  // member's roles from the same read no longer undo each other; the second is refused (409) and changes nothing.
  it('refuses a change of roles made from a stale read of them (409), keeping the change that came first', async () => {
    const other = await createRole(t.db.db, `ROLE_RACE_OTHER${++seq}`, [PERM.dictList]);
    const read = await rolesOf(memberId);
    const first = await t.post(
      `${R}/updateMemberRoles`,
      { userId: memberId, roleIds: [...read, other], expectedRoleIds: read },
      t.admin,
    );
    expect(first.meta.code).toBe(200);
    const stale = await t.post(
      `${R}/updateMemberRoles`,
      { userId: memberId, roleIds: read, expectedRoleIds: read },
      t.admin,
    );
    expect(stale.meta.code).toBe(409);
    expect(await rolesOf(memberId)).toEqual([...read, other].sort((x, y) => x - y));
    const fresh = await t.post(
      `${R}/updateMemberRoles`,
      { userId: memberId, roleIds: read, expectedRoleIds: [...read, other] },
      t.admin,
    );
    expect(fresh.meta.code).toBe(200);
    expect(await rolesOf(memberId)).toEqual(read);
  });
});
