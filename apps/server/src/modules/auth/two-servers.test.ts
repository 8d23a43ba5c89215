import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@study-crm/shared';
import { createRole, createStaff, permissionIds, setRolePerms, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

const MEMBERS = '/api/v1/mc/member';
const ROLE = '/api/v1/mc/sys/role';
const PROFILE = '/api/v1/member/profile';

// Issue 43: the signed call's session, member and permissions are read in one compiled, prepared statement. A server
// keeps a session's permission set between calls, but reads it again whenever the access counter or the session's
// role, both read in that same statement, has changed (decision 224), so a change made through one server applies
// on the very next call to another server on the same database: a closed session, a role's permissions, a member's
// roles, a switch of role, a deactivation. Both engines: two servers on one SQLite file, or on one PostgreSQL schema.
describe('two servers on one database: a change to a session or its permissions applies at the next call', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: { token: string };
  let n = 0;

  beforeAll(async () => {
    const dir = `/tmp/study-crm-two-${randomBytes(4).toString('hex')}`;
    a = await startTestApp({ onFile: true, env: { DATA_DIR: dir, LOGIN_IP_MAX_ATTEMPTS: '1000' } });
    b = await startTestApp({ joins: a, env: { LOGIN_IP_MAX_ATTEMPTS: '1000' } });
    admin = await a.login();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  // A staff member holding one role with `perms`, signed in on A.
  async function staff(perms: readonly string[]) {
    n += 1;
    const login = `two.servers.${n}`;
    const roleId = await createRole(a.db.db, `ROLE_TWO_SERVERS_${n}`, perms);
    const id = await createStaff(a.db.db, login, [roleId]);
    const { token } = await a.login(login, STAFF_PASSWORD);
    return { id, roleId, token };
  }
  const list = (t: TestApp, token: string) => t.get(MEMBERS, { pageNum: 1, pageSize: 5 }, { token });
  const code = async (p: Promise<{ meta: { code: number } }>) => (await p).meta.code;

  it('a session closed on one server is refused on the other at its next call', async () => {
    const { token } = await staff([]);
    // Both servers have run the statement (prepared, kept) with this session before it closes.
    expect(await code(b.get(PROFILE, {}, { token }))).toBe(200);
    expect(await code(a.get(PROFILE, {}, { token }))).toBe(200);
    expect(await code(a.post('/api/v1/member/logout', {}, { token }))).toBe(200);
    expect(await code(b.get(PROFILE, {}, { token }))).toBe(401);
    expect(await code(a.get(PROFILE, {}, { token }))).toBe(401);
  });

  it("a role's permissions changed on one server apply on the other at the next call, both ways", async () => {
    const { roleId, token } = await staff([PERM.memberList]);
    expect(await code(list(b, token))).toBe(200);
    expect(await code(list(a, token))).toBe(200);
    // Taken away through A (the role keeps another permission): B refuses at once.
    const other = await permissionIds(a.db.db, [PERM.memberView]);
    expect(await code(a.post(`${ROLE}/editRolePermission`, { id: roleId, permissionIds: other }, admin))).toBe(200);
    expect(await code(list(b, token))).toBe(403);
    expect(await code(list(a, token))).toBe(403);
    // Given back through B: A allows at once.
    const ids = await permissionIds(a.db.db, [PERM.memberList]);
    expect(await code(b.post(`${ROLE}/editRolePermission`, { id: roleId, permissionIds: ids }, admin))).toBe(200);
    expect(await code(list(a, token))).toBe(200);
    expect(await code(list(b, token))).toBe(200);
  });

  it("a member's roles changed on one server apply on the other at the next call", async () => {
    const { id, token } = await staff([PERM.memberList]);
    const bare = await createRole(a.db.db, `ROLE_TWO_SERVERS_BARE_${n}`, []);
    expect(await code(list(b, token))).toBe(200);
    expect(await code(a.post(`${ROLE}/updateMemberRoles`, { userId: id, roleIds: [bare] }, admin))).toBe(200);
    expect(await code(list(b, token))).toBe(403);
    // The profile still answers (signed in, no permission needed) and shows the new role on B.
    const profile = await b.get<{ roles: { id: number }[] }>(PROFILE, {}, { token });
    expect(profile.data.roles.map((r) => r.id)).toEqual([bare]);
  });

  it('a role switched to on one server narrows the permissions on the other at the next call, and back', async () => {
    const { id, token } = await staff([PERM.memberList]);
    const bare = await createRole(a.db.db, `ROLE_TWO_SERVERS_SWITCH_${n}`, []);
    const both = await a.db.db.selectFrom('memberRole').select('roleId').where('memberId', '=', id).execute();
    expect(
      await code(
        a.post(`${ROLE}/updateMemberRoles`, { userId: id, roleIds: [...both.map((r) => r.roleId), bare] }, admin),
      ),
    ).toBe(200);
    // Both servers keep this session's permission set from these calls.
    expect(await code(list(a, token))).toBe(200);
    expect(await code(list(b, token))).toBe(200);
    expect(await code(a.post('/api/v1/member/role/switch', { roleId: bare }, { token }))).toBe(200);
    expect(await code(list(b, token))).toBe(403);
    expect(await code(b.post('/api/v1/member/role/switch', { roleId: '' }, { token }))).toBe(200);
    expect(await code(list(a, token))).toBe(200);
  });

  it('a permission taken from a role on one server applies on the other though its set was kept', async () => {
    // Two members with the same role share one kept set on B; the change reaches both at their next call.
    const first = await staff([PERM.memberList, PERM.memberView]);
    const login = `two.servers.same.${n}`;
    await createStaff(a.db.db, login, [first.roleId]);
    const second = await a.login(login, STAFF_PASSWORD);
    for (let i = 0; i < 3; i++) {
      expect(await code(list(b, first.token))).toBe(200);
      expect(await code(list(b, second.token))).toBe(200);
    }
    await setRolePerms(a.db.db, first.roleId, [PERM.memberView]);
    expect(await code(list(b, first.token))).toBe(403);
    expect(await code(list(b, second.token))).toBe(403);
    await setRolePerms(b.db.db, first.roleId, [PERM.memberList]);
    expect(await code(list(a, second.token))).toBe(200);
    expect(await code(list(b, first.token))).toBe(200);
  });

  it('a member deactivated on one server is signed out on the other at the next call, and back', async () => {
    const { id, token } = await staff([PERM.memberList]);
    expect(await code(list(a, token))).toBe(200);
    expect(await code(list(b, token))).toBe(200);
    expect(await code(b.post(`${MEMBERS}/updateStatus`, { id, status: 'inactive' }, admin))).toBe(200);
    expect(await code(list(a, token))).toBe(401);
    expect(await code(b.get(PROFILE, {}, { token }))).toBe(401);
  });
});
