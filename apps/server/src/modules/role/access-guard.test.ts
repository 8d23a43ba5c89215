import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { PERM } from '@study-crm/shared';
import { type Values } from '../../test/harness.js';
import {
  createRole,
  createStaff,
  MEMBER_MANAGER_PERMS,
  permissionId,
  permissionIds,
  STAFF_PASSWORD,
} from '../../test/access-fixtures.js';

// A member manager: every member and role permission, but not the dictionary (which the administrator holds).
const MANAGER_PERMS = [
  'menu:employee',
  'menu:accessManage',
  ...MEMBER_MANAGER_PERMS,
  PERM.roleList,
  PERM.roleAdd,
  PERM.roleUpdate,
  PERM.roleMembers,
];

describe('no privilege escalation', () => {
  const t = useTestApp();
  let adminId: number;
  let adminRoleId: number;
  let managerRoleId: number;
  let lesserRoleId: number;
  let manager: { token: string; mid: number };
  let seq = 0;

  beforeAll(async () => {
    adminId = (await t.login()).mid;
    adminRoleId = (
      await t.db.db.selectFrom('role').select('id').where('name', '=', 'ROLE_ADMIN').executeTakeFirstOrThrow()
    ).id;
    managerRoleId = await createRole(t.db.db, 'ROLE_MANAGER', MANAGER_PERMS);
    lesserRoleId = await createRole(t.db.db, 'ROLE_LESSER', ['menu:employee', PERM.memberList]);
    await createStaff(t.db.db, 'manager', [managerRoleId]);
    manager = await t.login('manager', STAFF_PASSWORD);
  });

  const as = (token: string) => ({ token });
  const post = (url: string, body: Values, token = manager.token) => t.post(url, body, as(token));
  const lesser = () => createStaff(t.db.db, `lesser${++seq}`, [lesserRoleId]);
  const rolesOf = async (memberId: number) =>
    (await t.db.db.selectFrom('memberRole').select('roleId').where('memberId', '=', memberId).execute())
      .map((r) => r.roleId)
      .sort((a, b) => a - b);

  it('member:update cannot add the administrator role to oneself', async () => {
    const res = await post('/api/v1/mc/member/update', { id: manager.mid, roleIds: [managerRoleId, adminRoleId] });
    expect(res.meta.code).toBe(403);
    expect(res.meta.message).toContain('cannot grant permissions you do not hold');
    expect(await rolesOf(manager.mid)).toEqual([managerRoleId]);
  });

  it('member:add cannot create an administrator', async () => {
    const email = `escalate${++seq}@example.test`;
    const res = await post('/api/v1/mc/member/add', { email, password: STAFF_PASSWORD, roleIds: [adminRoleId] });
    expect(res.meta.code).toBe(403);
    const row = await t.db.db.selectFrom('member').select('id').where('email', '=', email).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('member:setPassword cannot take over the administrator', async () => {
    const res = await post('/api/v1/mc/member/setPassword', { id: adminId, password: 'Taken#over2026' });
    expect(res.meta.code).toBe(403);
    expect(res.meta.message).toContain('holds permissions you lack');
    await expect(t.login()).resolves.toMatchObject({ mid: adminId });
  });

  it('sys:role:members cannot give oneself the administrator role', async () => {
    const res = await post('/api/v1/mc/sys/role/updateMemberRoles', {
      userId: manager.mid,
      roleIds: [managerRoleId, adminRoleId],
    });
    expect(res.meta.code).toBe(403);
    expect(await rolesOf(manager.mid)).toEqual([managerRoleId]);
  });

  it('answers the refusal in the caller language', async () => {
    const res = await t.post(
      '/api/v1/mc/member/add',
      { email: `zh${++seq}@example.test`, password: STAFF_PASSWORD, roleIds: [adminRoleId] },
      { token: manager.token, locale: 'zh-TW' },
    );
    expect(res.meta).toMatchObject({ code: 403 });
    expect(res.meta.message).toContain('不能授予自己沒有的權限');
  });

  it('refuses every account-changing call on a member holding more, and allows it on a lesser member', async () => {
    const matrix: [string, (target: number) => Values][] = [
      ['/api/v1/mc/member/update', (id) => ({ id, nickName: 'renamed' })],
      ['/admin/v1/members/update', (id) => ({ id, nickName: 'renamed' })],
      ['/api/v1/mc/member/updateStatus', (id) => ({ id, status: 'active' })],
      ['/api/v1/mc/member/setPassword', (id) => ({ id, password: 'Changed#2026x' })],
      ['/api/v1/mc/merchants/addMemberEmail', (id) => ({ id, email: `new${id}@example.test` })],
      ['/api/v1/mc/sys/role/updateMemberRoles', (id) => ({ userId: id, roleIds: [lesserRoleId] })],
      ['/api/v1/mc/member/remove', (id) => ({ id })],
    ];
    const problems: string[] = [];
    for (const [url, body] of matrix) {
      const above = await post(url, body(adminId));
      if (above.meta.code !== 403) problems.push(`${url} on the administrator → ${above.meta.code}`);
      const below = await post(url, body(await lesser()));
      if (below.meta.code !== 200) problems.push(`${url} on a lesser member → ${JSON.stringify(below.meta)}`);
    }
    expect(problems).toEqual([]);
    expect(await rolesOf(adminId)).toEqual([adminRoleId]);
  });

  it('grants only roles within its own permissions', async () => {
    const dictRole = await createRole(t.db.db, 'ROLE_DICT_ONLY', ['menu:systemSetup', PERM.dictList]);
    const target = await lesser();
    const beyond = await post('/api/v1/mc/member/update', { id: target, roleIds: [dictRole] });
    expect(beyond.meta.code).toBe(403);
    const within = await post('/api/v1/mc/member/update', { id: target, roleIds: [lesserRoleId, managerRoleId] });
    expect(within.meta.code).toBe(200);
  });

  it('edits a role only within its own permissions, and never a role holding more', async () => {
    const dictListId = await permissionId(t.db.db, PERM.dictList);
    const memberListId = await permissionId(t.db.db, PERM.memberList);
    const edit = (id: number, ids: number[]) =>
      post('/api/v1/mc/sys/role/editRolePermission', { id, permissionIds: ids });
    expect((await edit(lesserRoleId, [dictListId])).meta.code).toBe(403);
    expect((await edit(managerRoleId, [...(await permissionIds(t.db.db, MANAGER_PERMS)), dictListId])).meta.code).toBe(
      403,
    );
    expect((await edit(lesserRoleId, [memberListId])).meta.code).toBe(200);
    // The administrator role holds more than the manager: not even a reduction.
    expect((await edit(adminRoleId, [memberListId])).meta.code).toBe(403);
    const add = await post('/api/v1/mc/sys/role/add', {
      name: 'ROLE_SNEAKY',
      cnName: 'x',
      kind: 'general',
      permissionIds: [dictListId],
    });
    expect(add.meta.code).toBe(403);
    const update = await post('/api/v1/mc/sys/role/update', {
      id: lesserRoleId,
      name: 'ROLE_LESSER',
      cnName: 'x',
      kind: 'general',
      permissionIds: [dictListId],
    });
    expect(update.meta.code).toBe(403);
  });
});
