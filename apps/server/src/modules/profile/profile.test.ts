import { describe, expect, it } from 'vitest';
import { PERM, type PersonalCv, type ProfileData, type ProfileDetail } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { PDF_MINI, PNG_1x1 } from '../../test/application-fixtures.js';
import type { Envelope } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { expectParamError } from '../../test/expect-envelope.js';

const DETAIL = '/api/v1/member/profile/detail';
const UPDATE = '/api/v1/member/profile/update';
const CV = '/api/v1/cake/personalCv';

describe('own profile', () => {
  const t = useTestApp({ signIn: true });
  const staff = async (name: string) => {
    await createStaff(t.db.db, name, []);
    return t.login(name, STAFF_PASSWORD);
  };

  it('saves names, fields and lists, and the display name follows the English names', async () => {
    const me = await staff('pf_names');
    const res = await t.post<ProfileDetail>(
      UPDATE,
      {
        engLastName: 'Chen',
        engFirstName: 'Ada',
        fullName: '陳愛達',
        nationality: 'Taiwan',
        city: 'London',
        summary: 'Ten years of study-abroad advice.',
        workYears: 10,
        expectedSalary: '42000.50',
        salaryCurrency: 'gbp',
        employmentMode: 'fullTime',
        skills: JSON.stringify(['UCAS', 'IELTS coaching']),
        techStack: JSON.stringify(['Excel']),
        workHistory: JSON.stringify([{ start: '2016-09', end: '', company: 'Study UK', title: 'Consultant' }]),
        educationHistory: JSON.stringify([{ start: '2010-09', end: '2014-06', school: 'NTU', degree: 'BA' }]),
        awards: JSON.stringify([{ name: 'Best adviser', date: '2023-12' }]),
      },
      { token: me.token },
    );
    expect(res.meta.code).toBe(200);
    expect(res.data).toMatchObject({
      displayName: 'Chen Ada',
      fullName: '陳愛達',
      city: 'London',
      workYears: 10,
      expectedSalary: '42000.50',
      expectedSalaryMinor: 4200050,
      salaryCurrency: 'GBP',
      skills: ['UCAS', 'IELTS coaching'],
      workHistory: [{ start: '2016-09', end: null, company: 'Study UK', title: 'Consultant' }],
      identityStatus: 'verified',
    });
    // Absent fields keep their value, empty ones clear it; the header's user state follows at once.
    const next = await t.post<ProfileDetail>(UPDATE, { city: '', nickName: 'ada' }, { token: me.token });
    expect(next.data).toMatchObject({ city: null, summary: 'Ten years of study-abroad advice.', nickName: 'ada' });
    const state = await t.get<ProfileData>('/api/v1/member/profile', {}, { token: me.token });
    expect(state.data.displayName).toBe('Chen Ada');
    const detail = await t.get<ProfileDetail>(DETAIL, {}, { token: me.token });
    expect(detail.data.awards).toEqual([{ name: 'Best adviser', date: '2023-12' }]);
  });

  it('refuses bad input naming the field, and never changes the login e-mail', async () => {
    const me = await staff('pf_bad');
    const cases: [Record<string, string | number>, string][] = [
      [{ skills: JSON.stringify(['a', 'A']) }, 'skills'],
      [{ skills: JSON.stringify(Array.from({ length: 31 }, (_, i) => `s${i}`)) }, 'skills'],
      [{ skills: 'not json' }, 'skills'],
      [{ workHistory: JSON.stringify([{ start: '2020-01', end: '2019-01', company: 'X' }]) }, 'workHistory.0.end'],
      [{ workHistory: JSON.stringify([{ start: '2020-13', company: 'X' }]) }, 'workHistory.0.start'],
      [{ educationHistory: JSON.stringify([{ school: '' }]) }, 'educationHistory.0.school'],
      [{ workYears: 61 }, 'workYears'],
      [{ expectedSalary: '100' }, 'salaryCurrency'],
      [{ expectedSalary: '1.001', salaryCurrency: 'GBP' }, 'expectedSalary'],
      [{ salaryCurrency: 'XYZ', expectedSalary: '1' }, 'salaryCurrency'],
      [{ employmentMode: 'sometimes' }, 'employmentMode'],
      [{ nickName: 'x'.repeat(61) }, 'nickName'],
      [{ summary: 'a\u0000b' }, 'summary'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post(UPDATE, body, { token: me.token });
      expect(res.meta.code, JSON.stringify(body)).toBe(400);
      expect(res.meta.message, JSON.stringify(body)).toContain(field);
    }
    const res = await t.post<ProfileDetail>(UPDATE, { email: 'other@example.test' }, { token: me.token });
    expect(res.data.email).toBe('pf_bad@example.test');
  });

  it('records the location', async () => {
    const me = await staff('pf_loc');
    const url = '/api/v1/member/updateMyLocation';
    expect((await t.post(url, {}, { token: me.token })).meta.message).toContain('city');
    const res = await t.post<ProfileDetail>(
      url,
      { city: 'Manchester', location: 'Manchester, UK' },
      { token: me.token },
    );
    expect(res.data).toMatchObject({ city: 'Manchester', location: 'Manchester, UK' });
    expect((await t.post(url, { city: 'X' })).meta.code).toBe(401);
  });

  const upload = (token: string, name: string, content: Buffer) =>
    t.upload<ProfileDetail>('/api/v1/member/profile/avatar', {}, { name, content }, { token });

  it('takes an image avatar checked by content and serves it to signed-in callers only', async () => {
    const me = await staff('pf_avatar');
    const pdf = await upload(me.token, 'avatar.png', PDF_MINI);
    expectParamError(pdf, 'avatar must be a PNG');
    const ok = await upload(me.token, 'me.png', PNG_1x1);
    expect(ok.meta.code).toBe(200);
    expect(ok.data.avatarImg).toMatch(/^\/api\/v1\/member\/profile\/avatarImg\?id=\d+&v=/);
    const state = await t.get<ProfileData>('/api/v1/member/profile', {}, { token: me.token });
    expect(state.data.avatarImg).toBe(ok.data.avatarImg);
    const url = `${ok.data.avatarImg!}&appId=student-admin`;
    const img = await t.app.inject({ method: 'GET', url, headers: t.headers({ token: t.admin.token }) });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_1x1)).toBe(true);
    const anon = await t.app.inject({ method: 'GET', url, headers: t.headers() });
    expect((anon.json() as Envelope).meta.code).toBe(401);
    // A second upload replaces the first.
    const again = await upload(me.token, 'me2.png', PNG_1x1);
    expect(again.data.avatarImg).not.toBe(ok.data.avatarImg);
  });

  it('creates, finds and updates the own CV; a second create and an early update are refused', async () => {
    const me = await staff('pf_cv');
    const token = me.token;
    const empty = await t.get<PersonalCv>(`${CV}/findByMemberId`, {}, { token });
    expect(empty.data.cv).toBeNull();
    expect(empty.data.profile.id).toBe(me.mid);
    expect((await t.post(`${CV}/update`, { headline: 'X' }, { token })).meta.code).toBe(7502);
    expect((await t.post(`${CV}/create`, { headline: '' }, { token })).meta.message).toContain('headline');
    const [a, b] = await Promise.all([
      t.post<PersonalCv>(`${CV}/create`, { headline: 'Consultant', objective: 'Help students' }, { token }),
      t.post<PersonalCv>(`${CV}/create`, { headline: 'Consultant', objective: 'Help students' }, { token }),
    ]);
    expect([a.meta.code, b.meta.code].sort()).toEqual([200, 7501]);
    const upd = await t.post<PersonalCv>(`${CV}/update`, { headline: 'Senior consultant' }, { token });
    expect(upd.data.cv).toMatchObject({ headline: 'Senior consultant', objective: null });
    // memberId on the wire names the caller: another member's id is refused.
    const other = await t.get(`${CV}/findByMemberId`, { memberId: t.admin.mid }, { token });
    expect(other.meta.code).toBe(401);
  });
});

