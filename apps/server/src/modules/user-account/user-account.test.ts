import { beforeAll, describe, expect, it } from 'vitest';
import { PERM, type Member, type MemberListItem, type Page } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import type { Session } from '../../test/signed-in.js';
import { useTestApp } from '../../test/signed-in.js';
import { expectParamError } from '../../test/expect-envelope.js';

const U = '/api/v1/cake/users';

describe('account list', () => {
  const t = useTestApp({ signIn: true });
  let reader: Session;
  let staffId: number;

  beforeAll(async () => {
    await createStaff(t.db.db, 'reader', [await createRole(t.db.db, 'ROLE_ACCOUNT_READER', [PERM.userList])]);
    reader = await t.login('reader', STAFF_PASSWORD);
    staffId = await createStaff(t.db.db, 'colleague', []);
  });

  const add = (v: Record<string, string>, locale = 'en-US') =>
    t.post<Member>(`${U}/add`, { password: 'Student#2026', ...v }, { ...t.admin, locale });

  it('adds student accounts with the employee list’s rules and uniqueness codes', async () => {
    const chan = await add({ email: 'Chan.TM@example.com', areaCode: '852', mobile: '91234567', engLastName: 'Chan' });
    expect(chan.meta.code).toBe(200);
    expect(chan.data).toMatchObject({ email: 'chan.tm@example.com', memberType: 'student', roles: [] });
    expect(chan.data.identityStatus).toBe('unverified');

    const sameEmail = await add({ email: 'chan.tm@example.com' }, 'zh-TW');
    expect(sameEmail.meta).toEqual({ code: 5403, message: expect.any(String) });
    const sameMobile = await add({ email: 'other@example.com', areaCode: '852', mobile: '9123 4567' });
    expect(sameMobile.meta.code).toBe(5402);
    // An employee's e-mail is taken too (one member table).
    expect((await add({ email: 'colleague@example.test' })).meta.code).toBe(5403);
    const short = await add({ email: 'short@example.com', password: 'abc' });
    expectParamError(short, 'password');
    const badMobile = await add({ email: 'm@example.com', areaCode: '44', mobile: '12' });
    expectParamError(badMobile, 'mobile');
  });

  it('checks an e-mail and a mobile before saving (checkGmProfile)', async () => {
    const taken = await t.get(`${U}/checkGmProfile`, { email: 'CHAN.TM@example.com' }, t.admin);
    expect(taken.meta.code).toBe(5403);
    const free = await t.get(
      `${U}/checkGmProfile`,
      { email: 'new@example.com', areaCode: '852', mobile: '98765432' },
      t.admin,
    );
    expect(free).toMatchObject({ meta: { code: 200 }, data: { available: true } });
    const list = await t.get<Page<MemberListItem>>(`${U}/list`, { keyword: 'chan' }, t.admin);
    const own = await t.get(
      `${U}/checkGmProfile`,
      { id: list.data.list[0]!.id, email: 'chan.tm@example.com' },
      t.admin,
    );
    expect(own.meta.code).toBe(200);
  });

  it('lists, edits, deactivates, sets a password and removes accounts, never staff', async () => {
    const list = await t.get<Page<MemberListItem>>(`${U}/list`, {}, t.admin);
    expect(list.data.list.every((m) => m.memberType === 'student')).toBe(true);
    const id = list.data.list[0]!.id;
    const edited = await t.post<Member>(`${U}/update`, { id, identityStatus: 'verified', fullName: '陳大文' }, t.admin);
    expect(edited.data).toMatchObject({ identityStatus: 'verified', fullName: '陳大文', memberType: 'student' });
    const off = await t.post<Member>(`${U}/updateStatus`, { id, status: 'inactive' }, t.admin);
    expect(off.data.status).toBe('inactive');
    const inactive = await t.get<Page<MemberListItem>>(`${U}/list`, { status: 'inactive' }, t.admin);
    expect(inactive.data.list.map((m) => m.id)).toEqual([id]);
    expect((await t.post(`${U}/setPassword`, { id, password: 'NewPass#2026' }, t.admin)).meta.code).toBe(200);
    expect((await t.post(`${U}/setPassword`, { id, password: 'short' }, t.admin)).meta.code).toBe(400);

    // Staff are the employee list's: not found here, and untouched.
    for (const [url, body] of [
      [`${U}/update`, { id: staffId, fullName: 'x' }],
      [`${U}/setPassword`, { id: staffId, password: 'NewPass#2026' }],
      [`${U}/updateStatus`, { id: staffId, status: 'inactive' }],
      [`${U}/remove`, { id: staffId }],
    ] as const)
      expect((await t.post(url, body, t.admin)).meta.code).toBe(404);
    expect((await t.get(`${U}/view`, { id: staffId }, t.admin)).meta.code).toBe(404);
    const staff = await t.get<Member>('/api/v1/mc/member/view', { id: staffId }, t.admin);
    expect(staff.data.status).toBe('active');

    expect((await t.post(`${U}/remove`, { id }, t.admin)).meta.code).toBe(200);
    expect((await t.get(`${U}/view`, { id }, t.admin)).meta.code).toBe(404);
  });

  it('keeps students and parents, filters by type and never takes staff as a type', async () => {
    const parent = await add({ email: 'parent.lee@example.com', memberType: 'parent', engLastName: 'Lee' });
    expect(parent.data).toMatchObject({ memberType: 'parent', roles: [] });
    const student = await add({ email: 'kid.lee@example.com', engLastName: 'Lee' });
    expect(student.data.memberType).toBe('student');

    const all = await t.get<Page<MemberListItem>>(`${U}/list`, { pageSize: '100' }, t.admin);
    const types = new Set(all.data.list.map((m) => m.memberType));
    expect([...types].sort()).toEqual(['parent', 'student']);
    expect(all.data.total).toBe(all.data.list.length);
    const parents = await t.get<Page<MemberListItem>>(`${U}/list`, { memberType: 'parent' }, t.admin);
    expect(parents.data.list.map((m) => m.id)).toEqual([parent.data.id]);
    expect(parents.data.total).toBe(1);

    // A student becomes a parent account and back; staff is not an account type.
    const moved = await t.post<Member>(`${U}/update`, { id: student.data.id, memberType: 'parent' }, t.admin);
    expect(moved.data.memberType).toBe('parent');
    const staff = await t.post(`${U}/update`, { id: student.data.id, memberType: 'staff' }, t.admin);
    expectParamError(staff, 'memberType');
    expect((await add({ email: 'x.staff@example.com', memberType: 'staff' })).meta.code).toBe(400);
    expect((await t.get(`${U}/list`, { memberType: 'staff' }, t.admin)).meta.code).toBe(400);
    // The parent is the employee list's to see too, under its type.
    const inStaffList = await t.get<Page<MemberListItem>>('/api/v1/mc/member', { memberType: 'parent' }, t.admin);
    expect(inStaffList.data.list.map((m) => m.id).sort()).toEqual([parent.data.id, student.data.id].sort());
  });

  it('checks the permission of every call', async () => {
    expect((await t.get(`${U}/list`, {}, reader)).meta.code).toBe(200);
    expect((await t.post(`${U}/add`, { email: 'x@example.com', password: 'Student#2026' }, reader)).meta.code).toBe(
      403,
    );
    expect((await t.post(`${U}/update`, { id: 1 }, reader)).meta.code).toBe(403);
    expect((await t.post(`${U}/setPassword`, { id: 1, password: 'NewPass#2026' }, reader)).meta.code).toBe(403);
    expect((await t.post(`${U}/remove`, { id: 1 }, reader)).meta.code).toBe(403);
    expect((await t.get(`${U}/list`, {})).meta.code).toBe(401);
  });
});
