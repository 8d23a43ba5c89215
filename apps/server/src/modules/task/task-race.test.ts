import { beforeAll, describe, expect, it } from 'vitest';
import type { KpiType, ProjectView, Task } from '@study-crm/shared';
import { createStaff } from '../../test/access-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { useTestApp } from '../../test/signed-in.js';
import { whileHeld } from '../../test/while-held.js';

const T = '/api/v1/cake/tasks';
const K = '/api/v1/cake/kpiTypes';
const P = '/api/v1/cake/projects';

// A task's write and the removal of what it names, at once (both engines; the races bit on PostgreSQL): a KPI type
// removed while a task naming it is saved, or a task saved naming a KPI type, project or assignee being removed,
// answers 7751 or a 400 naming the field, never a 500, and leaves no task naming what is gone.
describe('a task written while what it names is removed', () => {
  const t = useTestApp({ signIn: true });
  let project: ProjectView;
  let amy: number;
  let seq = 0;

  beforeAll(async () => {
    amy = await createStaff(t.db.db, 'race_amy', []);
    project = (await t.post<ProjectView>(`${P}/add`, { name: 'Races' }, t.admin)).data;
    await t.post(
      `${P}/members/add`,
      { projectId: project.id, staffId: amy, projectRole: 'member', share: '0' },
      t.admin,
    );
  });

  const newKpi = async () => {
    seq++;
    const res = await t.post<KpiType>(
      `${K}/add`,
      { nameTw: `競速${seq}`, nameCn: `竞速${seq}`, nameEn: `Race ${seq}`, unit: 'u' },
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data;
  };
  const newProject = async (name: string) => (await t.post<ProjectView>(`${P}/add`, { name }, t.admin)).data;
  const taskRow = (v: { projectId: number; kpiTypeId?: number | null; assigneeId?: number | null }) => ({
    title: 'held',
    status: 'todo' as const,
    points: 0,
    version: 1,
    createdAt: Date.now(),
    updatedAt: Date.now(),
    ...v,
  });
  const kpiExists = async (id: number) =>
    (await t.db.db.selectFrom('kpiType').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const tasksNamingKpi = async (id: number) =>
    (await t.db.db.selectFrom('task').select('id').where('kpiTypeId', '=', id).execute()).length;

  it('refuses to remove a KPI type a task being saved names (7751), the type kept', async () => {
    const k = await newKpi();
    const res = await whileHeld(
      t.db,
      async (trx) => {
        await trx
          .insertInto('task')
          .values(taskRow({ projectId: project.id, kpiTypeId: k.id }))
          .execute();
      },
      () => t.post(`${K}/remove`, { id: k.id }, t.admin),
    );
    expect(res.meta.code, res.meta.message).toBe(7751);
    expect(await kpiExists(k.id)).toBe(true);
  });

  it('refuses a task naming a KPI type being removed (400 naming kpiTypeId)', async () => {
    const k = await newKpi();
    const res = await whileHeld(
      t.db,
      async (trx) => {
        await trx.deleteFrom('kpiType').where('id', '=', k.id).execute();
      },
      () => t.post(`${T}/add`, { projectId: project.id, title: 'y', kpiTypeId: k.id }, t.admin),
    );
    expectParamError(res, 'kpiTypeId');
    expect(await kpiExists(k.id)).toBe(false);
  });

  it('refuses an edit naming a KPI type being removed (400 naming kpiTypeId), the task as it was', async () => {
    const k = await newKpi();
    const task = (await t.post<Task>(`${T}/add`, { projectId: project.id, title: 'Edit me' }, t.admin)).data;
    const res = await whileHeld(
      t.db,
      async (trx) => {
        await trx.deleteFrom('kpiType').where('id', '=', k.id).execute();
      },
      () =>
        t.post(
          `${T}/update`,
          { id: task.id, version: task.version, projectId: project.id, title: 'Edited', kpiTypeId: k.id },
          t.admin,
        ),
    );
    expectParamError(res, 'kpiTypeId');
    const after = (await t.get<Task>(`${T}/view`, { id: task.id }, t.admin)).data;
    expect([after.title, after.kpiType, after.version]).toEqual(['Edit me', null, task.version]);
  });

  it('refuses a task naming a KPI type being disabled (400 naming kpiTypeId)', async () => {
    const k = await newKpi();
    const res = await whileHeld(
      t.db,
      async (trx) => {
        await trx.updateTable('kpiType').set({ enabled: 0 }).where('id', '=', k.id).execute();
      },
      () => t.post(`${T}/add`, { projectId: project.id, title: 'y', kpiTypeId: k.id }, t.admin),
    );
    expectParamError(res, 'kpiTypeId');
    expect(await tasksNamingKpi(k.id)).toBe(0);
  });

  it('refuses a task assigned to a member being removed from the project (400 naming assigneeId)', async () => {
    const other = await newProject('Assignee race');
    const bob = await createStaff(t.db.db, 'race_bob', []);
    await t.post(`${P}/members/add`, { projectId: other.id, staffId: bob, projectRole: 'member', share: '0' }, t.admin);
    // As the member removal does: the project's row locked first, then the member's row deleted.
    const res = await whileHeld(
      t.db,
      async (trx) => {
        await trx
          .selectFrom('project')
          .select('id')
          .where('id', '=', other.id)
          .$if(t.db.dialect === 'postgres', (q) => q.forUpdate())
          .execute();
        await trx.deleteFrom('projectMember').where('projectId', '=', other.id).where('memberId', '=', bob).execute();
      },
      () => t.post(`${T}/add`, { projectId: other.id, title: 'For bob', assigneeId: bob }, t.admin),
    );
    expectParamError(res, 'assigneeId');
    const assigned = await t.db.db.selectFrom('task').select('id').where('assigneeId', '=', bob).execute();
    expect(assigned).toEqual([]);
  });

  it('refuses a task added to, or moved onto, a project being removed (400 naming projectId)', async () => {
    const gone = await newProject('Removed meanwhile');
    const added = await whileHeld(
      t.db,
      async (trx) => {
        await trx.updateTable('project').set({ deletedAt: Date.now() }).where('id', '=', gone.id).execute();
      },
      () => t.post(`${T}/add`, { projectId: gone.id, title: 'Lost' }, t.admin),
    );
    expectParamError(added, 'projectId');
    const tasksOf = async () =>
      (await t.db.db.selectFrom('task').select('id').where('projectId', '=', gone.id).execute()).length;
    expect(await tasksOf()).toBe(0);

    const moving = await newProject('Removed while moved to');
    const task = (await t.post<Task>(`${T}/add`, { projectId: project.id, title: 'Mover' }, t.admin)).data;
    const moved = await whileHeld(
      t.db,
      async (trx) => {
        await trx.updateTable('project').set({ deletedAt: Date.now() }).where('id', '=', moving.id).execute();
      },
      () =>
        t.post(`${T}/update`, { id: task.id, version: task.version, projectId: moving.id, title: 'Mover' }, t.admin),
    );
    expectParamError(moved, 'projectId');
    expect((await t.get<Task>(`${T}/view`, { id: task.id }, t.admin)).data.projectId).toBe(project.id);

    // Once removed, a project takes no task, added or moved (no race).
    expectParamError(await t.post(`${T}/add`, { projectId: gone.id, title: 'Late' }, t.admin), 'projectId');
    expectParamError(
      await t.post(`${T}/update`, { id: task.id, version: task.version, projectId: gone.id, title: 'M' }, t.admin),
      'projectId',
    );
  });

  it('still removes a KPI type no task names, and keeps one in use (7751)', async () => {
    const unused = await newKpi();
    expect((await t.post(`${K}/remove`, { id: unused.id }, t.admin)).meta.code).toBe(200);
    expect(await kpiExists(unused.id)).toBe(false);
    expect((await t.post(`${K}/remove`, { id: unused.id }, t.admin)).meta.code).toBe(404);
    const used = await newKpi();
    const task = (await t.post<Task>(`${T}/add`, { projectId: project.id, title: 'Uses', kpiTypeId: used.id }, t.admin))
      .data;
    expect((await t.post(`${T}/remove`, { id: task.id }, t.admin)).meta.code).toBe(200);
    // A removed task still names it.
    expect((await t.post(`${K}/remove`, { id: used.id }, t.admin)).meta.code).toBe(7751);
  });
});
