import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Session } from '../../test/signed-in.js';
import { ADMIN_PROTECTED_PERMS, PERM, type Page, type Role, type RoleMember, type RoleView } from '@study-crm/shared';
import {
  activeAdminIdsOf,
  adminRoleIdOf,
  createRole,
  createStaff,
  permissionId,
  STAFF_PASSWORD,
} from '../../test/access-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';

const R = '/api/v1/mc/sys/role';

describe('roles', () => {
  // ROLE_SECURE requires two-factor sign-in (the two-factor tests' setting): it keeps its name.
  const t = useTestApp({ signIn: true, env: { TWO_FACTOR_ROLES: 'ROLE_SECURE' } });
  let adminRoleId: number;
  let allIds: number[];
  let dictListId: number;
  let dictAddId: number;

  beforeAll(async () => {
    adminRoleId = await adminRoleIdOf(t.db.db);
    allIds = (await t.db.db.selectFrom('permission').select('id').execute()).map((r) => r.id);
    dictListId = await permissionId(t.db.db, PERM.dictList);
    dictAddId = await permissionId(t.db.db, PERM.dictAdd);
  });

  const add = (values: Record<string, string | number | number[] | null>) =>
    t.post<{ id: number }>(`${R}/add`, values, t.admin);
  const viewRole = (id: number) => t.get<RoleView>(`${R}/view`, { id }, t.admin);

  it('creates a role and shows it with its permissions, the screen and group of a chosen button included', async () => {
    const role = { name: 'ROLE_EDITOR', cnName: '編輯', kind: 'general' };
    const res = await add({ ...role, permissionIds: [dictAddId] });
    expect(res.meta.code).toBe(200);
    const view = await viewRole(res.data.id);
    expect(view.meta.code).toBe(200);
    expect(view.data).toMatchObject({ ...role, isBuiltin: 0, memberCount: 0 });
    const groupId = await permissionId(t.db.db, 'menu:systemSetup');
    expect(view.data.permissionIds.sort()).toEqual([groupId, dictListId, dictAddId].sort());
  });

  it('accepts permission ids as a comma-separated list too', async () => {
    const res = await add({
      name: 'ROLE_COMMA',
      cnName: '逗號',
      kind: 'assignment',
      permissionIds: `${dictListId},${dictAddId}` as unknown as number[],
    });
    expect(res.meta.code).toBe(200);
  });

  it('refuses a role name without ROLE_', async () => {
    const res = await add({ name: 'EDITOR2', cnName: '編輯', kind: 'general', permissionIds: [dictListId] });
    expectParamError(res, 'name must start with ROLE_');
    const zh = await t.post(
      `${R}/add`,
      { name: 'X', cnName: 'x', kind: 'general', permissionIds: [1] },
      { ...t.admin, locale: 'zh-TW' },
    );
    expect(zh.meta.message).toContain('必須以 ROLE_ 開頭');
  });

  it('refuses an empty name, a missing Chinese name and an unknown kind', async () => {
    expect((await add({ name: '', cnName: 'a', kind: 'general', permissionIds: [dictListId] })).meta.message).toContain(
      'name is required',
    );
    expect(
      (await add({ name: 'ROLE_A1', cnName: '', kind: 'general', permissionIds: [dictListId] })).meta.message,
    ).toContain('cnName is required');
    const kind = await add({ name: 'ROLE_A1', cnName: 'a', kind: 'boss', permissionIds: [dictListId] });
    expectParamError(kind, 'kind must be one of: assignment, management, general');
  });

  it('refuses to save a role without a permission, or with one that does not exist', async () => {
    const none = await add({ name: 'ROLE_EMPTY', cnName: '空', kind: 'general', permissionIds: null });
    expectParamError(none, 'permissionIds is required');
    const unknown = await add({ name: 'ROLE_EMPTY', cnName: '空', kind: 'general', permissionIds: [999999] });
    expectParamError(unknown, 'permissionIds contains an item that does not exist');
    const list = await t.get<Page<Role>>(`${R}/list`, { keyword: 'ROLE_EMPTY' }, t.admin);
    expect(list.data.total).toBe(0);
  });

  it('answers 5401 for a duplicate name on add, update and the live check', async () => {
    const dup = await add({ name: 'ROLE_EDITOR', cnName: '再一次', kind: 'general', permissionIds: [dictListId] });
    expect(dup.meta).toEqual({ code: 5401, message: 'This role already exists' });

    const other = await add({ name: 'ROLE_OTHER', cnName: '其他', kind: 'general', permissionIds: [dictListId] });
    const upd = await t.post(
      `${R}/update`,
      { id: other.data.id, name: 'ROLE_EDITOR', cnName: '其他', kind: 'general', permissionIds: [dictListId] },
      t.admin,
    );
    expect(upd.meta.code).toBe(5401);

    expect((await t.get(`${R}/check`, { name: 'ROLE_EDITOR' }, t.admin)).meta.code).toBe(5401);
    expect((await t.get(`${R}/check`, { name: 'ROLE_FREE' }, t.admin)).meta.code).toBe(200);
    // Editing a role: its own name is not a duplicate.
    expect((await t.get(`${R}/check`, { name: 'ROLE_OTHER', id: other.data.id }, t.admin)).meta.code).toBe(200);
  });

  it('updates a role and replaces its permissions', async () => {
    const created = await add({ name: 'ROLE_UPD', cnName: '更新', kind: 'general', permissionIds: [dictListId] });
    const configListId = await permissionId(t.db.db, PERM.configList);
    const res = await t.post(
      `${R}/update`,
      { id: created.data.id, name: 'ROLE_UPD2', cnName: '更新二', kind: 'management', permissionIds: [configListId] },
      t.admin,
    );
    expect(res.meta.code).toBe(200);
    const view = await viewRole(created.data.id);
    expect(view.data).toMatchObject({ name: 'ROLE_UPD2', cnName: '更新二', kind: 'management' });
    expect(view.data.permissionIds).toContain(configListId);
    expect(view.data.permissionIds).not.toContain(dictListId);

    const edit = await t.post(`${R}/editRolePermission`, { id: created.data.id, permissionIds: [dictAddId] }, t.admin);
    expect(edit.meta.code).toBe(200);
    const after = await viewRole(created.data.id);
    expect(after.data.permissionIds).toContain(dictAddId);
    expect(after.data.permissionIds).not.toContain(configListId);
    const byRole = await t.get<number[]>(
      '/api/v1/mc/sys/permission/getPermissionsByRole',
      { roleId: created.data.id },
      t.admin,
    );
    expect(byRole.data).toEqual(after.data.permissionIds);
  });

  it('keeps an optional English name: given on add, kept when absent on update, cleared when empty, on the profile', async () => {
    // The role's other fields, sent again unchanged with every update.
    const fields = { name: 'ROLE_EN', cnName: '英文名', kind: 'general', permissionIds: [dictListId] };
    const created = await add({ ...fields, enName: 'With English name' });
    expect(created.meta.code).toBe(200);
    const view = () => viewRole(created.data.id).then((r) => r.data);
    expect((await view()).enName).toBe('With English name');
    const base = { id: created.data.id, ...fields };
    expect((await t.post(`${R}/update`, base, t.admin)).meta.code).toBe(200);
    expect((await view()).enName).toBe('With English name');
    const list = await t.get<Page<Role>>(`${R}/list`, { keyword: 'ROLE_EN', pageNum: 1, pageSize: 10 }, t.admin);
    expect(list.data.list[0]).toMatchObject({ name: 'ROLE_EN', enName: 'With English name' });
    const long = await t.post(`${R}/update`, { ...base, enName: 'x'.repeat(65) }, t.admin);
    expectParamError(long, 'enName');
    expect((await t.post(`${R}/update`, { ...base, enName: '' }, t.admin)).meta.code).toBe(200);
    expect((await view()).enName).toBeNull();
    // The header's role tag reads the member's roles from the profile.
    const profile = await t.get<{ roles: { name: string; enName: string | null }[] }>(
      '/api/v1/member/profile',
      {},
      t.admin,
    );
    expect(profile.data.roles.find((r) => r.name === 'ROLE_ADMIN')).toHaveProperty('enName');
  });

  it('keeps the name of a role that TWO_FACTOR_ROLES requires two-factor sign-in of, naming the field', async () => {
    const fields = { name: 'ROLE_SECURE', cnName: '安全', kind: 'general', permissionIds: [dictListId] };
    const created = await add(fields);
    const rename = await t.post(`${R}/update`, { ...fields, id: created.data.id, name: 'ROLE_RELAXED' }, t.admin);
    expectParamError(rename, 'name');
    expect(rename.meta.message).toContain('TWO_FACTOR_ROLES');
    // The rest of it may change.
    const kept = await t.post(`${R}/update`, { ...fields, id: created.data.id, cnName: '安全二' }, t.admin);
    expect(kept.meta.code).toBe(200);
    expect((await viewRole(created.data.id)).data).toMatchObject({ name: 'ROLE_SECURE', cnName: '安全二' });
  });

  it('answers 404 for a role that does not exist', async () => {
    expect((await viewRole(999999)).meta.code).toBe(404);
    expect((await t.post(`${R}/remove`, { id: 999999 }, t.admin)).meta.code).toBe(404);
    expect(
      (
        await t.post(
          `${R}/update`,
          { id: 999999, name: 'ROLE_Z', cnName: 'z', kind: 'general', permissionIds: [dictListId] },
          t.admin,
        )
      ).meta.code,
    ).toBe(404);
  });

  it('lists roles paged, searched by name or Chinese name, filtered by kind', async () => {
    for (let i = 0; i < 3; i++) {
      await add({
        name: `ROLE_PAGE_${i}`,
        cnName: `分頁${i}`,
        kind: i === 0 ? 'assignment' : 'general',
        permissionIds: [dictListId],
      });
    }
    const page = await t.get<Page<Role>>(`${R}/list`, { keyword: 'role_page', pageNum: 1, pageSize: 2 }, t.admin);
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((r) => r.name)).toEqual(['ROLE_PAGE_2', 'ROLE_PAGE_1']);
    const page2 = await t.get<Page<Role>>(`${R}/list`, { keyword: 'role_page', pageNum: 2, pageSize: 2 }, t.admin);
    expect(page2.data.list.map((r) => r.name)).toEqual(['ROLE_PAGE_0']);
    const cn = await t.get<Page<Role>>(`${R}/list`, { keyword: '分頁1' }, t.admin);
    expect(cn.data.list.map((r) => r.name)).toEqual(['ROLE_PAGE_1']);
    const kind = await t.get<Page<Role>>(`${R}/list`, { keyword: 'ROLE_PAGE', kind: 'assignment' }, t.admin);
    expect(kind.data.list.map((r) => r.name)).toEqual(['ROLE_PAGE_0']);
    // '_' is taken literally, not as a wildcard.
    const literal = await t.get<Page<Role>>(`${R}/list`, { keyword: 'ROLE_PAGE_' }, t.admin);
    expect(literal.data.total).toBe(3);
    expect((await t.get<Page<Role>>(`${R}/list`, { keyword: 'ROLExPAGE' }, t.admin)).data.total).toBe(0);
  });

  it('gives every role as a select option', async () => {
    const map = await t.get<{ id: number; name: string; cnName: string }[]>(`${R}/map`, {}, t.admin);
    expect(map.meta.code).toBe(200);
    expect(map.data).toContainEqual({ id: adminRoleId, name: 'ROLE_ADMIN', cnName: '系統管理員' });
  });

  it('never deletes the built-in administrator role', async () => {
    const res = await t.post(`${R}/remove`, { id: adminRoleId }, t.admin);
    expect(res.meta).toEqual({ code: 5421, message: 'The built-in administrator role cannot be deleted' });
  });

  it('never strips the built-in role of the permissions that manage roles, nor renames it', async () => {
    for (const perm of ADMIN_PROTECTED_PERMS) {
      const id = await permissionId(t.db.db, perm);
      // Drop the item and its whole subtree: keeping a descendant would bring its ancestors back.
      const links = await t.db.db.selectFrom('permission').select(['id', 'parentId']).execute();
      const dropped = new Set([id]);
      for (let grew = true; grew;) {
        grew = false;
        for (const l of links) if (dropped.has(l.parentId) && !dropped.has(l.id)) grew = Boolean(dropped.add(l.id));
      }
      const without = allIds.filter((x) => !dropped.has(x));
      const edit = await t.post(`${R}/editRolePermission`, { id: adminRoleId, permissionIds: without }, t.admin);
      expect(edit.meta.code, perm).toBe(5421);
      expect(edit.meta.message).toContain(perm);
    }
    const upd = await t.post(
      `${R}/update`,
      { id: adminRoleId, name: 'ROLE_ADMIN', cnName: '管理員', kind: 'management', permissionIds: [dictListId] },
      t.admin,
    );
    expect(upd.meta.code).toBe(5421);
    const rename = await t.post(
      `${R}/update`,
      { id: adminRoleId, name: 'ROLE_BOSS', cnName: '管理員', kind: 'management', permissionIds: allIds },
      t.admin,
    );
    expect(rename.meta).toEqual({ code: 5421, message: 'The built-in administrator role cannot be renamed' });
    const view = await viewRole(adminRoleId);
    expect(view.data.permissionIds.length).toBe(allIds.length);
  });

  it('lets the built-in role drop permissions other than the role-management ones', async () => {
    const keep = allIds.filter((x) => x !== dictAddId);
    expect((await t.post(`${R}/editRolePermission`, { id: adminRoleId, permissionIds: keep }, t.admin)).meta.code).toBe(
      200,
    );
    expect(
      (await t.post(`${R}/editRolePermission`, { id: adminRoleId, permissionIds: allIds }, t.admin)).meta.code,
    ).toBe(200);
  });

  it('refuses to delete a role members still hold, saying how many', async () => {
    const role = await add({ name: 'ROLE_HELD', cnName: '使用中', kind: 'general', permissionIds: [dictListId] });
    await createStaff(t.db.db, 'held1', [role.data.id]);
    await createStaff(t.db.db, 'held2', [role.data.id]);
    const res = await t.post(`${R}/remove`, { id: role.data.id }, t.admin);
    expect(res.meta.code).toBe(5422);
    expect(res.meta.message).toBe('2 member(s) still hold this role: remove it from them before deleting it');
    expect((await viewRole(role.data.id)).data.memberCount).toBe(2);
  });

  it('deletes a role nobody holds', async () => {
    const role = await add({ name: 'ROLE_GONE', cnName: '刪除', kind: 'general', permissionIds: [dictListId] });
    expect((await t.post(`${R}/remove`, { id: role.data.id }, t.admin)).meta.code).toBe(200);
    expect((await viewRole(role.data.id)).meta.code).toBe(404);
  });

  it("sets and reads a member's roles, keeping at least one", async () => {
    const a = await createRole(t.db.db, 'ROLE_MA', [PERM.dictList]);
    const b = await createRole(t.db.db, 'ROLE_MB', [PERM.configList]);
    const mid = await createStaff(t.db.db, 'roles1', [a]);
    const set = await t.post(`${R}/updateMemberRoles`, { userId: mid, roleIds: [a, b] }, t.admin);
    expect(set.meta.code).toBe(200);
    const got = await t.get<{ id: number }[]>(`${R}/getMemberRoles`, { userId: mid }, t.admin);
    expect(got.data.map((r) => r.id)).toEqual([a, b]);

    const empty = await t.post(`${R}/updateMemberRoles`, { userId: mid, roleIds: null }, t.admin);
    expect(empty.meta).toEqual({ code: 5423, message: 'A member must keep at least one role' });
    const unknown = await t.post(`${R}/updateMemberRoles`, { userId: mid, roleIds: [a, 999999] }, t.admin);
    expect(unknown.meta.code).toBe(400);
    const noMember = await t.post(`${R}/updateMemberRoles`, { userId: 999999, roleIds: [a] }, t.admin);
    expect(noMember.meta.code).toBe(404);
    expect((await t.get<{ id: number }[]>(`${R}/getMemberRoles`, { userId: mid }, t.admin)).data).toHaveLength(2);
  });

  it('never takes the administrator role from its last holder (5431, as the member screen answers)', async () => {
    const other = await createRole(t.db.db, 'ROLE_SOLO', [PERM.dictList]);
    const { mid } = await t.login();
    const res = await t.post(`${R}/updateMemberRoles`, { userId: mid, roleIds: [other] }, t.admin);
    expect(res.meta.code).toBe(5431);
    const second = await createStaff(t.db.db, 'admin2', [adminRoleId]);
    expect((await t.post(`${R}/updateMemberRoles`, { userId: second, roleIds: [other] }, t.admin)).meta.code).toBe(200);
  });

  it('lists the members of a role and finds staff to add', async () => {
    const role = await createRole(t.db.db, 'ROLE_TEAM', [PERM.dictList]);
    await createStaff(t.db.db, 'team_alice', [role]);
    await createStaff(t.db.db, 'team_bob', [role]);
    const members = await t.get<Page<RoleMember>>(`${R}/members`, { id: role, pageSize: 1 }, t.admin);
    expect(members.data.total).toBe(2);
    expect(members.data.list).toHaveLength(1);
    const found = await t.get<Page<RoleMember>>(`${R}/members`, { id: role, keyword: 'ALICE' }, t.admin);
    expect(found.data.list.map((m) => m.loginName)).toEqual(['team_alice']);
    const options = await t.get<RoleMember[]>(`${R}/memberOptions`, { keyword: 'team_' }, t.admin);
    expect(options.data.map((m) => m.loginName).sort()).toEqual(['team_alice', 'team_bob']);
    expect(options.data[0]).not.toHaveProperty('passwordHash');
  });
});

