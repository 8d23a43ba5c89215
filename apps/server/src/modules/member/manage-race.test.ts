import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PERM } from '@study-crm/shared';
import { replaceLinks } from '../../db/link-rows.js';
import type { Conn, Tx } from '../../db/transaction.js';
import { testClock } from '../../test/harness.js';
import { changeCounterValue } from '../../test/rows.js';
import { useTestApp } from '../../test/signed-in.js';
import {
  adminRoleIdOf,
  createRole,
  createStaff,
  MEMBER_MANAGER_PERMS,
  permissionIds,
} from '../../test/access-fixtures.js';
import {
  createAccessGuard,
  createAccessRepository,
  createRoleRepository,
  createRoleService,
  type AccessGuard,
  type Actor,
} from '../role/index.js';
import { createErasureRepository, createErasureService } from '../erasure/index.js';
import { createPermissionRepository, createPermissionService } from '../permission/index.js';
import { createTwoFactorRepository, createTwoFactorService } from '../two-factor/index.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { whileHeld } from '../../test/while-held.js';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
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
  let admin: Actor;
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

  // What runs right after a check made inside a write's transaction (it passed): `manage` after the check on the
  // member (assertCanManageMember, beyond), `grant` after the check on the roles given (assertCanGrantRoles).
  type AfterCheck = (tx: Conn, check: 'manage' | 'grant') => Promise<void>;
  function guardWith(afterCheck?: AfterCheck): AccessGuard {
    const guard = createAccessGuard(createAccessRepository(t.db.db));
    if (!afterCheck) return guard;
    return {
      ...guard,
      async assertCanManageMember(actor, memberId, tx, giving) {
        await guard.assertCanManageMember(actor, memberId, tx, giving);
        if (tx) await afterCheck(tx, 'manage');
      },
      async assertCanGrantRoles(actor, roleIds, tx) {
        await guard.assertCanGrantRoles(actor, roleIds, tx);
        if (tx) await afterCheck(tx, 'grant');
      },
      async beyond(actor, memberId, tx, giving) {
        const missing = await guard.beyond(actor, memberId, tx, giving);
        if (tx) await afterCheck(tx, 'manage');
        return missing;
      },
    };
  }

  // A member service whose transaction (and hash) first runs `between`, as a concurrent call committing then would.
  function membersWith(between: {
    beforeTx?: () => Promise<void>;
    whileHashing?: () => Promise<void>;
    afterCheck?: AfterCheck;
    // The members whose sessions the service closed.
    closed?: number[];
  }) {
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
      sessions: { recentOf: async () => [], closeAllOf: async (memberId) => void between.closed?.push(memberId) },
      clock,
      guard: guardWith(between.afterCheck),
      labelsOf: async () => new Map(),
      setPassword: async (password, opts) => {
        const write = await credentials.setPassword(password, opts);
        await between.whileHashing?.();
        return write;
      },
    });
  }

  const target = async () => createStaff(t.db.db, `target${++seq}`, [managerRoleId]);
  // The form's fields for a new staff member given `roleIds`.
  const newStaff = (roleIds: number[]) => ({
    loginName: `added${++seq}`,
    email: `added${seq}@example.test`,
    password: 'NewPass#2026',
    roleIds,
  });

  // The role service as the server wires it, on `repo`, its access checks followed by `afterCheck`.
  const rolesWith = (repo = createRoleRepository(t.db.db), afterCheck?: AfterCheck) =>
    createRoleService({
      repo,
      people: {
        isMember: async () => true,
        pageOfRole: async () => ({ rows: [], total: 0 }),
        searchStaff: async () => [],
      },
      clock,
      guard: guardWith(afterCheck),
      twoFactorRoles: [],
      keepsActiveAdmin: membersWith({}).keepsActiveAdmin,
    });

  beforeAll(async () => {
    adminRoleId = await adminRoleIdOf(t.db.db);
    managerRoleId = await createRole(t.db.db, 'ROLE_RACE_MANAGER', MEMBER_MANAGER_PERMS);
    const bId = await createStaff(t.db.db, 'race-b', [managerRoleId]);
    b = { id: bId, perms: new Set(MEMBER_MANAGER_PERMS) };
    admin = { id: await createStaff(t.db.db, 'race-admin', [adminRoleId]), perms: new Set() };
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
    const roles = rolesWith({
      ...repo,
      transaction: async <T>(fn: (tx: Tx) => Promise<T>) => {
        await grantAdmin(id);
        return repo.transaction(fn);
      },
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

  // An edit read the member before its transaction and wrote every column back from that read: a deactivation, or a
  // new e-mail the member bound, committed between the two was undone (the member active again after their sessions
  // were closed). An edit now writes only the fields it names, and decides its refusals and the sessions it closes
  // on the row read under the member's lock.
  const setRow = (id: number, values: { status?: 'inactive'; email?: string }) => async () =>
    void (await t.db.db.updateTable('member').set(values).where('id', '=', id).execute());
  type Members = ReturnType<typeof membersWith>;

  it('keeps a deactivation committed before the write of an edit that names no status, and closes the sessions', async () => {
    const edits: [string, (m: Members, id: number) => Promise<unknown>][] = [
      ['name', (m, id) => m.update({ id, fullName: 'Renamed' }, admin)],
      ['identity', (m, id) => m.update({ id, identityStatus: 'verified' }, admin)],
      ['contact', (m, id) => m.update({ id, areaCode: '44', mobile: `77009${String(++seq).padStart(5, '0')}` }, admin)],
    ];
    for (const [name, edit] of edits) {
      const id = await target();
      const closed: number[] = [];
      await edit(membersWith({ beforeTx: setRow(id, { status: 'inactive' }), closed }), id);
      expect((await memberRow(id)).status, name).toBe('inactive');
      expect(closed, name).toEqual([id]);
    }
  });

  it('keeps an e-mail changed before the write of an edit that names none (update, updateStatus)', async () => {
    const edits: [string, (m: Members, id: number) => Promise<unknown>][] = [
      ['identity', (m, id) => m.update({ id, identityStatus: 'verified' }, admin)],
      ['name', (m, id) => m.update({ id, fullName: 'Renamed' }, b)],
      ['status', (m, id) => m.updateStatus(id, 'inactive', admin)],
    ];
    for (const [name, edit] of edits) {
      const id = await target();
      const email = `rebound${++seq}@example.test`;
      await edit(membersWith({ beforeTx: setRow(id, { email }) }), id);
      expect((await memberRow(id)).email, name).toBe(email);
    }
  });

  // One's own sign-in details change only on the binding page (decision 355); the edit form sends them back as it
  // read them. Compared with the first read they were "kept", and the e-mail bound meanwhile was put back.
  it('refuses the own e-mail sent back as first read once the member bound a new one (400), keeping the new one', async () => {
    for (const name of ['update', 'addEmail'] as const) {
      const id = await target();
      const self: Actor = { id, perms: new Set(MEMBER_MANAGER_PERMS) };
      const old = (await memberRow(id)).email!;
      const email = `bound${++seq}@example.test`;
      const members = membersWith({ beforeTx: setRow(id, { email }) });
      const call =
        name === 'update'
          ? members.update({ id, email: old, nickName: 'Mine' }, self)
          : members.addEmail(id, old, self);
      await expect(call, name).rejects.toMatchObject({ code: 400, params: { field: 'email', reason: 'v.ownContact' } });
      expect((await memberRow(id)).email, name).toBe(email);
    }
  });

  // Through the API on PostgreSQL: a deactivation holds the member's row as the edit begins; the edit waits for it at
  // the member's lock, then wrote the status it had read (active).
  it('keeps a deactivation under way when an edit through the API waits for it (200, the member inactive)', async () => {
    const session = await t.login();
    const id = await target();
    const res = await whileHeld(
      t.db,
      async (trx) => void (await trx.updateTable('member').set({ status: 'inactive' }).where('id', '=', id).execute()),
      () => t.post('/api/v1/mc/member/update', { id, fullName: 'Renamed' }, session),
    );
    expect(res.meta, JSON.stringify(res.meta)).toMatchObject({ code: 200 });
    expect(await memberRow(id)).toMatchObject({ status: 'inactive' });
  });

  // The erasure as the server wires it (the member's part only), its transaction first running `beforeTx`.
  function erasureWith(beforeTx: () => Promise<void>, afterCheck?: AfterCheck) {
    const repo = createErasureRepository(t.db.db);
    const guard = guardWith(afterCheck);
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
      keptAnywhere: async () => new Set(),
      log: { warn: () => undefined },
      config: async () => null,
      beyondCaller: (actor, memberId, tx) => guard.beyond(actor, memberId, tx),
      members: membersWith({}),
      clock,
    });
  }

  // The two-factor service as the server wires it, on `repo`, its access checks followed by `afterCheck`.
  const box = createSecretBox(randomBytes(32));
  const twoFactorWith = (afterCheck?: AfterCheck, repo = createTwoFactorRepository(t.db.db)) =>
    createTwoFactorService({
      repo,
      people: { isMember: async () => true, signInName: async () => undefined },
      box,
      guard: guardWith(afterCheck),
      config: t.config,
      clock,
      stepUp: async () => undefined,
    });
  // A second factor turned on for the member, with a recovery code.
  async function withSecondFactor(memberId: number) {
    const now = clock.now();
    await t.db.db
      .insertInto('memberTwoFactor')
      .values({ memberId, secretEnc: 'sealed', enabledAt: now, lastStep: null, createdAt: now, updatedAt: now })
      .execute();
    await t.db.db
      .insertInto('memberRecoveryCode')
      .values({ memberId, codeHash: `code${memberId}`, usedAt: null, createdAt: now, updatedAt: now })
      .execute();
  }
  const secondFactorOf = async (memberId: number) => ({
    factor: (await t.db.db.selectFrom('memberTwoFactor').select('memberId').where('memberId', '=', memberId).execute())
      .length,
    codes: (
      await t.db.db.selectFrom('memberRecoveryCode').select('memberId').where('memberId', '=', memberId).execute()
    ).length,
  });

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

  // Decision 373: a role's permissions widened (the role screen's edit, by an administrator) while a write on one of
  // its holders is under way. The role gains sys:role:list, which B lacks: its holder is then beyond B.
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const pidOf = async (conn: Conn) =>
    t.db.dialect === 'postgres'
      ? (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0]!.pid
      : null;
  // Until a statement waits on a lock held by the connection `pid` or `settled()` (PostgreSQL); SQLite, whose one
  // connection every other statement waits for, after a moment.
  async function untilBlockedBy(pid: number | null, settled: () => boolean) {
    if (pid === null) return sleep(50);
    for (let i = 0; i < 300 && !settled(); i++) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where ${pid} = any(pg_blocking_pids(pid))`.execute(t.db.db);
      if (rows[0]!.n > 0) return;
      await sleep(10);
    }
  }
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'done' as const,
      (err: unknown) => err,
    );

  // A role of its own for the target, and the edit that widens it.
  async function targetHolding() {
    const roleId = await createRole(t.db.db, `ROLE_RACE_HELD${++seq}`, [PERM.memberList]);
    const id = await createStaff(t.db.db, `target${seq}`, [roleId]);
    return { id, roleId };
  }
  const widen = async (roleId: number, roles = rolesWith()) =>
    roles.editPermissions(roleId, await permissionIds(t.db.db, [PERM.memberList, PERM.roleList]), admin);
  const permsOfRole = async (roleId: number) =>
    (
      await t.db.db
        .selectFrom('rolePermission')
        .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
        .select('permission.perm')
        .where('rolePermission.roleId', '=', roleId)
        .execute()
    ).map((r) => r.perm);

  // `startEdit` begins right after the write's check of kind `at` passed, inside its transaction; the check returns
  // once the edit has committed or waits on that transaction. Answers whether it had committed by then.
  function editAfterCheck(at: 'manage' | 'grant', startEdit: () => Promise<unknown>) {
    const state: { committedInside?: boolean; edit?: Promise<unknown> } = {};
    const afterCheck: AfterCheck = async (tx, check) => {
      if (check !== at || state.edit) return;
      let settled = false;
      state.edit = outcome(startEdit()).finally(() => (settled = true));
      await untilBlockedBy(await pidOf(tx), () => settled);
      state.committedInside = settled;
    };
    return { afterCheck, state };
  }

  // Without the role rows held, the edit committed between the check and the write on PostgreSQL: the write landed
  // on a member who, by then, held what B lacks.
  it("makes an edit of the member's role begun after the write's check wait for the write", async () => {
    const writes: [string, (afterCheck: AfterCheck, id: number) => Promise<unknown>][] = [
      ['setPassword', (afterCheck, id) => membersWith({ afterCheck }).setPassword(id, 'NewPass#2026', b)],
      ['update', (afterCheck, id) => membersWith({ afterCheck }).update({ id, fullName: 'Renamed' }, b)],
      ['remove', (afterCheck, id) => membersWith({ afterCheck }).remove(id, b)],
      ['addEmail', (afterCheck, id) => membersWith({ afterCheck }).addEmail(id, `held${seq}@example.test`, b)],
      [
        'updateMemberRoles',
        (afterCheck, id) => rolesWith(undefined, afterCheck).updateMemberRoles(id, [managerRoleId], b),
      ],
      ['erase', (afterCheck, id) => erasureWith(async () => undefined, afterCheck).erase(id, b)],
      ['resetTwoFactor', (afterCheck, id) => twoFactorWith(afterCheck).reset(id, b)],
    ];
    for (const [name, write] of writes) {
      const { id, roleId } = await targetHolding();
      const race = editAfterCheck('manage', () => widen(roleId));
      // The write lands (it rejects otherwise): the member held nothing beyond B until the edit's commit after it.
      await write(race.afterCheck, id);
      expect(race.state.committedInside, name).toBe(false);
      // The edit went through after the write.
      expect(await race.state.edit, name).toBe('done');
      expect(await permsOfRole(roleId), name).toContain(PERM.roleList);
    }
  });

  // Member `add` (and so the import of employees, whose rows it writes) checked the roles it gives before its
  // transaction only: the edit committed inside it on PostgreSQL, unseen.
  it('makes an edit of a role being given begun after the check wait for the write (update, add)', async () => {
    for (const name of ['update', 'add'] as const) {
      const roleId = await createRole(t.db.db, `ROLE_RACE_GIVEN${++seq}`, [PERM.memberList]);
      const race = editAfterCheck('grant', () => widen(roleId));
      const members = membersWith({ afterCheck: race.afterCheck });
      const id =
        name === 'update'
          ? (await members.update({ id: await target(), roleIds: [roleId] }, b)).id
          : (await members.add(newStaff([roleId]), b)).id;
      expect(race.state.committedInside, name).toBe(false);
      expect(await race.state.edit, name).toBe('done');
      expect(await rolesOf(id), name).toEqual([roleId]);
      expect(await permsOfRole(roleId), name).toContain(PERM.roleList);
    }
  });

  // Without the role rows held, the reset read the permissions the edit had not yet committed, and landed.
  it("waits for an edit of the member's role under way, then refuses the reset it made beyond B (403)", async () => {
    const { id, roleId } = await targetHolding();
    const before = (await memberRow(id)).passwordHash;
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let holding!: (pid: number | null) => void;
    const held = new Promise<number | null>((r) => (holding = r));
    // The edit stops before its commit, its role's row locked and the new permissions written.
    const repo = createRoleRepository(t.db.db);
    const roles = rolesWith({
      ...repo,
      touch: async (tx, rid, now) => {
        await repo.touch(tx, rid, now);
        holding(await pidOf(tx));
        await gate;
      },
    });
    const edit = outcome(widen(roleId, roles));
    const editPid = await held;
    let settled = false;
    const reset = outcome(membersWith({}).setPassword(id, 'NewPass#2026', b)).finally(() => (settled = true));
    await untilBlockedBy(editPid, () => settled);
    open();
    expect(await reset).toMatchObject({ code: 403 });
    expect(await edit).toBe('done');
    expect((await memberRow(id)).passwordHash).toBe(before);
  });
  // The administrator's reset of another member's second factor checked the member, then deleted, with no
  // transaction: a grant, or an edit widening the member's role, under way as it began was not waited for.
  it('makes a second-factor reset wait for a grant or a role edit under way, then refuses it (403)', async () => {
    const repo = createRoleRepository(t.db.db);
    const roleListId = (await permissionIds(t.db.db, [PERM.roleList]))[0]!;
    const underWay: [string, (trx: Tx, id: number, roleId: number) => Promise<void>][] = [
      ['grant', (trx, id) => replaceLinks(trx, 'memberRole', 'memberId', id, 'roleId', [adminRoleId])],
      [
        'edit',
        async (trx, _id, roleId) => {
          await repo.lockRole(trx, roleId);
          await trx.insertInto('rolePermission').values({ roleId, permissionId: roleListId }).execute();
        },
      ],
    ];
    for (const [name, held] of underWay) {
      const { id, roleId } = await targetHolding();
      await withSecondFactor(id);
      const reset = await whileHeld(
        t.db,
        (trx) => held(trx, id, roleId),
        () => outcome(twoFactorWith().reset(id, b)),
      );
      expect(reset, name).toMatchObject({ code: 403 });
      expect(await secondFactorOf(id), name).toEqual({ factor: 1, codes: 1 });
    }
    // Within the guard, the reset goes through.
    const { id } = await targetHolding();
    await withSecondFactor(id);
    await twoFactorWith().reset(id, b);
    expect(await secondFactorOf(id)).toEqual({ factor: 0, codes: 0 });
  });

  // The reset takes the member's row, then their second-factor rows. A confirmation of the member's set-up took its
  // pending row, then (its recovery codes' foreign key) the member's: on PostgreSQL the two waited on each other until
  // the database broke the deadlock. It now takes the member's row first too.
  it("takes a second-factor reset and the member's confirmation of the set-up in turn", async () => {
    const { id } = await targetHolding();
    const { secret } = await twoFactorWith().setup(id);
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: clock.now(),
    });
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let holding!: (pid: number | null) => void;
    const held = new Promise<number | null>((r) => (holding = r));
    // The confirmation stops after turning the factor on, before writing the recovery codes.
    const repo = createTwoFactorRepository(t.db.db);
    const confirming = outcome(
      twoFactorWith(undefined, {
        ...repo,
        enable: async (memberId, step, now, tx) => {
          const enabled = await repo.enable(memberId, step, now, tx);
          holding(tx ? await pidOf(tx) : null);
          await gate;
          return enabled;
        },
      }).confirm(id, code),
    );
    const confirmPid = await held;
    let settled = false;
    const reset = outcome(twoFactorWith().reset(id, b)).finally(() => (settled = true));
    await untilBlockedBy(confirmPid, () => settled);
    open();
    expect(await confirming).toBe('done');
    expect(await reset).toBe('done');
    expect(await secondFactorOf(id)).toEqual({ factor: 0, codes: 0 });
  });

  // `add` checked the roles it gives before its transaction only: on PostgreSQL its insert waited for the edit's
  // lock (the foreign key), then landed with the role widened beyond B.
  it('makes an add giving a role whose edit is under way wait for it, then refuses it (403)', async () => {
    const repo = createRoleRepository(t.db.db);
    const roleId = await createRole(t.db.db, `ROLE_RACE_ADDED${++seq}`, [PERM.memberList]);
    const body = newStaff([roleId]);
    const widened = await permissionIds(t.db.db, [PERM.memberList, PERM.roleList]);
    const add = await whileHeld(
      t.db,
      async (trx) => {
        await repo.lockRole(trx, roleId);
        await repo.setPermissions(trx, roleId, widened);
      },
      () => outcome(membersWith({}).add(body, b)),
    );
    expect(add).toMatchObject({ code: 403 });
    const added = await t.db.db.selectFrom('member').select('id').where('loginName', '=', body.loginName).execute();
    expect(added).toEqual([]);
  });

  // Renaming a menu item's identifier changes what every role holding it grants. B holds the item's identifier, not
  // the new one: a member whose role holds the item is, once it is renamed, beyond B. The rename now locks those
  // roles' rows (FOR UPDATE, id order) first; before, it took no lock and committed inside the write on PostgreSQL.
  const menusWith = (over: Partial<ReturnType<typeof createPermissionRepository>> = {}) =>
    createPermissionService({
      repo: { ...createPermissionRepository(t.db.db), ...over },
      clock,
      guard: guardWith(),
    });
  // A button item and a role holding it (with member:list); B as a member manager who holds the item's identifier.
  async function itemHeld() {
    const perm = `race:item${++seq}`;
    const { id: itemId } = await menusWith().add({
      parentId: 0,
      name: `raceItem${seq}`,
      type: 'button',
      perm,
      sort: 1,
    });
    const roleId = await createRole(t.db.db, `ROLE_RACE_ITEM${seq}`, [PERM.memberList, perm]);
    const holder: Actor = { id: b.id, perms: new Set([...MEMBER_MANAGER_PERMS, perm]) };
    return { itemId, perm, roleId, holder };
  }
  const itemBody = async (itemId: number, perm: string) => {
    const row = await t.db.db
      .selectFrom('permission')
      .select(['parentId', 'name', 'type', 'sort'])
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    return { id: itemId, parentId: row.parentId, name: row.name, type: row.type, sort: row.sort, perm };
  };
  const rename = async (itemId: number, perm: string, menus = menusWith()) =>
    menus.update(admin, await itemBody(itemId, perm));
  const permOf = async (itemId: number) =>
    (await t.db.db.selectFrom('permission').select('perm').where('id', '=', itemId).executeTakeFirstOrThrow()).perm;

  // `update` giving a role of a lower id than the member's own (both granting the item): the write held its member's
  // roles, then those given, and the rename, locking both in id order, waited for the first while holding the second
  // (a deadlock PostgreSQL broke with an error for one of them). The guard now holds both sets in one id order.
  it("makes a rename of an identifier the member's roles grant, begun after the write's check, wait for the write", async () => {
    for (const name of ['setPassword', 'add', 'update'] as const) {
      const { itemId, perm, roleId, holder } = await itemHeld();
      const race = editAfterCheck(name === 'add' ? 'grant' : 'manage', () => rename(itemId, `${perm}.renamed`));
      const members = membersWith({ afterCheck: race.afterCheck });
      if (name === 'setPassword') {
        await members.setPassword(await createStaff(t.db.db, `target${++seq}`, [roleId]), 'NewPass#2026', holder);
      } else if (name === 'add') await members.add(newStaff([roleId]), holder);
      else {
        const ownRoleId = await createRole(t.db.db, `ROLE_RACE_OWN${++seq}`, [PERM.memberList, perm]);
        const id = await createStaff(t.db.db, `target${++seq}`, [ownRoleId]);
        await members.update({ id, roleIds: [roleId] }, holder);
        expect(await rolesOf(id)).toEqual([roleId]);
      }
      expect(race.state.committedInside, name).toBe(false);
      expect(await race.state.edit, name).toBe('done');
      expect(await permOf(itemId), name).toBe(`${perm}.renamed`);
    }
  });

  it('makes a write wait for a rename under way, then refuses it (403)', async () => {
    for (const name of ['setPassword', 'add'] as const) {
      const { itemId, perm, roleId, holder } = await itemHeld();
      const id = await createStaff(t.db.db, `target${++seq}`, [roleId]);
      const before = (await memberRow(id)).passwordHash;
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      let holding!: (pid: number | null) => void;
      const held = new Promise<number | null>((r) => (holding = r));
      // The rename stops before its commit, the identifier changed.
      const repo = createPermissionRepository(t.db.db);
      const menus = menusWith({
        update: async (tx, pid, v, now) => {
          await repo.update(tx, pid, v, now);
          holding(await pidOf(tx));
          await gate;
        },
      });
      const renaming = outcome(rename(itemId, `${perm}.renamed`, menus));
      const renamePid = await held;
      let settled = false;
      const body = newStaff([roleId]);
      const write = outcome(
        name === 'setPassword'
          ? membersWith({}).setPassword(id, 'NewPass#2026', holder)
          : membersWith({}).add(body, holder),
      ).finally(() => (settled = true));
      await untilBlockedBy(renamePid, () => settled);
      open();
      expect(await write, name).toMatchObject({ code: 403 });
      expect(await renaming, name).toBe('done');
      expect((await memberRow(id)).passwordHash, name).toBe(before);
      expect(
        await t.db.db.selectFrom('member').select('id').where('loginName', '=', body.loginName).execute(),
        name,
      ).toEqual([]);
    }
  });

  // Lock order: a rename takes the roles' rows before the identifier's unique key, so an add takes the built-in
  // roles' rows (its grants') before inserting its identifier. Otherwise, on PostgreSQL, an add of identifier X
  // (inserted, its grant to the built-in role to come) and a rename to X (the built-in role's row locked, waiting on
  // X) waited on each other until the database broke the deadlock (an error for one of them).
  it('answers an add and a rename to the same identifier at once in turn: the second is refused (5425)', async () => {
    const { itemId } = await itemHeld();
    const perm = `race:same${++seq}`;
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let holding!: (pid: number | null) => void;
    const held = new Promise<number | null>((r) => (holding = r));
    const repo = createPermissionRepository(t.db.db);
    // The add stops after inserting its item, before granting it to the built-in role.
    const adding = outcome(
      menusWith({
        insert: async (tx, v, now) => {
          const id = await repo.insert(tx, v, now);
          holding(await pidOf(tx));
          await gate;
          return id;
        },
      }).add({ parentId: 0, name: `raceSame${seq}`, type: 'button', perm, sort: 1 }),
    );
    const addPid = await held;
    let settled = false;
    const renaming = outcome(rename(itemId, perm)).finally(() => (settled = true));
    await untilBlockedBy(addPid, () => settled);
    open();
    expect(await adding).toBe('done');
    expect(await renaming).toMatchObject({ code: 5425 });
    expect(await permOf(itemId)).not.toBe(perm);
  });

  // A role granted the item after the rename locked the roles' rows would not be waited for: the rename reads the
  // holders again once the item is changed, and a new one answers 409, nothing renamed. (On PostgreSQL the grant
  // commits on its own connection; SQLite, one writer at a time, makes it on the rename's.)
  it('refuses a rename when a role was granted the item after its roles were locked (409)', async () => {
    const { itemId, perm } = await itemHeld();
    const lateRoleId = await createRole(t.db.db, `ROLE_RACE_LATE${++seq}`, [PERM.memberList]);
    const repo = createPermissionRepository(t.db.db);
    const menus = menusWith({
      lockRolesGranting: async (tx, pid) => {
        const locked = await repo.lockRolesGranting(tx, pid);
        const conn = t.db.dialect === 'postgres' ? t.db.db : tx;
        await conn.insertInto('rolePermission').values({ roleId: lateRoleId, permissionId: pid }).execute();
        return locked;
      },
    });
    await expect(rename(itemId, `${perm}.renamed`, menus)).rejects.toMatchObject({ code: 409 });
    expect(await permOf(itemId)).toBe(perm);
  });
});
