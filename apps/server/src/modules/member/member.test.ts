import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import {
  ADMIN_ROLE_NAME,
  PERM,
  type Member,
  type MemberCount,
  type MemberListItem,
  type MemberView,
  type Page,
} from '@study-crm/shared';
import { type Values } from '../../test/harness.js';
import { historyName, toMemberRef } from '../people/index.js';
import { activeAdminIdsOf, createRole, MEMBER_MANAGER_PERMS } from '../../test/access-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';

const PASSWORD = 'Staff#2026pass';
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

describe('members', () => {
  const t = useTestApp();
  let admin: { token: string; mid: number };
  let adminRoleId: number;
  let staffRoleId: number; // members list and view only
  let managerRoleId: number; // every member permission, not an administrator

  const add = (values: Values = {}, token = admin.token) =>
    t.post<Member>(
      '/api/v1/mc/member/add',
      { email: `m${unique()}@example.com`, password: PASSWORD, roleIds: [staffRoleId], ...values },
      { token },
    );
  const addOk = async (values: Values = {}) => {
    const res = await add(values);
    expect(res.meta, JSON.stringify(res.meta)).toMatchObject({ code: 200 });
    return res.data;
  };
  const memberCount = async () => {
    const row = await t.db.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const profileCode = async (token: string) => (await t.get('/api/v1/member/profile', {}, { token })).meta.code;

  beforeAll(async () => {
    admin = await t.login();
    const roles = await t.get<{ id: number; name: string }[]>('/api/v1/mc/member/roleOptions', {}, admin);
    adminRoleId = roles.data.find((r) => r.name === ADMIN_ROLE_NAME)!.id;
    staffRoleId = await createRole(t.db.db, 'ROLE_STAFF', [PERM.memberList, PERM.memberView]);
    managerRoleId = await createRole(t.db.db, 'ROLE_MANAGER', MEMBER_MANAGER_PERMS);
  });

  describe('adding', () => {
    it('adds a staff member with roles, stores the e-mail lower-case and never returns the password', async () => {
      const email = `  New.Person${unique()}@Example.COM `;
      const m = await addOk({
        email,
        engLastName: 'Chan',
        engFirstName: 'Tai Man',
        areaCode: '+852',
        mobile: '9123 4567',
        identityStatus: 'verified',
      });
      expect(m).toMatchObject({
        email: email.trim().toLowerCase(),
        displayName: 'Chan Tai Man',
        areaCode: '852',
        mobile: '91234567',
        status: 'active',
        identityStatus: 'verified',
        memberType: 'staff',
        roles: [{ id: staffRoleId, name: 'ROLE_STAFF' }],
      });
      const view = await t.get<MemberView>('/api/v1/mc/member/view', { id: m.id }, admin);
      const list = await t.get<Page<Member>>('/api/v1/mc/member', { keyword: 'Tai Man' }, admin);
      for (const body of [m, view.data, list.data]) {
        expect(JSON.stringify(body)).not.toMatch(/password|hash|\$argon2|failedLogins|lockedUntil|deletedAt/i);
      }
      // The new member signs in with the password set on creation.
      const session = await t.login(m.email!, PASSWORD);
      expect(session.mid).toBe(m.id);
    });

    it('refuses an e-mail that exists, whatever its case or spaces (5403), writing nothing', async () => {
      const m = await addOk();
      const before = await memberCount();
      const res = await add({ email: ` ${m.email!.toUpperCase()} ` });
      expect(res.meta.code).toBe(5403);
      expect(res.meta.message).toBe('This email already exists');
      expect(await memberCount()).toBe(before);
    });

    it('refuses a mobile that exists for the same area code (5402), allows it under another', async () => {
      await addOk({ areaCode: '44', mobile: '07700900111' });
      const res = await add({ areaCode: '44', mobile: '7700 900111' });
      expect(res.meta).toMatchObject({ code: 5402, message: 'This phone number already exists' });
      // The same digits are a different number in Hong Kong? Not valid there; Singapore has its own numbers.
      await addOk({ areaCode: '65', mobile: '87700900' });
      const again = await add({ areaCode: '65', mobile: '87700900' });
      expect(again.meta.code).toBe(5402);
    });

    it('refuses a mobile that is not valid for its region, naming the field', async () => {
      const before = await memberCount();
      const res = await add({ areaCode: '86', mobile: '23812345678' });
      expectParamError(res, 'mobile');
      const noArea = await add({ mobile: '13812345678' });
      expectParamError(noArea, 'areaCode');
      expect(await memberCount()).toBe(before);
    });

    it('refuses a staff member without a role, and an unknown role, naming roleIds', async () => {
      const before = await memberCount();
      const none = await add({ roleIds: undefined });
      expectParamError(none, 'roleIds');
      expect(none.meta.message).toContain('at least one role');
      const unknown = await add({ roleIds: [staffRoleId, 99999] });
      expectParamError(unknown, 'roleIds');
      expect(await memberCount()).toBe(before);
      // A student needs no role.
      const student = await addOk({ memberType: 'student', roleIds: undefined });
      expect(student.roles).toEqual([]);
    });

    it.each([
      ['email', { email: 'not-an-email' }],
      ['email', { email: 'a@b' }],
      ['password', { password: 'short' }],
      ['password', { password: 'x'.repeat(21) }],
      ['status', { status: 'sleeping' }],
      ['memberType', { memberType: 'robot' }],
      ['engLastName', { engLastName: 'x'.repeat(61) }],
    ])('answers 400 naming %s and writes nothing', async (field, values) => {
      const before = await memberCount();
      const res = await add(values as Values);
      expectParamError(res, field);
      expect(await memberCount()).toBe(before);
    });

    it('refuses a caller without the add permission (403)', async () => {
      const m = await addOk();
      const staff = await t.login(m.email!, PASSWORD);
      const res = await add({}, staff.token);
      expect(res.meta.code).toBe(403);
    });
  });

  describe('updating', () => {
    it('keeps absent fields, clears empty ones and changes roles', async () => {
      const m = await addOk({ nickName: 'Nick', fullName: '陳大文', areaCode: '852', mobile: '61234567' });
      const res = await t.post<Member>(
        '/api/v1/mc/member/update',
        { id: m.id, nickName: '', roleIds: [staffRoleId, managerRoleId] },
        admin,
      );
      expect(res.meta.code).toBe(200);
      expect(res.data).toMatchObject({ nickName: null, fullName: '陳大文', mobile: '61234567', email: m.email });
      expect(res.data.roles.map((r) => r.id)).toEqual([staffRoleId, managerRoleId]);
    });

    it('refuses to take an e-mail or mobile another member has (5403, 5402), changing nothing', async () => {
      const a = await addOk({ areaCode: '886', mobile: '912000111' });
      const b = await addOk({ nickName: 'Before' });
      const email = await t.post('/api/v1/mc/member/update', { id: b.id, email: a.email, nickName: 'After' }, admin);
      expect(email.meta.code).toBe(5403);
      const mobile = await t.post(
        '/api/v1/mc/member/update',
        { id: b.id, areaCode: '886', mobile: '0912-000-111', nickName: 'After' },
        admin,
      );
      expect(mobile.meta.code).toBe(5402);
      const view = await t.get<MemberView>('/api/v1/mc/member/view', { id: b.id }, admin);
      expect(view.data.nickName).toBe('Before');
    });

    it('refuses to leave a staff member without roles', async () => {
      const m = await addOk();
      const res = await t.post('/api/v1/mc/member/update', { id: m.id, roleIds: '' }, admin);
      expectParamError(res, 'roleIds');
    });

    it('adds or replaces the login e-mail through addMemberEmail, refusing a taken one', async () => {
      const a = await addOk();
      const b = await addOk();
      const res = await t.post<Member>(
        '/api/v1/mc/merchants/addMemberEmail',
        { id: b.id, email: ' Replaced@Example.com ' },
        admin,
      );
      expect(res.meta, JSON.stringify(res.meta)).toMatchObject({ code: 200 });
      expect(res.data.email).toBe('replaced@example.com');
      const taken = await t.post('/api/v1/mc/merchants/addMemberEmail', { id: b.id, email: a.email }, admin);
      expect(taken.meta.code).toBe(5403);
      const bad = await t.post('/api/v1/mc/merchants/addMemberEmail', { id: b.id, email: 'nope' }, admin);
      expectParamError(bad, 'email');
    });

    // Sign-in by name matches a login name or an e-mail: a login name that was another member's e-mail signed in
    // as whichever of the two rows came first (the other's password refused, the failure counted on that member).
    it("refuses a login name that is another member's e-mail, and an e-mail that is another's login name (400)", async () => {
      const v = await addOk();
      const other = await addOk();
      const before = await memberCount();
      expectParamError(await add({ loginName: v.email!.toUpperCase() }), 'loginName');
      expect(await memberCount()).toBe(before);
      const update = (values: Values) => t.post('/api/v1/mc/member/update', { id: other.id, ...values }, admin);
      expectParamError(await update({ loginName: v.email, nickName: 'Changed' }), 'loginName');
      // The other way: an e-mail that is another member's login name, on every path that sets one.
      const holder = await addOk({ loginName: `Held${unique()}@Example.com` });
      const held = holder.loginName!.toLowerCase();
      expectParamError(await add({ email: held }), 'email');
      expect(await memberCount()).toBe(before + 1);
      expectParamError(await update({ email: held, nickName: 'Changed' }), 'email');
      const addEmail = await t.post('/api/v1/mc/merchants/addMemberEmail', { id: other.id, email: held }, admin);
      expectParamError(addEmail, 'email');
      expectParamError(await t.get('/api/v1/cake/users/checkGmProfile', { email: held }, admin), 'email');
      // The binding page (the member's own new address) refuses it before sending a code.
      const own = await t.login(other.email!, PASSWORD);
      const bind = await t.post('/api/v1/member/email/sms/request', { purpose: 'rebindNew', email: held }, own);
      expectParamError(bind, 'email');
      const kept = await t.get<MemberView>('/api/v1/mc/member/view', { id: other.id }, admin);
      expect(kept.data).toMatchObject({ email: other.email, loginName: null, nickName: null });
      // One's own e-mail as one's login name is one account: allowed, and an edit keeping both passes.
      const email = `self${unique()}@example.com`;
      const same = await addOk({ email, loginName: email });
      const edited = await t.post<Member>(
        '/api/v1/mc/member/update',
        { id: same.id, email, loginName: email, nickName: 'Same' },
        admin,
      );
      expect(edited.meta.code).toBe(200);
      expect((await t.login(email, PASSWORD)).mid).toBe(same.id);
    });

    it("signs in by a login name as its holder when an older row pairs it with another member's e-mail", async () => {
      const v = await addOk();
      const a = await addOk({ password: 'Other#2026pass' });
      // Saved before the rule: A's login name is V's e-mail.
      await t.db.db.updateTable('member').set({ loginName: v.email }).where('id', '=', a.id).execute();
      expect((await t.login(v.email!, 'Other#2026pass')).mid).toBe(a.id);
      const failures = await t.db.db
        .selectFrom('member')
        .select('failedLogins')
        .where('id', 'in', [v.id, a.id])
        .execute();
      expect(failures.map((r) => Number(r.failedLogins))).toEqual([0, 0]);
    });

    it('updates any member type through /admin/v1/members/update', async () => {
      const s = await addOk({ memberType: 'student', roleIds: undefined });
      const res = await t.post<Member>('/admin/v1/members/update', { id: s.id, identityStatus: 'verified' }, admin);
      expect(res.data).toMatchObject({ memberType: 'student', identityStatus: 'verified' });
    });
  });

  describe('sessions and protection', () => {
    it('deactivation ends the member’s sessions at once (next call 401) and blocks sign-in', async () => {
      const m = await addOk();
      const s = await t.login(m.email!, PASSWORD);
      expect(await profileCode(s.token)).toBe(200);
      const res = await t.post<Member>('/api/v1/mc/member/updateStatus', { id: m.id, status: 'inactive' }, admin);
      expect(res.data.status).toBe('inactive');
      expect(await profileCode(s.token)).toBe(401);
      await expect(t.login(m.email!, PASSWORD)).rejects.toThrow(/1001/);
      // Reactivated, they sign in again; the old session stays closed.
      await t.post('/api/v1/mc/member/update', { id: m.id, status: 'active' }, admin);
      expect(await profileCode(s.token)).toBe(401);
      expect((await t.login(m.email!, PASSWORD)).mid).toBe(m.id);
    });

    it('removal is a soft delete: sessions end, the list forgets them, history keeps the name', async () => {
      const m = await addOk({ engLastName: 'Gone', engFirstName: 'Soon' });
      const s = await t.login(m.email!, PASSWORD);
      const res = await t.post('/api/v1/mc/member/remove', { id: m.id }, admin);
      expect(res.meta.code).toBe(200);
      expect(await profileCode(s.token)).toBe(401);
      expect((await t.get('/api/v1/mc/member/view', { id: m.id }, admin)).meta.code).toBe(404);
      const list = await t.get<Page<Member>>('/api/v1/mc/member', { keyword: 'Gone Soon' }, admin);
      expect(list.data.total).toBe(0);
      const row = await t.db.db
        .selectFrom('member')
        .select(['engLastName', 'engFirstName', 'fullName', 'email', 'mobile', 'nickName', 'deletedAt'])
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(row.deletedAt).not.toBeNull();
      expect(toMemberRef(row)).toEqual({ displayName: 'Gone Soon', isRemoved: true });
      expect(historyName(row)).toBe('Gone Soon (removed)');
      // The e-mail is free again.
      await addOk({ email: m.email });
      expect((await t.post('/api/v1/mc/member/remove', { id: m.id }, admin)).meta.code).toBe(404);
    });

    it('a member cannot deactivate or remove themselves (5430)', async () => {
      for (const [url, body] of [
        ['/api/v1/mc/member/updateStatus', { id: admin.mid, status: 'inactive' }],
        ['/api/v1/mc/member/update', { id: admin.mid, status: 'inactive' }],
        ['/api/v1/mc/member/remove', { id: admin.mid }],
      ] as const) {
        const res = await t.post(url, body, admin);
        expect(res.meta.code, url).toBe(5430);
      }
      expect(await profileCode(admin.token)).toBe(200);
    });

    it('the last active administrator cannot be deactivated, removed or lose the role (5431)', async () => {
      // A second administrator takes over, then the first one is deactivated.
      const second = await addOk({ roleIds: [adminRoleId] });
      const secondSession = await t.login(second.email!, PASSWORD);
      const manager = await addOk({ roleIds: [managerRoleId] });
      const managerSession = await t.login(manager.email!, PASSWORD);
      const off = await t.post('/api/v1/mc/member/updateStatus', { id: admin.mid, status: 'inactive' }, secondSession);
      expect(off.meta.code).toBe(200);

      const attempts: [string, Values][] = [
        ['/api/v1/mc/member/updateStatus', { id: second.id, status: 'inactive' }],
        ['/api/v1/mc/member/remove', { id: second.id }],
        ['/api/v1/mc/member/update', { id: second.id, roleIds: [managerRoleId] }],
        ['/api/v1/mc/member/update', { id: second.id, memberType: 'student' }],
      ];
      // A manager never acts on an administrator (403); the administrator cannot drop their own role (5431).
      for (const [url, body] of attempts) {
        const res = await t.post(url, body, managerSession);
        expect(res.meta.code, url).toBe(403);
      }
      for (const [url, body] of attempts.slice(2, 3)) {
        const res = await t.post(url, body, secondSession);
        expect(res.meta.code, url).toBe(5431);
      }
      expect(await profileCode(secondSession.token)).toBe(200);

      // Restore the first administrator for the other tests.
      const on = await t.post('/api/v1/mc/member/updateStatus', { id: admin.mid, status: 'active' }, secondSession);
      expect(on.meta.code).toBe(200);
      admin = await t.login();
      expect((await t.post('/api/v1/mc/member/remove', { id: second.id }, admin)).meta.code).toBe(200);
    });

    it('two administrators deactivating each other at once leave one active administrator', async () => {
      const x = await addOk({ roleIds: [adminRoleId] });
      const y = await addOk({ roleIds: [adminRoleId] });
      const xs = await t.login(x.email!, PASSWORD);
      const ys = await t.login(y.email!, PASSWORD);
      expect(
        (await t.post('/api/v1/mc/member/updateStatus', { id: admin.mid, status: 'inactive' }, xs)).meta.code,
      ).toBe(200);
      const codes = await Promise.all([
        t.post('/api/v1/mc/member/updateStatus', { id: y.id, status: 'inactive' }, xs),
        t.post('/api/v1/mc/member/updateStatus', { id: x.id, status: 'inactive' }, ys),
      ]).then((all) => all.map((r) => r.meta.code).sort());
      // The loser is refused as the last administrator, or finds their own session already closed (401: the sign-in
      // check reads the session and its permissions in one statement, so never 403).
      expect(codes[0]).toBe(200);
      expect([401, 5431]).toContain(codes[1]);
      const admins = await activeAdminIdsOf(t.db.db, adminRoleId);
      expect(admins).toHaveLength(1);
      // Restore the first administrator, then retire the survivors of this test.
      const survivor = admins[0] === x.id ? xs : ys;
      await t.post('/api/v1/mc/member/updateStatus', { id: admin.mid, status: 'active' }, survivor);
      admin = await t.login();
      for (const m of [x, y]) await t.post('/api/v1/mc/member/remove', { id: m.id }, admin);
    });

    it('set password replaces it, ends the member’s sessions and refuses a short one', async () => {
      const m = await addOk();
      const s = await t.login(m.email!, PASSWORD);
      const short = await t.post('/api/v1/mc/member/setPassword', { id: m.id, password: 'short' }, admin);
      expectParamError(short, 'password');
      const res = await t.post('/api/v1/mc/member/setPassword', { id: m.id, password: 'NewPass#2026' }, admin);
      expect(res).toMatchObject({ meta: { code: 200 }, data: null });
      expect(await profileCode(s.token)).toBe(401);
      await expect(t.login(m.email!, PASSWORD)).rejects.toThrow(/401/);
      expect((await t.login(m.email!, 'NewPass#2026')).mid).toBe(m.id);
    });

    it('set password refuses the caller’s own account, which changes only with its current password', async () => {
      const res = await t.post(
        '/api/v1/mc/member/setPassword',
        { id: admin.mid, password: 'NewPass#2026' },
        { ...admin, locale: 'en-US' },
      );
      expectParamError(res, 'id');
      expect(res.meta.message).toContain('"Change password"');
      // Nothing changed: the caller's session still works and the old password still signs in.
      expect(await profileCode(admin.token)).toBe(200);
      expect((await t.login()).mid).toBe(admin.mid);
    });

    // Decision 355: a stolen session must not point its own account at the thief's address and then reset the
    // password ("forgot password"); one's own e-mail and mobile change only on the Account binding page, with a code.
    it('refuses changing the caller’s own e-mail, mobile, area code or login name, and keeps the same values', async () => {
      const loginName = `self${unique()}`;
      const m = await addOk({ roleIds: [managerRoleId], areaCode: '44', mobile: '07700900321', loginName });
      const self = await t.login(m.email!, PASSWORD);
      const thief = () => `thief${unique()}@example.com`;
      const attempts: [url: string, field: string, body: Values][] = [
        ['/api/v1/mc/member/update', 'email', { id: m.id, email: thief(), nickName: 'Changed' }],
        ['/api/v1/mc/member/update', 'email', { id: m.id, email: null }],
        ['/api/v1/mc/member/update', 'mobile', { id: m.id, areaCode: '44', mobile: '07700900999' }],
        ['/api/v1/mc/member/update', 'mobile', { id: m.id, mobile: null }],
        // The same digits are a valid number under +1 (which keeps a leading digit): another number all the same.
        ['/api/v1/mc/member/update', 'areaCode', { id: m.id, areaCode: '1', mobile: '7700900321' }],
        ['/api/v1/mc/member/update', 'loginName', { id: m.id, loginName: `other${unique()}` }],
        ['/admin/v1/members/update', 'email', { id: m.id, email: thief() }],
        ['/api/v1/mc/merchants/addMemberEmail', 'email', { id: m.id, email: thief() }],
      ];
      for (const [url, field, body] of attempts) {
        const res = await t.post(url, body, self);
        expectParamError(res, field);
        expect(res.meta.message, url).toContain('"User centre › Account binding"');
      }
      const zh = await t.post('/api/v1/mc/member/update', attempts[0]![2], { ...self, locale: 'zh-TW' });
      expect(zh.meta.message).toContain('帳號綁定');
      const zhCN = await t.post('/api/v1/mc/member/update', attempts[0]![2], { ...self, locale: 'zh-CN' });
      expect(zhCN.meta.message).toContain('账号绑定');
      const kept = await t.get<MemberView>('/api/v1/mc/member/view', { id: m.id }, admin);
      expect(kept.data).toMatchObject({
        email: m.email,
        areaCode: '44',
        mobile: '7700900321',
        loginName,
        nickName: null,
      });

      // The values the edit form sends back unchanged (as typed or stored) let the other fields change.
      const same = await t.post<Member>(
        '/api/v1/mc/member/update',
        {
          id: m.id,
          email: ` ${m.email!.toUpperCase()} `,
          areaCode: '+44',
          mobile: '07700 900321',
          loginName,
          nickName: 'Mine',
        },
        self,
      );
      expect(same.meta, JSON.stringify(same.meta)).toMatchObject({ code: 200 });
      expect(same.data).toMatchObject({ email: m.email, mobile: '7700900321', nickName: 'Mine' });
      const sameEmail = await t.post('/api/v1/mc/merchants/addMemberEmail', { id: m.id, email: m.email }, self);
      expect(sameEmail.meta.code).toBe(200);
      // Someone else with the permission still changes them.
      const other = thief();
      const byAdmin = await t.post<Member>('/api/v1/mc/member/update', { id: m.id, email: other }, admin);
      expect(byAdmin.data.email).toBe(other);
    });

    it('a student can never sign in (6400)', async () => {
      const s = await addOk({ memberType: 'student', roleIds: undefined });
      await expect(t.login(s.email!, PASSWORD)).rejects.toThrow(/6400/);
    });
  });

  describe('listing', () => {
    let tag: string;
    let ids: Record<string, number>;
    beforeAll(async () => {
      tag = `q${unique()}`;
      const make = (values: Values) => addOk(values).then((m) => m.id);
      ids = {
        alice: await make({ email: `alice.${tag}@example.com`, engLastName: 'Zhang', engFirstName: 'Alice' }),
        bob: await make({
          email: `bob.${tag}@example.org`,
          engLastName: 'Ng',
          engFirstName: 'Bob',
          status: 'inactive',
          identityStatus: 'verified',
          roleIds: [managerRoleId],
        }),
        carol: await make({
          email: `carol.${tag}@example.net`,
          nickName: 'Carol',
          areaCode: '44',
          mobile: '7700123987',
        }),
        dan: await make({
          email: `dan.${tag}@example.com`,
          fullName: '李小龍',
          memberType: 'student',
          roleIds: undefined,
        }),
      };
    });
    const list = (query: Values, url = '/api/v1/mc/member') =>
      t.get<Page<Member>>(url, { keyword: tag, ...query }, admin);
    const idsOf = (p: Page<Member>) => p.list.map((m) => m.id);

    it("returns each member's labels with the list, in label order", async () => {
      const now = Date.now();
      const label = (name: string, sort: number) => ({
        name: `${name}${tag}`,
        color: sort === 1 ? '#1677ff' : null,
        description: null,
        sort,
        status: 'enabled' as const,
        createdAt: now,
        updatedAt: now,
      });
      const [vip, alumni] = await t.db.db
        .insertInto('label')
        .values([label('vip', 2), label('alumni', 1)])
        .returning('id')
        .execute();
      const assign = (userId: number, labelIds: number[]) =>
        t.post('/api/v1/mc/labels/assign', { userId, labelIds: labelIds.join(',') }, admin);
      expect((await assign(ids.alice!, [vip!.id, alumni!.id])).meta.code).toBe(200);
      expect((await assign(ids.dan!, [vip!.id])).meta.code).toBe(200);

      const page = (await t.get<Page<MemberListItem>>('/admin/v1/members/list', { keyword: tag }, admin)).data;
      const labelsOf = (id: number) => page.list.find((m) => m.id === id)?.labels.map((l) => l.name);
      expect(labelsOf(ids.alice!)).toEqual([`alumni${tag}`, `vip${tag}`]);
      expect(labelsOf(ids.dan!)).toEqual([`vip${tag}`]);
      expect(labelsOf(ids.carol!)).toEqual([]);
      expect(page.list.find((m) => m.id === ids.alice)?.labels[0]).toEqual({
        id: alumni!.id,
        name: `alumni${tag}`,
        color: '#1677ff',
        status: 'enabled',
      });
      await assign(ids.alice!, []);
      await assign(ids.dan!, []);
    });

    it('searches by part of a name, an e-mail or a mobile', async () => {
      expect(idsOf((await t.get<Page<Member>>('/api/v1/mc/member', { keyword: 'ang Ali' }, admin)).data)).toContain(
        ids.alice,
      );
      expect(idsOf((await list({ keyword: `carol.${tag}` })).data)).toEqual([ids.carol]);
      expect(idsOf((await list({ keyword: '0123987' })).data)).toEqual([ids.carol]);
      // Two characters (shorter than a trigram) still match.
      expect(idsOf((await t.get<Page<Member>>('/admin/v1/members/list', { keyword: '小龍' }, admin)).data)).toEqual([
        ids.dan,
      ]);
      // LIKE wildcards are plain characters.
      expect((await list({ keyword: '%' })).data.total).toBe(0);
    });

    it('lists staff only on /api/v1/mc/member and every type on /admin/v1/members/list', async () => {
      expect(idsOf((await list({})).data).sort()).toEqual([ids.alice, ids.bob, ids.carol].sort());
      expect((await list({}, '/admin/v1/members/list')).data.total).toBe(4);
      expect(idsOf((await list({ memberType: 'student' }, '/admin/v1/members/list')).data)).toEqual([ids.dan]);
    });

    it('filters by status, identity status and role', async () => {
      expect(idsOf((await list({ status: 'inactive' })).data)).toEqual([ids.bob]);
      expect(idsOf((await list({ identityStatus: 'verified' })).data)).toEqual([ids.bob]);
      expect(idsOf((await list({ roleId: managerRoleId })).data)).toEqual([ids.bob]);
      expect((await list({ roleId: adminRoleId })).data.total).toBe(0);
    });

    it('sorts by display name, e-mail and registration time in both directions', async () => {
      // Display names: "Zhang Alice", "Ng Bob", carol's e-mail.
      expect(idsOf((await list({ sortBy: 'displayName', order: 'asc' })).data)).toEqual([
        ids.carol,
        ids.bob,
        ids.alice,
      ]);
      expect(idsOf((await list({ sortBy: 'displayName', order: 'desc' })).data)).toEqual([
        ids.alice,
        ids.bob,
        ids.carol,
      ]);
      expect(idsOf((await list({ sortBy: 'email', order: 'asc' })).data)).toEqual([ids.alice, ids.bob, ids.carol]);
      expect(idsOf((await list({})).data)).toEqual([ids.carol, ids.bob, ids.alice]);
      expect(idsOf((await list({ sortBy: 'createdAt', order: 'asc' })).data)).toEqual([ids.alice, ids.bob, ids.carol]);
    });

    it('sorts by sortField, the name every list uses; sortBy stays an alias and sortField wins', async () => {
      const byName = [ids.carol, ids.bob, ids.alice];
      expect(idsOf((await list({ sortField: 'displayName', order: 'asc' })).data)).toEqual(byName);
      expect(idsOf((await list({ sortField: 'displayName', sortBy: 'email', order: 'asc' })).data)).toEqual(byName);
      const bad = await list({ sortField: 'password' });
      expectParamError(bad, 'sortField');
    });

    it('pages with total, pageNum and pageSize', async () => {
      const first = await list({ pageSize: 2, pageNum: 1, order: 'asc' });
      expect(first.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
      expect(idsOf(first.data)).toEqual([ids.alice, ids.bob]);
      const second = await list({ pageSize: 2, pageNum: 2, order: 'asc' });
      expect(idsOf(second.data)).toEqual([ids.carol]);
      const bad = await list({ pageSize: 500 });
      expectParamError(bad, 'pageSize');
      const sort = await list({ sortBy: 'password' });
      expectParamError(sort, 'sortBy');
    });

    it('counts members for the dashboard', async () => {
      const res = await t.get<MemberCount>('/api/v1/cake/rpt/countMember', {}, admin);
      expect(res.meta.code).toBe(200);
      const c = res.data;
      expect(c.total).toBe(c.staff + c.students);
      expect(c.students).toBeGreaterThanOrEqual(1);
      expect(c.active).toBeLessThan(c.total);
      expect(c.newLast30Days).toBe(c.total);
    });

    it('shows a member with roles and recent sign-ins', async () => {
      const m = await addOk();
      await t.login(m.email!, PASSWORD);
      const view = await t.get<MemberView>('/api/v1/mc/member/view', { id: m.id }, admin);
      expect(view.data.recentSessions).toHaveLength(1);
      expect(view.data.recentSessions[0]).toMatchObject({ isActive: true, ip: '127.0.0.1' });
      expect(view.data.roles[0]!.name).toBe('ROLE_STAFF');
    });

    it('finds a member by their new name after a rename, not by the old one', async () => {
      const m = await addOk({ engLastName: `Old${tag}`, engFirstName: 'Name' });
      await t.post('/api/v1/mc/member/update', { id: m.id, engLastName: `New${tag}` }, admin);
      const byNew = await t.get<Page<Member>>('/api/v1/mc/member', { keyword: `new${tag} name` }, admin);
      expect(idsOf(byNew.data)).toEqual([m.id]);
      const byOld = await t.get<Page<Member>>('/api/v1/mc/member', { keyword: `Old${tag}` }, admin);
      expect(byOld.data.total).toBe(0);
    });

    it('refuses the list to a member without the list permission (403)', async () => {
      const noneRole = await createRole(t.db.db, 'ROLE_NOTHING', []);
      const m = await addOk({ roleIds: [noneRole] });
      const s = await t.login(m.email!, PASSWORD);
      expect((await t.get('/api/v1/mc/member', {}, s)).meta.code).toBe(403);
      expect((await t.get('/api/v1/cake/rpt/countMember', {}, s)).meta.code).toBe(403);
    });

    it('describes the member calls in the OpenAPI document', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      const doc = res.json() as { paths: Record<string, unknown> };
      for (const path of ['/api/v1/mc/member', '/api/v1/mc/member/add', '/admin/v1/members/list']) {
        expect(doc.paths).toHaveProperty([path]);
      }
    });

    it('keeps the profile shape other code reads', async () => {
      const res = await t.get<{ id: number; displayName: string; avatarImg: string | null; roles: unknown[] }>(
        '/api/v1/member/profile',
        {},
        admin,
      );
      expect(res.data).toMatchObject({ id: admin.mid, displayName: 'Administrator', avatarImg: null });
      expect(res.data.roles).toEqual([expect.objectContaining({ name: ADMIN_ROLE_NAME })]);
    });
  });
});
