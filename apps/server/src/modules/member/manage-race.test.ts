import { beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@study-crm/shared';
import { replaceLinks } from '../../db/link-rows.js';
import type { Tx } from '../../db/transaction.js';
import { testClock } from '../../test/harness.js';
import { changeCounterValue } from '../../test/rows.js';
import { useTestApp } from '../../test/signed-in.js';
import { adminRoleIdOf, createRole, createStaff, MEMBER_MANAGER_PERMS } from '../../test/access-fixtures.js';
import {
  createAccessGuard,
  createAccessRepository,
  createRoleRepository,
  createRoleService,
  type Actor,
} from '../role/index.js';
import { createErasureRepository, createErasureService } from '../erasure/index.js';
import { createMemberCredentials, createMemberRepository, createMemberService, memberPersonalData } from './index.js';

// Decision 366: a check of what another member holds and the write it allows are one step. B (a member manager,
// not an administrator) acts on T; an administrator makes T an administrator between B's first check and B's
// write (here at the moment the write's transaction is asked for, or while the password is hashed). The write
// checks again under T's lock on its own transaction, sees the grant and is refused (403); before, it landed.
describe('a check on another member holds until the write (both engines)', () => {
  const t = useTestApp();
  const clock = testClock();
  let adminRoleId: number;
  let managerRoleId: number;
  let b: Actor;
  let seq = 0;

  const grantAdmin = (memberId: number) =>
    replaceLinks(t.db.db, 'memberRole', 'memberId', memberId, 'roleId', [adminRoleId]);
  const rolesOf = async (memberId: number) =>
    (await t.db.db.selectFrom('memberRole').select('roleId').where('memberId', '=', memberId).execute())
      .map((r) => r.roleId)
      .sort((x, y) => x - y);
  const memberRow = (id: number) =>
    t.db.db
      .selectFrom('member')
      .select(['status', 'email', 'passwordHash', 'deletedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  // A member service whose transaction (and hash) first runs `between`, as a concurrent call committing then would.
  function membersWith(between: { beforeTx?: () => Promise<void>; whileHashing?: () => Promise<void> }) {
    const repo = createMemberRepository(t.db.db, t.db.dialect);
    const credentials = createMemberCredentials(t.db.db, clock);
    return createMemberService({
      repo: {
        ...repo,
        transaction: async <T>(fn: (tx: Tx) => Promise<T>) => {
          await between.beforeTx?.();
          return repo.transaction(fn);
        },
      },
      sessions: { recentOf: async () => [], closeAllOf: async () => undefined },
      clock,
      guard: createAccessGuard(createAccessRepository(t.db.db)),
      labelsOf: async () => new Map(),
      setPassword: async (password, opts) => {
        const write = await credentials.setPassword(password, opts);
        await between.whileHashing?.();
        return write;
      },
    });
  }

  const target = async () => createStaff(t.db.db, `target${++seq}`, [managerRoleId]);

  beforeAll(async () => {
    adminRoleId = await adminRoleIdOf(t.db.db);
    managerRoleId = await createRole(t.db.db, 'ROLE_RACE_MANAGER', MEMBER_MANAGER_PERMS);
    const bId = await createStaff(t.db.db, 'race-b', [managerRoleId]);
    b = { id: bId, perms: new Set(MEMBER_MANAGER_PERMS) };
  });

  it('refuses a password reset when the member became an administrator while it was hashed', async () => {
    const id = await target();
    const before = (await memberRow(id)).passwordHash;
    const members = membersWith({ whileHashing: () => grantAdmin(id) });
    await expect(members.setPassword(id, 'NewPass#2026', b)).rejects.toMatchObject({ code: 403 });
    expect((await memberRow(id)).passwordHash).toBe(before);
  });

  it('refuses an update, a removal and a new e-mail when the member became an administrator before the write', async () => {
    for (const call of [
      (m: ReturnType<typeof membersWith>, id: number) => m.update({ id, status: 'inactive' }, b),
      (m: ReturnType<typeof membersWith>, id: number) => m.update({ id, fullName: 'Renamed' }, b),
      (m: ReturnType<typeof membersWith>, id: number) => m.remove(id, b),
      (m: ReturnType<typeof membersWith>, id: number) => m.addEmail(id, `taken${seq}@example.test`, b),
    ]) {
      const id = await target();
      const row = await memberRow(id);
      const members = membersWith({ beforeTx: () => grantAdmin(id) });
      await expect(call(members, id)).rejects.toMatchObject({ code: 403 });
      expect(await memberRow(id)).toEqual(row);
    }
  });

  it("refuses the role screen's change of a member who became an administrator before the write", async () => {
    const id = await target();
    const repo = createRoleRepository(t.db.db);
    const roles = createRoleService({
      repo: {
        ...repo,
        transaction: async <T>(fn: (tx: Tx) => Promise<T>) => {
          await grantAdmin(id);
          return repo.transaction(fn);
        },
      },
      people: {
        isMember: async () => true,
        pageOfRole: async () => ({ rows: [], total: 0 }),
        searchStaff: async () => [],
      },
      clock,
      guard: createAccessGuard(createAccessRepository(t.db.db)),
      twoFactorRoles: [],
      keepsActiveAdmin: membersWith({}).keepsActiveAdmin,
    });
    await expect(roles.updateMemberRoles(id, [managerRoleId], b)).rejects.toMatchObject({ code: 403 });
    // The administrator role stays (B's write would have replaced it with the manager role).
    expect(await rolesOf(id)).toEqual([adminRoleId]);
  });

  // Decision 366: an edit that names no roles writes none. Before, the roles read before the transaction were
  // written back: a change of roles made meanwhile was undone and every status toggle moved the access counter.
  it('keeps the roles as they are when an update names none, and leaves the access counter alone', async () => {
    const id = await target();
    const otherRoleId = await createRole(t.db.db, `ROLE_RACE_OTHER${++seq}`, [PERM.memberList]);
    const access = () => changeCounterValue(t.db.db, 'access');
    let counter = 0;
    const members = membersWith({
      beforeTx: async () => {
        await replaceLinks(t.db.db, 'memberRole', 'memberId', id, 'roleId', [otherRoleId]);
        counter = await access();
      },
    });
    await members.update({ id, fullName: 'Renamed' }, b);
    expect(await rolesOf(id)).toEqual([otherRoleId]);
    await members.update({ id, status: 'inactive' }, b);
    await members.update({ id, status: 'active' }, b);
    expect(await rolesOf(id)).toEqual([otherRoleId]);
    expect(await access()).toBe(counter);
  });

  // The erasure as the server wires it (the member's part only), its transaction first running `beforeTx`.
  function erasureWith(beforeTx: () => Promise<void>) {
    const repo = createErasureRepository(t.db.db);
    const guard = createAccessGuard(createAccessRepository(t.db.db));
    return createErasureService({
      repo: {
        ...repo,
        transaction: async <T>(fn: (tx: Tx) => Promise<T>) => {
          await beforeTx();
          return repo.transaction(fn);
        },
      },
      parts: [memberPersonalData],
      removeStored: async () => undefined,
      log: { warn: () => undefined },
      config: async () => null,
      beyondCaller: (actor, memberId, tx) => guard.beyond(actor, memberId, tx),
      members: membersWith({}),
      clock,
    });
  }

  it('refuses an erasure when the member became an administrator before the write (7954)', async () => {
    const id = await target();
    const row = await memberRow(id);
    await expect(erasureWith(() => grantAdmin(id)).erase(id, b)).rejects.toMatchObject({ code: 7954 });
    expect(await memberRow(id)).toEqual(row);
  });

  // Decision 366: an erased member is inactive, so the last active administrator is not erased (5431). A1 deactivates
  // A2 while A2 erases A1: before, both went through and no active administrator was left.
  it('refuses to erase the last active administrator (5431)', async () => {
    const a1 = await createStaff(t.db.db, `race-a1-${++seq}`, [adminRoleId]);
    const a2 = await createStaff(t.db.db, `race-a2-${seq}`, [adminRoleId]);
    const seeded = await t.db.db
      .selectFrom('member')
      .innerJoin('memberRole', 'memberRole.memberId', 'member.id')
      .select('member.id')
      .where('memberRole.roleId', '=', adminRoleId)
      .where('member.status', '=', 'active')
      .where('member.id', 'not in', [a1, a2])
      .execute();
    const setStatus = (ids: number[], status: 'active' | 'inactive') =>
      ids.length ? t.db.db.updateTable('member').set({ status }).where('id', 'in', ids).execute() : undefined;
    // A1 and A2 are the only active administrators; A1 deactivates A2 as A2's erasure of A1 begins.
    await setStatus(
      seeded.map((r) => r.id),
      'inactive',
    );
    try {
      const a2Actor: Actor = { id: a2, perms: new Set() };
      const erasure = erasureWith(async () => void (await setStatus([a2], 'inactive')));
      await expect(erasure.erase(a1, a2Actor)).rejects.toMatchObject({ code: 5431 });
      expect(await memberRow(a1)).toMatchObject({ status: 'active', deletedAt: null });
    } finally {
      await setStatus(
        seeded.map((r) => r.id),
        'active',
      );
    }
  });

  // Decision 367: a role deleted between the update's check and its write answers as the check would have.
  it('refuses an update giving a role deleted after its check (400 naming roleIds), never 500', async () => {
    const id = await target();
    const goneRoleId = await createRole(t.db.db, `ROLE_RACE_GONE${++seq}`, [PERM.memberList]);
    const members = membersWith({
      beforeTx: async () => void (await t.db.db.deleteFrom('role').where('id', '=', goneRoleId).execute()),
    });
    await expect(members.update({ id, roleIds: [goneRoleId] }, b)).rejects.toMatchObject({
      code: 400,
      params: { field: 'roleIds', reason: 'v.roleUnknown' },
    });
    expect(await rolesOf(id)).toEqual([managerRoleId]);
  });
});
