import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { ADMIN_ROLE_NAME, MENU_SEED, type MenuSeed } from '@study-crm/shared';
import { generatePassword, seed } from './seed.js';

const countSeed = (items: readonly MenuSeed[]): number =>
  items.reduce((n, i) => n + 1 + countSeed(i.children ?? []), 0);

describe('first-start seed', () => {
  const t = useTestApp();

  it('creates the whole menu tree, the built-in role holding all of it, and the administrator', async () => {
    const perms = await t.db.db.selectFrom('permission').select(['id', 'component']).execute();
    expect(perms).toHaveLength(countSeed(MENU_SEED));
    const role = await t.db.db
      .selectFrom('role')
      .selectAll()
      .where('name', '=', ADMIN_ROLE_NAME)
      .executeTakeFirstOrThrow();
    expect(role.isBuiltin).toBe(1);
    const granted = await t.db.db
      .selectFrom('rolePermission')
      .select('permissionId')
      .where('roleId', '=', role.id)
      .execute();
    expect(granted).toHaveLength(perms.length);
    for (const key of [
      'roleManage',
      'menuManage',
      'applicationList',
      'dictManage',
      'tracks',
      'transactions',
      'employeeProfile',
    ]) {
      expect(perms.some((p) => p.component === key)).toBe(true);
    }
  });

  it('is idempotent and keeps staff edits', async () => {
    const db = t.db.db;
    await db
      .updateTable('permission')
      .set({ title: 'Edited by staff' })
      .where('component', '=', 'roleManage')
      .execute();
    const before = await db.selectFrom('permission').select('id').execute();
    const again = await seed(db, { adminLogin: 'admin', adminPassword: 'Another#Pass1' });
    expect(again.adminCreated).toBe(false);
    const after = await db.selectFrom('permission').select(['id', 'title', 'component']).execute();
    expect(after).toHaveLength(before.length);
    expect(after.find((p) => p.component === 'roleManage')?.title).toBe('Edited by staff');
    expect(await db.selectFrom('role').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('member').select('id').execute()).toHaveLength(1);
    // the administrator's password was not replaced
    await expect(t.login()).resolves.toMatchObject({ mid: expect.any(Number) });
  });

  it('does not give back to the built-in role an item staff took away', async () => {
    const db = t.db.db;
    const item = await db
      .selectFrom('permission')
      .select('id')
      .where('perm', '=', 'sys:tag:remove')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('rolePermission').where('permissionId', '=', item.id).execute();
    await seed(db, { adminLogin: 'admin' });
    expect(
      await db.selectFrom('rolePermission').select('roleId').where('permissionId', '=', item.id).execute(),
    ).toHaveLength(0);
  });

  it('generates a strong password when none is configured', async () => {
    const res = await seed(t.db.db, { adminLogin: 'second-admin' });
    expect(res.adminCreated).toBe(true);
    expect(res.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    await expect(t.login('second-admin', res.generatedPassword)).resolves.toMatchObject({ mid: expect.any(Number) });
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50);
  });
});

describe('engine parity', () => {
  const t = useTestApp();
  beforeAll(async () => {});

  it('returns ids, epoch-millisecond timestamps and 0/1 flags as numbers on both engines', async () => {
    await t.login();
    const s = await t.db.db.selectFrom('session').selectAll().executeTakeFirstOrThrow();
    for (const v of [s.id, s.memberId, s.createdAt, s.expiresAt]) expect(typeof v).toBe('number');
    expect(s.createdAt).toBeGreaterThan(1_700_000_000_000);
    const p = await t.db.db.selectFrom('permission').select(['isShow', 'sort']).executeTakeFirstOrThrow();
    expect([0, 1]).toContain(p.isShow);
    const big = 9_007_199_254_740_000; // near Number.MAX_SAFE_INTEGER: bigint columns keep it exactly
    await t.db.db.updateTable('session').set({ expiresAt: big }).where('id', '=', s.id).execute();
    const back = await t.db.db
      .selectFrom('session')
      .select('expiresAt')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(back.expiresAt).toBe(big);
  });
});