describe('role switching', () => {
  const t = useTestApp({ signIn: true });

  it('follows the active role in permission checks, menus and buttons; refuses roles not held; falls back', async () => {
    const db = t.db.db;
    const viewer = await createRole(db, 'ROLE_PF_VIEWER', [PERM.memberList]);
    const other = await createRole(db, 'ROLE_PF_OTHER', [PERM.roleList]);
    const mid = await createStaff(db, 'pf_switch', [viewer, other]);
    const { token } = await t.login('pf_switch', STAFF_PASSWORD);
    const members = () => t.get('/api/v1/mc/member', {}, { token });
    const roles = () => t.get('/api/v1/mc/sys/role/list', {}, { token });
    expect((await members()).meta.code).toBe(200);
    expect((await roles()).meta.code).toBe(200);

    const sw = await t.post<ProfileData>('/api/v1/member/role/switch', { roleId: other }, { token });
    expect(sw.meta.code).toBe(200);
    expect(sw.data.activeRoleId).toBe(other);
    expect((await members()).meta.code).toBe(403);
    expect((await roles()).meta.code).toBe(200);
    const buttons = await t.get<string[]>('/api/v1/mc/sys/permission/list', {}, { token });
    expect(JSON.stringify(buttons.data)).not.toContain(PERM.memberList);
    expect((await t.get<ProfileData>('/api/v1/member/profile', {}, { token })).data.activeRoleId).toBe(other);

    // A role the member does not hold is refused and changes nothing.
    const admin = await db.selectFrom('role').select('id').where('isBuiltin', '=', 1).executeTakeFirstOrThrow();
    const refused = await t.post('/api/v1/member/role/switch', { roleId: admin.id }, { token });
    expect(refused.meta.code).toBe(7500);
    expect((await members()).meta.code).toBe(403);

    // Another session of the same member keeps all roles.
    const second = await t.login('pf_switch', STAFF_PASSWORD);
    expect((await t.get('/api/v1/mc/member', {}, { token: second.token })).meta.code).toBe(200);

    // The active role taken away: all remaining roles count again.
    await db.deleteFrom('memberRole').where('memberId', '=', mid).where('roleId', '=', other).execute();
    expect((await members()).meta.code).toBe(200);
    expect((await roles()).meta.code).toBe(403);
    expect((await t.get<ProfileData>('/api/v1/member/profile', {}, { token })).data.activeRoleId).toBeNull();

    // Given back later, the role does not silently narrow the session again; switching to it does.
    await db.insertInto('memberRole').values({ memberId: mid, roleId: other }).execute();
    expect((await roles()).meta.code).toBe(200);
    expect((await members()).meta.code).toBe(200);
    expect((await t.post('/api/v1/member/role/switch', { roleId: other }, { token })).meta.code).toBe(200);
    expect((await members()).meta.code).toBe(403);
    // Back to all roles with an empty roleId.
    expect((await t.post('/api/v1/member/role/switch', { roleId: '' }, { token })).meta.code).toBe(200);
    expect((await members()).meta.code).toBe(200);
  });
});
