import { beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@study-crm/shared';
import type { Constitution, Page, PersonOption, Project, ProjectMember, ProjectView } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import type { Session } from '../../test/signed-in.js';
import { useTestApp } from '../../test/signed-in.js';

const P = '/api/v1/cake/projects';

describe('projects', () => {
  // ROLE_SECURE requires two-factor sign-in (the two-factor tests' setting), for the pending member below.
  const t = useTestApp({ signIn: true, env: { TWO_FACTOR_ROLES: 'ROLE_SECURE' } });
  const staff: Record<'ann' | 'ben' | 'cat' | 'dan', number> = { ann: 0, ben: 0, cat: 0, dan: 0 };
  let plain: Session; // a staff member with no project permission
  let listOnly: Session; // project:list only

  beforeAll(async () => {
    for (const name of Object.keys(staff) as (keyof typeof staff)[]) staff[name] = await createStaff(t.db.db, name, []);
    await createStaff(t.db.db, 'plain', [await createRole(t.db.db, 'ROLE_PLAIN', [])]);
    plain = await t.login('plain', STAFF_PASSWORD);
    await createStaff(t.db.db, 'reader', [await createRole(t.db.db, 'ROLE_READER', [PERM.projectList])]);
    listOnly = await t.login('reader', STAFF_PASSWORD);
  });

  const add = (v: Record<string, string | number | null>, as = t.admin) => t.post<ProjectView>(`${P}/add`, v, as);
  const addMember = (v: Record<string, string | number>, as = t.admin, locale = 'en-US') =>
    t.post<ProjectMember>(`${P}/members/add`, v, { ...as, locale });

  it('adds a project with its creator as first manager, refuses bad input naming the field', async () => {
    const res = await add({ name: '2027 Oxbridge cohort', status: 'active', startDate: '2026-09-01' });
    expect(res.meta.code).toBe(200);
    expect(res.data).toMatchObject({ name: '2027 Oxbridge cohort', status: 'active', memberCount: 1, shareTotal: 0 });
    expect(res.data.members).toEqual([
      expect.objectContaining({ staffId: t.admin.mid, projectRole: 'manager', share: 0 }),
    ]);
    expect(res.data.canManage).toBe(true);

    const noName = await add({ name: '' });
    expect(noName.meta.code).toBe(400);
    expect(noName.meta.message).toContain('name');
    const order = await add({ name: 'x', startDate: '2026-09-02', endDate: '2026-09-01' });
    expect(order.meta.code).toBe(400);
    expect(order.meta.message).toContain('endDate');
    const nul = await add({ name: 'a\u0000b' });
    expect(nul.meta.code).toBe(400);
    expect((await t.get(`${P}/view`, { id: '99999999999999' }, t.admin)).meta.code).toBe(400);
  });

  it('keeps fixed shares within 100 % (1202 in the caller’s language) and shares as exact percents', async () => {
    const project = (await add({ name: 'Shares' })).data;
    expect(
      (await addMember({ projectId: project.id, staffId: staff.ann, projectRole: 'member', share: '50' })).meta.code,
    ).toBe(200);
    const ben = await addMember({ projectId: project.id, staffId: staff.ben, projectRole: 'member', share: '30.25' });
    expect(ben.data.share).toBe(30.25);
    const over = await addMember({ projectId: project.id, staffId: staff.cat, projectRole: 'member', share: '30' });
    expect(over.meta).toEqual({ code: 1202, message: 'Fixed share ratios exceed 100%' });
    const zh = await addMember(
      { projectId: project.id, staffId: staff.cat, projectRole: 'member', share: '30' },
      t.admin,
      'zh-TW',
    );
    expect(zh.meta).toEqual({ code: 1202, message: '固定分成比例超過 100%' });
    expect(
      (await addMember({ projectId: project.id, staffId: staff.cat, projectRole: 'member', share: '19.75' })).meta.code,
    ).toBe(200);

    const three = await addMember({
      projectId: project.id,
      staffId: staff.dan,
      projectRole: 'member',
      share: '12.345',
    });
    expect(three.meta.code).toBe(400);
    expect(three.meta.message).toContain('share');
    const big = await addMember({ projectId: project.id, staffId: staff.dan, projectRole: 'member', share: '100.01' });
    expect(big.meta.code).toBe(400);

    // Raising a share past the total is refused too; lowering it is fine.
    const up = await t.post(`${P}/members/update`, { id: ben.data.id, projectRole: 'member', share: '31' }, t.admin);
    expect(up.meta.code).toBe(1202);
    const down = await t.post<ProjectMember>(
      `${P}/members/update`,
      { id: ben.data.id, projectRole: 'observer', share: '10' },
      t.admin,
    );
    expect(down.data).toMatchObject({ projectRole: 'observer', share: 10 });
    const view = await t.get<ProjectView>(`${P}/view`, { id: project.id }, t.admin);
    expect(view.data.shareTotal).toBe(79.75);
    expect(view.data.memberCount).toBe(4);

    const dup = await addMember({ projectId: project.id, staffId: staff.ann, projectRole: 'member', share: '0' });
    expect(dup.meta.code).toBe(7700);
  });

  it('lets exactly one of two parallel 60 % additions through', async () => {
    const project = (await add({ name: 'Race' })).data;
    const results = await Promise.all([
      addMember({ projectId: project.id, staffId: staff.ann, projectRole: 'member', share: '60' }),
      addMember({ projectId: project.id, staffId: staff.ben, projectRole: 'member', share: '60' }),
    ]);
    expect(results.map((r) => r.meta.code).sort((a, b) => a - b)).toEqual([200, 1202]);
    const view = await t.get<ProjectView>(`${P}/view`, { id: project.id }, t.admin);
    expect(view.data.shareTotal).toBe(60);
  });

  it('keeps a manager, answers checkMemberInProject, and lists all and my projects', async () => {
    const project = (await add({ name: 'Managers' })).data;
    const me = project.members[0]!;
    const last = await t.post(`${P}/members/remove`, { id: me.id }, t.admin);
    expect(last.meta.code).toBe(7701);
    expect(
      (await t.post(`${P}/members/update`, { id: me.id, projectRole: 'member', share: '0' }, t.admin)).meta.code,
    ).toBe(7701);

    const yes = await t.get<{ inProject: boolean; projectRole: string | null }>(
      `${P}/checkMemberInProject`,
      { projectId: project.id, staffId: t.admin.mid },
      t.admin,
    );
    expect(yes.data).toEqual({ inProject: true, projectRole: 'manager' });
    const no = await t.get(`${P}/checkMemberInProject`, { projectId: project.id, staffId: staff.dan }, t.admin);
    expect(no.data).toEqual({ inProject: false, projectRole: null });

    const all = await t.get<Page<Project>>(`${P}/list`, { keyword: 'manag', sortField: 'name', order: 'asc' }, t.admin);
    expect(all.data.list.map((p) => p.name)).toEqual(['Managers']);
    expect(all.data.list[0]!.myRole).toBe('manager');
    const mine = await t.get<Page<Project>>(`${P}/mine`, { pageSize: 100 }, t.admin);
    expect(mine.data.total).toBeGreaterThanOrEqual(4);
    // Pages of two: each full page counts the total, a page past the last is empty with the same total.
    const pages = await Promise.all(
      [1, 2, 99].map((pageNum) => t.get<Page<Project>>(`${P}/mine`, { pageSize: 2, pageNum }, t.admin)),
    );
    expect(pages.map((p) => [p.data.list.length, p.data.total])).toEqual([
      [2, mine.data.total],
      [2, mine.data.total],
      [0, mine.data.total],
    ]);
    expect(pages.flatMap((p) => p.data.list.map((r) => r.id))).toEqual(mine.data.list.slice(0, 4).map((r) => r.id));
    const byStaff = await t.get<Page<Project>>(`${P}/list`, { staffId: staff.ann }, t.admin);
    const names = byStaff.data.list.map((p) => p.name);
    expect(names).toContain('Shares');
    expect(names).not.toContain('Managers');
    // A list row's counts are its view's.
    const shares = byStaff.data.list.find((p) => p.name === 'Shares')!;
    const view = (await t.get<ProjectView>(`${P}/view`, { id: shares.id }, t.admin)).data;
    expect(shares).toMatchObject({ memberCount: view.memberCount, shareTotal: view.shareTotal, myRole: 'manager' });
    expect(shares.memberCount).toBeGreaterThan(1);
  });

  it('refuses callers without permission or membership', async () => {
    const project = (await add({ name: 'Private' })).data;
    expect((await t.get(`${P}/list`, {}, plain)).meta.code).toBe(403);
    expect((await add({ name: 'Nope' }, plain)).meta.code).toBe(403);
    expect((await t.get(`${P}/view`, { id: project.id }, plain)).meta.code).toBe(404);
    expect((await t.get<Page<Project>>(`${P}/mine`, {}, plain)).data.total).toBe(0);
    // project:list reads every project, with no role in one it is not a member of, but may not change members or the
    // constitution.
    const listed = await t.get<Page<Project>>(`${P}/list`, { keyword: 'Private' }, listOnly);
    expect(listed.data.list.map((p) => [p.name, p.memberCount, p.myRole])).toEqual([['Private', 1, null]]);
    expect((await t.get<ProjectView>(`${P}/view`, { id: project.id }, listOnly)).data.canManage).toBe(false);
    expect(
      (await addMember({ projectId: project.id, staffId: staff.ann, projectRole: 'member', share: '1' }, listOnly)).meta
        .code,
    ).toBe(403);
    expect((await t.post(`${P}/constitution/save`, { projectId: project.id, content: 'x' }, listOnly)).meta.code).toBe(
      403,
    );
    expect((await t.post(`${P}/remove`, { id: project.id }, listOnly)).meta.code).toBe(403);
    expect((await t.get(`${P}/list`, {})).meta.code).toBe(401);

    // A manager of the project (no permission) manages it.
    const plainId = (await t.get<{ id: number }>('/api/v1/member/profile', {}, plain)).data.id;
    await addMember({ projectId: project.id, staffId: plainId, projectRole: 'manager', share: '0' });
    expect((await t.get<ProjectView>(`${P}/view`, { id: project.id }, plain)).data.canManage).toBe(true);
    expect(
      (await addMember({ projectId: project.id, staffId: staff.ann, projectRole: 'member', share: '5' }, plain)).meta
        .code,
    ).toBe(200);
  });

  it('opens no project to a member whose required second factor is not set up, not even one they manage (1012)', async () => {
    const project = (await add({ name: 'Second factor' })).data;
    const pendingId = await createStaff(t.db.db, 'pending_pm', [await createRole(t.db.db, 'ROLE_SECURE', [])]);
    const manager = (await addMember({ projectId: project.id, staffId: pendingId, projectRole: 'manager', share: '0' }))
      .data;
    const pending = await t.login('pending_pm', STAFF_PASSWORD);
    // Their own list is empty; every call naming the project answers as the hook does to the routes they may not call.
    const mine = await t.get<Page<Project>>(`${P}/mine`, {}, pending);
    expect([mine.meta.code, mine.data.total, mine.data.list]).toEqual([200, 0, []]);
    const calls: [string, Record<string, string | number>][] = [
      [`GET ${P}/view`, { id: project.id }],
      [`GET ${P}/checkMemberInProject`, { projectId: project.id, staffId: pendingId }],
      [`GET ${P}/constitution`, { projectId: project.id }],
      [`GET ${P}/constitution/history`, { projectId: project.id }],
      [`POST ${P}/update`, { id: project.id, version: project.version, name: 'Taken over' }],
      [`POST ${P}/members/add`, { projectId: project.id, staffId: staff.dan, projectRole: 'manager', share: '0' }],
      [`POST ${P}/members/update`, { id: manager.id, projectRole: 'manager', share: '50' }],
      [`POST ${P}/members/remove`, { id: project.members[0]!.id }],
      [`POST ${P}/constitution/save`, { projectId: project.id, content: 'mine now' }],
    ];
    for (const [call, params] of calls) {
      const [method, url] = call.split(' ') as ['GET' | 'POST', string];
      const res = method === 'GET' ? await t.get(url, params, pending) : await t.post(url, params, pending);
      expect(res.meta.code, call).toBe(1012);
    }
    const after = (await t.get<ProjectView>(`${P}/view`, { id: project.id }, t.admin)).data;
    expect([after.name, after.version, after.constitutionRevision]).toEqual(['Second factor', project.version, null]);
    expect(after.members.map((m) => [m.staffId, m.projectRole, m.share])).toEqual([
      [t.admin.mid, 'manager', 0],
      [pendingId, 'manager', 0],
    ]);
  });

  it('opens the staff picker to those who may add members, and masks the e-mail or mobile it matched', async () => {
    const pick = (keyword: string, as: Session) => t.get<PersonOption[]>(`${P}/staffOptions`, { keyword }, as);
    // No permission and no project managed: refused (plain manages a project from the test above; nobody does not).
    await createStaff(t.db.db, 'picker_nobody', []);
    const nobody = await t.login('picker_nobody', STAFF_PASSWORD);
    expect((await pick('example', nobody)).meta.code).toBe(403);
    expect((await pick('example', listOnly)).meta.code).toBe(403);
    // A manager of a removed project only is refused too.
    const removed = (await add({ name: 'Picker removed' })).data;
    await createStaff(t.db.db, 'picker_was_pm', []);
    const wasPm = await t.login('picker_was_pm', STAFF_PASSWORD);
    const wasPmId = (await t.get<{ id: number }>('/api/v1/member/profile', {}, wasPm)).data.id;
    await addMember({ projectId: removed.id, staffId: wasPmId, projectRole: 'manager', share: '0' });
    expect((await pick('example', wasPm)).meta.code).toBe(200);
    await t.post(`${P}/remove`, { id: removed.id }, t.admin);
    expect((await pick('example', wasPm)).meta.code).toBe(403);
    // A member whose second factor is pending: 1012, even holding project:members.
    await createStaff(t.db.db, 'picker_pending', [
      await createRole(t.db.db, 'ROLE_SECURE_PICKER', [PERM.projectMembers]),
      (await t.db.db.selectFrom('role').select('id').where('name', '=', 'ROLE_SECURE').executeTakeFirst())?.id ??
        (await createRole(t.db.db, 'ROLE_SECURE', [])),
    ]);
    const pending = await t.login('picker_pending', STAFF_PASSWORD);
    expect((await pick('example', pending)).meta.code).toBe(1012);
    // project:members, or managing a project: the options.
    await createStaff(t.db.db, 'picker_pm', [await createRole(t.db.db, 'ROLE_PICKER', [PERM.projectMembers])]);
    const holder = await t.login('picker_pm', STAFF_PASSWORD);
    const amy = await t.post<{ id: number }>(
      '/api/v1/mc/member/add',
      {
        loginName: 'picker_amy',
        password: STAFF_PASSWORD,
        engFirstName: 'Amy',
        engLastName: 'Picked',
        email: 'amy.picked@example.com',
        areaCode: '886',
        mobile: '0912345678',
        roleIds: [await createRole(t.db.db, 'ROLE_PICKED_PM', [])],
      },
      t.admin,
    );
    expect(amy.meta.code, amy.meta.message).toBe(200);
    for (const as of [holder, plain, t.admin]) {
      const byMail = await pick('picked@exam', as);
      expect(byMail.meta.code, byMail.meta.message).toBe(200);
      expect(byMail.data).toEqual([
        { id: amy.data.id, name: 'Picked Amy', matched: [{ field: 'email', value: '•••picked@exam•••' }] },
      ]);
      expect((await pick('345 picked', as)).data).toEqual([
        {
          id: amy.data.id,
          name: 'Picked Amy',
          matched: [
            { field: 'name', value: 'Picked Amy' },
            { field: 'mobile', value: '•••345•••' },
          ],
        },
      ]);
    }
    // No option hands out an e-mail or mobile.
    const all = await pick('example', t.admin);
    expect(all.data.length).toBeGreaterThan(3);
    for (const o of all.data)
      for (const m of o.matched)
        if (m.field === 'email' || m.field === 'mobile') expect(m.value).toMatch(/^(•••)?example(•••)?$/);
  });

  it('versions the constitution: each save a revision, stale saves refused, history newest first', async () => {
    const project = (await add({ name: 'Rules' })).data;
    const empty = await t.get<Constitution>(`${P}/constitution`, { projectId: project.id }, t.admin);
    expect(empty.data).toMatchObject({ revision: 0, content: '' });
    const first = await t.post<Constitution>(
      `${P}/constitution/save`,
      { projectId: project.id, content: '# Rules\n1. Be kind', baseRevision: 0 },
      t.admin,
    );
    expect(first.data).toMatchObject({ revision: 1, content: '# Rules\n1. Be kind' });
    const second = await t.post<Constitution>(
      `${P}/constitution/save`,
      { projectId: project.id, content: 'v2', baseRevision: 1 },
      t.admin,
    );
    expect(second.data.revision).toBe(2);
    const stale = await t.post(
      `${P}/constitution/save`,
      { projectId: project.id, content: 'late', baseRevision: 1 },
      t.admin,
    );
    expect(stale.meta.code).toBe(409);
    const old = await t.get<Constitution>(`${P}/constitution`, { projectId: project.id, revision: 1 }, t.admin);
    expect(old.data.content).toBe('# Rules\n1. Be kind');
    const history = await t.get<Page<{ revision: number; length: number }>>(
      `${P}/constitution/history`,
      { projectId: project.id },
      t.admin,
    );
    expect(history.data.list.map((r) => [r.revision, r.length])).toEqual([
      [2, 2],
      [1, 18],
    ]);
    expect((await t.get<ProjectView>(`${P}/view`, { id: project.id }, t.admin)).data.constitutionRevision).toBe(2);
  });

  it('edits with a version and removes softly', async () => {
    const project = (await add({ name: 'Edit me' })).data;
    const ok = await t.post<ProjectView>(
      `${P}/update`,
      { id: project.id, version: project.version, name: 'Edited', status: 'paused' },
      t.admin,
    );
    expect(ok.data).toMatchObject({ name: 'Edited', status: 'paused', version: project.version + 1 });
    const stale = await t.post(`${P}/update`, { id: project.id, version: project.version, name: 'Again' }, t.admin);
    expect(stale.meta.code).toBe(409);
    expect((await t.post(`${P}/remove`, { id: project.id }, t.admin)).meta.code).toBe(200);
    expect((await t.get(`${P}/view`, { id: project.id }, t.admin)).meta.code).toBe(404);
    expect((await t.post(`${P}/remove`, { id: project.id }, t.admin)).meta.code).toBe(404);
  });

  it('sorts my projects as all projects, undated projects after the dated by start date in either direction', async () => {
    // Made in an order neither the names nor the start dates follow.
    for (const [name, startDate] of [
      ['Sorted B', '2026-03-01'],
      ['Sorted A', null],
      ['Sorted C', '2026-01-01'],
    ] as const)
      expect((await add({ name, startDate })).meta.code).toBe(200);
    const names = async (scope: 'list' | 'mine', sortField: string, order: string) =>
      (await t.get<Page<Project>>(`${P}/${scope}`, { keyword: 'Sorted', sortField, order }, t.admin)).data.list.map(
        (p) => p.name,
      );
    for (const scope of ['list', 'mine'] as const) {
      expect(await names(scope, 'name', 'asc')).toEqual(['Sorted A', 'Sorted B', 'Sorted C']);
      expect(await names(scope, 'name', 'desc')).toEqual(['Sorted C', 'Sorted B', 'Sorted A']);
      expect(await names(scope, 'startDate', 'asc')).toEqual(['Sorted C', 'Sorted B', 'Sorted A']);
      expect(await names(scope, 'startDate', 'desc')).toEqual(['Sorted B', 'Sorted C', 'Sorted A']);
    }
  });
});