// The last active administrator on the role screen: the member module's rule (active, not deleted staff holding the
// role, their rows locked until the change commits), with its code.
describe('the last active administrator, on the role screen', () => {
  const t = useTestApp({ signIn: true });
  let adminRoleId: number;
  let plainRoleId: number;

  beforeAll(async () => {
    adminRoleId = await adminRoleIdOf(t.db.db);
    plainRoleId = await createRole(t.db.db, 'ROLE_PLAIN', [PERM.dictList]);
  });

  const setRoles = (userId: number, roleIds: number[], as: Session) =>
    t.post(`${R}/updateMemberRoles`, { userId, roleIds }, as);
  const activeAdmins = () => activeAdminIdsOf(t.db.db, adminRoleId);

  it('keeps the role on the only active administrator while an inactive member still holds it (5431)', async () => {
    const idle = await createStaff(t.db.db, 'admin_idle', [adminRoleId]);
    const off = await t.post('/api/v1/mc/member/updateStatus', { id: idle, status: 'inactive' }, t.admin);
    expect(off.meta.code).toBe(200);
    const res = await setRoles(t.admin.mid, [plainRoleId], t.admin);
    expect(res.meta.code).toBe(5431);
    expect(await activeAdmins()).toEqual([t.admin.mid]);
  });

  it('lets one of two administrators taking the role from each other at once through', async () => {
    const other = await createStaff(t.db.db, 'admin_other', [adminRoleId]);
    const otherSession = await t.login('admin_other', STAFF_PASSWORD);
    const codes = (
      await Promise.all([setRoles(other, [plainRoleId], t.admin), setRoles(t.admin.mid, [plainRoleId], otherSession)])
    )
      .map((r) => r.meta.code)
      .sort((a, b) => a - b);
    // The loser is refused as the last administrator, or, when it is checked after the winner's commit, as no longer
    // one (403: it may neither manage roles nor act on an administrator).
    expect(codes[0]).toBe(200);
    expect([403, 5431]).toContain(codes[1]);
    expect(await activeAdmins()).toHaveLength(1);
  });
});
