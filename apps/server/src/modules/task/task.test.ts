import { beforeAll, describe, expect, it } from 'vitest';
import type { Contribution, KpiSummary, KpiType, Page, ProjectView, Task } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import type { Session } from '../../test/signed-in.js';
import { useTestApp } from '../../test/signed-in.js';
import { createTaskRepository } from './task.repository.js';

const T = '/api/v1/cake/tasks';
const K = '/api/v1/cake/kpiTypes';
const C = '/api/v1/cake/contributions';

type ContributionPage = Page<Contribution> & { totalPoints: number };

describe('tasks, KPI types and contribution records', () => {
  // ROLE_SECURE requires two-factor sign-in (the two-factor tests' setting), for the pending member below.
  const t = useTestApp({ signIn: true, env: { TWO_FACTOR_ROLES: 'ROLE_SECURE' } });
  let project: ProjectView;
  let amy: { id: number; session: Session };
  let bob: number;
  let kpi: KpiType;
  let heavy: KpiType;

  beforeAll(async () => {
    const role = await createRole(t.db.db, 'ROLE_WORKER', []);
    amy = { id: await createStaff(t.db.db, 'amy', [role]), session: { token: '', mid: 0 } };
    amy.session = await t.login('amy', STAFF_PASSWORD);
    bob = await createStaff(t.db.db, 'bob', []);
    project = (await t.post<ProjectView>('/api/v1/cake/projects/add', { name: 'Cohort' }, t.admin)).data;
    for (const staffId of [amy.id, bob])
      await t.post(
        '/api/v1/cake/projects/members/add',
        { projectId: project.id, staffId, projectRole: 'member', share: '10' },
        t.admin,
      );
  });

  const addTask = (v: Record<string, string | number | null>) =>
    t.post<Task>(`${T}/add`, { projectId: project.id, ...v }, t.admin);
  const move = (id: number, status: string, as: Session = t.admin) =>
    t.post<Task>(`${T}/changeStatus`, { id, status }, as);

  it('keeps KPI types: three names, unique English name (7752), in use cannot be removed (7751)', async () => {
    const add = (v: Record<string, string | number>) => t.post<KpiType>(`${K}/add`, v, t.admin);
    kpi = (
      await add({ nameTw: '遞交申請', nameCn: '递交申请', nameEn: 'Applications submitted', unit: 'applications' })
    ).data;
    expect(kpi).toMatchObject({ weight: 100, enabled: 1, taskCount: 0 });
    heavy = (await add({ nameTw: '簽約', nameCn: '签约', nameEn: 'Contracts signed', unit: 'contracts', weight: 250 }))
      .data;
    const dup = await add({ nameTw: 'x', nameCn: 'x', nameEn: 'Contracts signed', unit: 'u' });
    expect(dup.meta.code).toBe(7752);
    const missing = await add({ nameTw: '', nameCn: 'x', nameEn: 'y', unit: 'u' });
    expect(missing.meta.code).toBe(400);
    expect(missing.meta.message).toContain('nameTw');
    const unused = (await add({ nameTw: '暫時', nameCn: '暂时', nameEn: 'Temporary', unit: 'u', enabled: 0 })).data;
    const names = async (q: Record<string, string | number>) =>
      (await t.get<Page<KpiType>>(`${K}/list`, q, t.admin)).data.list.map((k) => k.nameEn);
    expect(await names({ enabled: 0 })).toEqual(['Temporary']);
    expect(await names({ enabled: 1 })).toEqual(['Applications submitted', 'Contracts signed']);
    expect(await names({ enabled: 1, keyword: 'APPLICATIONS' })).toEqual(['Applications submitted']);
    expect(await names({ enabled: 0, keyword: '簽約' })).toEqual([]);
    const options = await t.get<{ id: number }[]>(`${K}/options`, {}, amy.session);
    expect(options.data.map((o) => o.id)).toEqual([kpi.id, heavy.id]);
    expect((await t.post(`${K}/remove`, { id: unused.id }, t.admin)).meta.code).toBe(200);
    const list = await t.get<Page<KpiType>>(`${K}/list`, { keyword: '签约' }, t.admin);
    expect(list.data.list.map((k) => k.nameEn)).toEqual(['Contracts signed']);
  });

  it('checks a task’s assignee and KPI type, naming the field', async () => {
    const stranger = await createStaff(t.db.db, 'stranger', []);
    const notMember = await addTask({ title: 'Outside', assigneeId: stranger });
    expect(notMember.meta.code).toBe(400);
    expect(notMember.meta.message).toContain('assigneeId');
    const badKpi = await addTask({ title: 'Bad kpi', kpiTypeId: 999999 });
    expect(badKpi.meta.message).toContain('kpiTypeId');
    const badProject = await t.post(`${T}/add`, { projectId: 999999, title: 'x' }, t.admin);
    expect(badProject.meta.code).toBe(400);
    expect(badProject.meta.message).toContain('projectId');
    expect((await addTask({ title: '' })).meta.message).toContain('title');
  });

  it('moves a task along its flow; done writes one contribution record, reopening removes it', async () => {
    const task = (await addTask({ title: 'Submit UCAS for Chan', assigneeId: amy.id, kpiTypeId: kpi.id, points: 3 }))
      .data;
    expect(task.status).toBe('todo');
    expect((await move(task.id, 'done')).meta.code).toBe(7750);
    expect((await move(task.id, 'doing', amy.session)).data.status).toBe('doing');
    const done = await move(task.id, 'done', amy.session);
    expect(done.data).toMatchObject({ status: 'done', doneAt: expect.any(Number) });
    const records = await t.get<ContributionPage>(`${C}/list`, { staffId: amy.id }, t.admin);
    expect(records.data.list).toEqual([
      expect.objectContaining({ title: 'Submit UCAS for Chan', points: 3, taskId: task.id, projectName: 'Cohort' }),
    ]);
    expect(records.data.totalPoints).toBe(3);

    expect((await move(task.id, 'doing', amy.session)).meta.code).toBe(200);
    expect((await t.get<ContributionPage>(`${C}/list`, { staffId: amy.id }, t.admin)).data.total).toBe(0);
    expect((await move(task.id, 'done', amy.session)).meta.code).toBe(200);
  });

  it('sums the KPI summary of the past 30 days per member with weights', async () => {
    const contract = (await addTask({ title: 'Contract Wong', assigneeId: bob, kpiTypeId: heavy.id, points: 2 })).data;
    await move(contract.id, 'doing');
    await move(contract.id, 'done');
    const plain = (await addTask({ title: 'No KPI', assigneeId: bob, points: 1 })).data;
    await move(plain.id, 'doing');
    await move(plain.id, 'done');
    const summary = await t.get<KpiSummary>(`${C}/kpiSummary`, {}, t.admin);
    // bob: 2 points at 250 % + 1 point without a type (100 %) = 6; amy: 3 points at 100 % = 3.
    expect(summary.data.rows.map((r) => [r.staff.id, r.points, r.score, r.records])).toEqual([
      [bob, 3, 6, 2],
      [amy.id, 3, 3, 1],
    ]);
    expect(summary.data.to).toBe(new Date(Date.now()).toISOString().slice(0, 10));
    expect((await t.post(`${K}/remove`, { id: heavy.id }, t.admin)).meta.code).toBe(7751);
  });

  it('filters the contribution records by project, staff and day, with their count and points', async () => {
    const today = new Date(Date.now()).toISOString().slice(0, 10);
    const list = async (q: Record<string, string | number>) => {
      const page = (await t.get<ContributionPage>(`${C}/list`, q, t.admin)).data;
      return [page.list.map((r) => r.title).sort(), page.total, page.totalPoints];
    };
    expect(await list({ projectId: project.id, staffId: bob })).toEqual([['Contract Wong', 'No KPI'], 2, 3]);
    expect(await list({ staffId: bob, dateFrom: today, dateTo: today })).toEqual([['Contract Wong', 'No KPI'], 2, 3]);
    expect(await list({ staffId: bob, dateFrom: '2000-01-01', dateTo: '2000-12-31' })).toEqual([[], 0, 0]);
    expect(await list({ projectId: project.id + 1000 })).toEqual([[], 0, 0]);
    expect(await list({ staffId: bob, pageSize: 1, pageNum: 2 })).toEqual([[expect.any(String)], 2, 3]);
  });

  it('names each task’s and record’s person, project and KPI type as the task’s own view does', async () => {
    const tasks = (await t.get<Page<Task>>(`${T}/list`, { pageSize: 100 }, t.admin)).data.list;
    expect(tasks.filter((x) => x.kpiType && x.assignee).length).toBeGreaterThan(0);
    const views = new Map<number, Task>();
    for (const x of tasks) views.set(x.id, (await t.get<Task>(`${T}/view`, { id: x.id }, t.admin)).data);
    for (const x of tasks) {
      const v = views.get(x.id)!;
      expect([x.assignee, x.projectName, x.kpiType]).toEqual([v.assignee, v.projectName, v.kpiType]);
    }
    const records = (await t.get<ContributionPage>(`${C}/list`, { pageSize: 100 }, t.admin)).data.list;
    expect(records.length).toBeGreaterThan(1);
    for (const r of records) {
      const v = views.get(r.taskId!)!;
      expect([r.member, r.projectName, r.kpiType]).toEqual([v.assignee, v.projectName, v.kpiType]);
    }
    // A page past the last record still tells the count and points.
    const past = (await t.get<ContributionPage>(`${C}/list`, { staffId: bob, pageSize: 1, pageNum: 9 }, t.admin)).data;
    expect([past.list, past.total, past.totalPoints]).toEqual([[], 2, 3]);
  });

  it('lets one of two parallel status changes through', async () => {
    const task = (await addTask({ title: 'Race', assigneeId: amy.id, points: 5 })).data;
    await move(task.id, 'doing');
    const results = await Promise.all([move(task.id, 'done'), move(task.id, 'done', amy.session)]);
    // The later one finds the task moved (409) or, when it reads after the first committed, already done (7750).
    const codes = results.map((r) => r.meta.code).sort((a, b) => a - b);
    expect(codes[0]).toBe(200);
    expect([409, 7750]).toContain(codes[1]);
    const records = await t.get<ContributionPage>(`${C}/list`, { staffId: amy.id }, t.admin);
    expect(records.data.list.filter((r) => r.taskId === task.id)).toHaveLength(1);
  });

  it('moves a task only as it was read: an edit in between fails the move, so no record keeps the old points', async () => {
    const task = (await addTask({ title: 'Edited', assigneeId: bob, points: 2 })).data;
    await move(task.id, 'doing');
    const repo = createTaskRepository(t.db.db);
    const read = (await repo.byId(task.id))!;
    const edited = await t.post(
      `${T}/update`,
      { id: task.id, version: read.version, projectId: project.id, title: 'Edited', assigneeId: bob, points: 8 },
      t.admin,
    );
    expect(edited.meta.code, edited.meta.message).toBe(200);
    // The status change that read the task before the edit writes nothing.
    expect(await repo.transaction((tx) => repo.moveStatus(tx, read, 'done', Date.now(), Date.now()))).toBe(false);
    expect((await move(task.id, 'done')).data).toMatchObject({ status: 'done', points: 8 });
    const records = await t.get<ContributionPage>(`${C}/list`, { staffId: bob }, t.admin);
    expect(records.data.list.filter((r) => r.taskId === task.id).map((r) => r.points)).toEqual([8]);
    // Out of the lists the other tests read.
    expect((await move(task.id, 'doing')).meta.code).toBe(200);
    expect((await t.post(`${T}/remove`, { id: task.id }, t.admin)).meta.code).toBe(200);
  });

  it('keeps lists and other members’ tasks behind permissions', async () => {
    expect((await t.get(`${T}/list`, {}, amy.session)).meta.code).toBe(403);
    expect((await t.get(`${C}/list`, {}, amy.session)).meta.code).toBe(403);
    expect((await t.post(`${T}/add`, { projectId: project.id, title: 'x' }, amy.session)).meta.code).toBe(403);
    const mine = await t.get<Page<Task>>(`${T}/mine`, {}, amy.session);
    expect(mine.data.list.every((x) => x.assignee?.id === amy.id)).toBe(true);
    const bobs = (await addTask({ title: 'Bob only', assigneeId: bob })).data;
    expect((await move(bobs.id, 'doing', amy.session)).meta.code).toBe(404);
    expect((await t.get(`${T}/view`, { id: bobs.id }, amy.session)).meta.code).toBe(404);
    const all = await t.get<Page<Task>>(`${T}/list`, { status: 'done', sortField: 'title', order: 'asc' }, t.admin);
    expect(all.data.list.map((x) => x.title)).toEqual(['Contract Wong', 'No KPI', 'Race', 'Submit UCAS for Chan']);
  });

  it('shows a member whose required second factor is not set up none of their tasks, nor lets them move one (1012)', async () => {
    const pendingId = await createStaff(t.db.db, 'pending_worker', [await createRole(t.db.db, 'ROLE_SECURE', [])]);
    await t.post(
      '/api/v1/cake/projects/members/add',
      { projectId: project.id, staffId: pendingId, projectRole: 'member', share: '0' },
      t.admin,
    );
    const task = (await addTask({ title: 'Pending work', assigneeId: pendingId })).data;
    const pending = await t.login('pending_worker', STAFF_PASSWORD);
    const mine = await t.get<Page<Task>>(`${T}/mine`, {}, pending);
    expect([mine.meta.code, mine.data.total, mine.data.list]).toEqual([200, 0, []]);
    expect((await t.get(`${T}/view`, { id: task.id }, pending)).meta.code).toBe(1012);
    expect((await move(task.id, 'doing', pending)).meta.code).toBe(1012);
    const after = (await t.get<Task>(`${T}/view`, { id: task.id }, t.admin)).data;
    expect([after.status, after.version]).toEqual(['todo', task.version]);
  });

  it('filters the task list by each of its filters, alone and together, and pages it', async () => {
    const other = (await t.post<ProjectView>('/api/v1/cake/projects/add', { name: 'Filters' }, t.admin)).data;
    const add = (title: string, assigneeId: number, dueDate: string) =>
      t.post<Task>(`${T}/add`, { projectId: other.id, title, assigneeId, dueDate }, t.admin);
    await add('Filter alpha', t.admin.mid, '2027-01-10');
    await add('Filter beta', t.admin.mid, '2027-02-10');
    await add('Filter gamma', t.admin.mid, '2027-03-10');
    const titles = async (q: Record<string, string | number>) =>
      (await t.get<Page<Task>>(`${T}/list`, { sortField: 'title', order: 'asc', ...q }, t.admin)).data.list.map(
        (x) => x.title,
      );
    expect(await titles({ projectId: other.id })).toEqual(['Filter alpha', 'Filter beta', 'Filter gamma']);
    expect(await titles({ keyword: 'ER B' })).toEqual(['Filter beta']);
    expect(await titles({ projectId: other.id, dueFrom: '2027-02-01' })).toEqual(['Filter beta', 'Filter gamma']);
    expect(await titles({ projectId: other.id, dueTo: '2027-02-10', status: 'todo' })).toEqual([
      'Filter alpha',
      'Filter beta',
    ]);
    expect(await titles({ assigneeId: t.admin.mid, keyword: 'filter', dueFrom: '2027-03-01' })).toEqual([
      'Filter gamma',
    ]);
    expect(await titles({ projectId: other.id, status: 'done' })).toEqual([]);
    // Pages of two, by due date: a full page counts the total; the second page tells it.
    const page = (pageNum: number) =>
      t.get<Page<Task>>(`${T}/list`, { projectId: other.id, sortField: 'dueDate', pageSize: 2, pageNum }, t.admin);
    const [first, second] = [await page(1), await page(2)];
    expect([first.data.total, second.data.total]).toEqual([3, 3]);
    expect([...first.data.list, ...second.data.list].map((x) => x.dueDate)).toEqual([
      '2027-03-10',
      '2027-02-10',
      '2027-01-10',
    ]);
  });

  it('sorts undated tasks after the dated ones by due date in either direction, on either engine', async () => {
    const other = (await t.post<ProjectView>('/api/v1/cake/projects/add', { name: 'Undated' }, t.admin)).data;
    for (const [title, dueDate] of [
      ['Undated one', undefined],
      ['Due March', '2027-03-10'],
      ['Due January', '2027-01-10'],
    ] as const) {
      const res = await t.post<Task>(`${T}/add`, { projectId: other.id, title, dueDate }, t.admin);
      expect(res.meta.code, res.meta.message).toBe(200);
    }
    const titles = async (order: 'asc' | 'desc') =>
      (
        await t.get<Page<Task>>(`${T}/list`, { projectId: other.id, sortField: 'dueDate', order }, t.admin)
      ).data.list.map((x) => x.title);
    expect(await titles('asc')).toEqual(['Due January', 'Due March', 'Undated one']);
    expect(await titles('desc')).toEqual(['Due March', 'Due January', 'Undated one']);
  });

  it('writes a done task’s contribution record again when the task is edited: person, project, KPI type, points', async () => {
    const second = (await t.post<ProjectView>('/api/v1/cake/projects/add', { name: 'Second cohort' }, t.admin)).data;
    await t.post(
      '/api/v1/cake/projects/members/add',
      { projectId: second.id, staffId: amy.id, projectRole: 'member', share: '10' },
      t.admin,
    );
    const task = (await addTask({ title: 'Done then edited', assigneeId: bob, kpiTypeId: kpi.id, points: 2 })).data;
    await move(task.id, 'doing');
    let version = (await move(task.id, 'done')).data.version;
    const recordsOf = async () =>
      (await t.get<ContributionPage>(`${C}/list`, { pageSize: 100 }, t.admin)).data.list.filter(
        (r) => r.taskId === task.id,
      );
    const [before] = await recordsOf();
    expect(before).toMatchObject({ member: { id: bob }, projectId: project.id, points: 2 });
    const edit = async (v: Record<string, string | number | null>) => {
      const res = await t.post<Task>(`${T}/update`, { id: task.id, version, title: 'Done then edited', ...v }, t.admin);
      expect(res.meta.code, res.meta.message).toBe(200);
      version = res.data.version;
    };

    await edit({ projectId: second.id, title: 'Done and edited', assigneeId: amy.id, kpiTypeId: heavy.id, points: 7 });
    expect(await recordsOf()).toEqual([
      expect.objectContaining({
        member: expect.objectContaining({ id: amy.id }),
        projectId: second.id,
        projectName: 'Second cohort',
        kpiType: expect.objectContaining({ id: heavy.id }),
        title: 'Done and edited',
        points: 7,
        contributedOn: before!.contributedOn,
      }),
    ]);
    // Without an assignee a done task has no record (as done without one); named again, it has one.
    await edit({ projectId: second.id, assigneeId: null, points: 7 });
    expect(await recordsOf()).toEqual([]);
    await edit({ projectId: project.id, assigneeId: bob, kpiTypeId: null, points: 4 });
    expect((await recordsOf()).map((r) => [r.member.id, r.projectId, r.kpiType, r.points])).toEqual([
      [bob, project.id, null, 4],
    ]);
    // A stale edit writes nothing.
    const stale = await t.post(
      `${T}/update`,
      { id: task.id, version: version - 1, projectId: second.id, title: 'x', assigneeId: amy.id, points: 9 },
      t.admin,
    );
    expect(stale.meta.code).toBe(409);
    expect((await recordsOf()).map((r) => r.points)).toEqual([4]);
    // Out of the lists the other tests read.
    expect((await move(task.id, 'doing')).meta.code).toBe(200);
    expect((await t.post(`${T}/remove`, { id: task.id }, t.admin)).meta.code).toBe(200);
  });
});
