import {
  Code,
  KPI_SUMMARY_DAYS,
  PERM,
  TASK_FLOW,
  type ContributionListInput,
  type KpiSummary,
  type KpiType,
  type KpiTypeAddInput,
  type KpiTypeListInput,
  type KpiTypeOption,
  type KpiTypeUpdateInput,
  type MyTasksInput,
  type Page,
  type PersonRef,
  type Task,
  type TaskAddInput,
  type TaskListInput,
  type TaskStatusInput,
  type TaskUpdateInput,
} from '@study-crm/shared';
import { refuseTwoFactorPending as refusePending, type Caller } from '../../http/context.js';
import { AppError, badRequest, found, notFound, staleCopy } from '../../http/errors.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/sql-helpers.js';
import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import { namePerson, type PeopleService } from '../people/index.js';
import type { ProjectLookup } from '../project/index.js';
import { toContribution, toKpiOption, toKpiType, toTask, type TaskLookups } from './task.mapper.js';
import type { Carried, KpiTypeRow, TaskRepository, TaskRow } from './task.repository.js';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const forbidden = () => new AppError(Code.FORBIDDEN, 'forbidden');
const kpiExists = () => new AppError(Code.KPI_TYPE_EXISTS, 'kpiTypeExists');
const kpiInUse = () => new AppError(Code.KPI_TYPE_IN_USE, 'kpiTypeInUse');

export function createTaskService(deps: {
  repo: TaskRepository;
  projects: ProjectLookup;
  people: Pick<PeopleService, 'names' | 'isActiveStaff'>;
  clock: Clock;
}) {
  const { repo, projects, people, clock } = deps;

  // The people (`personOf` each row), projects and KPI types the rows name, each read once.
  async function lookups<R extends { projectId: number; kpiTypeId: number | null }>(
    rows: R[],
    personOf: (r: R) => number | null,
  ): Promise<TaskLookups> {
    const [names, projectNames, kpis] = await Promise.all([
      people.names(rows.map(personOf)),
      projects.names(rows.map((r) => r.projectId)),
      repo.kpiTypes(rows.flatMap((r) => (r.kpiTypeId ? [r.kpiTypeId] : []))),
    ]);
    return { names, projectNames, kpis };
  }

  // On PostgreSQL a page's statement has read what its rows name (repository's Carried): the same lookups from it.
  function carriedLookups(rows: (Carried & { projectId: number })[]): TaskLookups {
    const l: TaskLookups = { names: new Map(), projectNames: new Map(), kpis: new Map() };
    for (const r of rows) {
      namePerson(l.names, r.person);
      if (r.projectName != null) l.projectNames.set(r.projectId, r.projectName);
      if (r.kpi) l.kpis.set(r.kpi.id, r.kpi);
    }
    return l;
  }

  async function shape(rows: TaskRow[], carried = false): Promise<Task[]> {
    const l = carried ? carriedLookups(rows) : await lookups(rows, (r) => r.assigneeId);
    return rows.map((r) => toTask(r, l));
  }

  async function view(id: number): Promise<Task> {
    const row = found(await repo.byId(id));
    return (await shape([row]))[0]!;
  }

  // A task's fields as the body gives them.
  const fieldsOf = (b: TaskAddInput) => ({
    projectId: b.projectId,
    title: b.title,
    description: b.description ?? null,
    assigneeId: b.assigneeId ?? null,
    dueDate: b.dueDate ?? null,
    kpiTypeId: b.kpiTypeId ?? null,
    points: b.points ?? 0,
  });

  // In the write's transaction, before it writes: the project (not removed), the assignee (an active staff member of
  // the project) and the KPI type (enabled; not read again when the task keeps the one it has). The project's row
  // and the KPI type's are held until the write commits (ProjectLookup.hold, holdKpiType): removing the project, a
  // member of it (which locks the project's row first) or the KPI type, or disabling the type, waits for the write,
  // or has committed and is refused here, 400 naming the field.
  async function check(tx: Tx, b: TaskAddInput, keptKpiTypeId?: number | null): Promise<void> {
    if (!(await projects.hold(tx, b.projectId))) throw badRequest('projectId', 'v.unknownId');
    if (b.assigneeId) {
      const ok =
        (await people.isActiveStaff(b.assigneeId, tx)) && (await projects.isMember(b.projectId, b.assigneeId, tx));
      if (!ok) throw badRequest('assigneeId', 'v.assignee');
    }
    if (b.kpiTypeId && b.kpiTypeId !== keptKpiTypeId) {
      const kpi = await repo.holdKpiType(tx, b.kpiTypeId, 'share');
      if (!kpi || !kpi.enabled) throw badRequest('kpiTypeId', 'v.kpiType');
    }
  }

  // A task's write whose KPI type's foreign key refuses it all the same (a type the check did not hold: an edit
  // keeping the type it read the task with, another edit having changed it meanwhile): 400 naming kpiTypeId, as the
  // check answers, not a 500. (KPI types are the only rows a task names that are deleted; projects and members are
  // removed softly.)
  async function written<T>(b: TaskAddInput, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isForeignKeyViolation(err) && b.kpiTypeId) throw badRequest('kpiTypeId', 'v.kpiType');
      throw err;
    }
  }

  // A done task's contribution record: its assignee's, on the day it was done.
  const contributionOf = (
    task: Pick<TaskRow, 'id' | 'projectId' | 'kpiTypeId' | 'title' | 'points'>,
    memberId: number,
    doneAt: number,
    now: number,
  ) => ({
    memberId,
    projectId: task.projectId,
    taskId: task.id,
    kpiTypeId: task.kpiTypeId,
    title: task.title,
    points: task.points,
    contributedOn: isoDay(doneAt),
    createdAt: now,
  });

  async function kpiGuarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw kpiExists();
      throw err;
    }
  }

  const kpiFields = (b: KpiTypeAddInput) => ({
    nameTw: b.nameTw,
    nameCn: b.nameCn,
    nameEn: b.nameEn,
    unit: b.unit,
    weight: b.weight ?? 100,
    enabled: b.enabled ?? 1,
    sort: b.sort ?? 0,
  });

  async function kpiView(id: number): Promise<KpiType> {
    const row = found(await repo.kpiType(id));
    return toKpiType({ ...row, taskCount: 0 });
  }

  return {
    view,

    async list(q: TaskListInput): Promise<Page<Task>> {
      const w = pageWindow(q);
      const { rows, total, carried } = await repo.page(q, q.sortField, w);
      return pageResult(await shape(rows, carried), total, w);
    },

    async mine(caller: Caller, q: MyTasksInput): Promise<Page<Task>> {
      const w = pageWindow(q);
      if (caller.isTwoFactorPending) return pageResult([], 0, w);
      const { rows, total, carried } = await repo.page({ ...q, assigneeId: caller.id }, q.sortField, w);
      return pageResult(await shape(rows, carried), total, w);
    },

    async viewFor(caller: Caller, id: number): Promise<Task> {
      refusePending(caller);
      const task = await view(id);
      if (!caller.perms.has(PERM.taskList) && task.assignee?.id !== caller.id) throw notFound();
      return task;
    },

    async add(caller: Caller, b: TaskAddInput): Promise<Task> {
      const now = clock.now();
      const id = await written(b, () =>
        repo.transaction(async (tx) => {
          await check(tx, b);
          return repo.insert(
            { ...fieldsOf(b), status: 'todo', createdBy: caller.id, createdAt: now, updatedAt: now },
            tx,
          );
        }),
      );
      return view(id);
    },

    // The status is changed with changeStatus only, so a done task keeps its one contribution record. An edit of a
    // done task writes that record again in the same transaction (assignee, project, KPI type, title, points; the
    // day it was done kept), so the record stays the task's as it is now; without an assignee it has none.
    async update(b: TaskUpdateInput): Promise<Task> {
      const fields = fieldsOf(b);
      const now = clock.now();
      await written(b, () =>
        repo.transaction(async (tx) => {
          await check(tx, b, found(await repo.byId(b.id, tx)).kpiTypeId);
          const edited = await repo.update(tx, b.id, { ...fields, updatedAt: now }, b.version);
          if (!edited) throw staleCopy();
          if (edited.status !== 'done') return;
          await repo.removeContributionOfTask(tx, b.id);
          if (fields.assigneeId)
            await repo.insertContribution(
              tx,
              contributionOf({ id: b.id, ...fields }, fields.assigneeId, edited.doneAt ?? now, now),
            );
        }),
      );
      return view(b.id);
    },

    async remove(id: number): Promise<null> {
      if (!(await repo.softDelete(id, clock.now()))) throw notFound();
      return null;
    },

    // Status flow (TASK_FLOW): done writes the task's contribution record (assignee, points, KPI type, the day) in
    // the same transaction; leaving done removes it. The assignee changes their own task; others need task:update.
    async changeStatus(caller: Caller, b: TaskStatusInput): Promise<Task> {
      refusePending(caller);
      const task = found(await repo.byId(b.id));
      const mine = task.assigneeId === caller.id;
      if (!mine && !caller.perms.has(PERM.taskUpdate)) throw caller.perms.has(PERM.taskList) ? forbidden() : notFound();
      if (b.version !== null && b.version !== undefined && b.version !== task.version) throw staleCopy();
      if (!TASK_FLOW[task.status].includes(b.status)) throw new AppError(Code.TASK_STATUS_CHANGE, 'taskStatusChange');
      const now = clock.now();
      await repo.transaction(async (tx) => {
        const done = b.status === 'done';
        if (!(await repo.moveStatus(tx, task, b.status, done ? now : null, now))) throw staleCopy();
        if (task.status === 'done') await repo.removeContributionOfTask(tx, task.id);
        if (done && task.assigneeId) await repo.insertContribution(tx, contributionOf(task, task.assigneeId, now, now));
      });
      return view(task.id);
    },

    async contributions(q: ContributionListInput) {
      const w = pageWindow(q);
      const { rows, total, totalPoints, carried } = await repo.contributionPage(q, w);
      const l = carried ? carriedLookups(rows) : await lookups(rows, (r) => r.memberId);
      return {
        ...pageResult(
          rows.map((r) => toContribution(r, l)),
          total,
          w,
        ),
        totalPoints,
      };
    },

    // Spec section 9: the KPI summary covers the past 30 days (UTC, ending today), per member, highest score first.
    async kpiSummary(projectId?: number | null): Promise<KpiSummary> {
      const today = Math.floor(clock.now() / DAY) * DAY;
      const from = isoDay(today - (KPI_SUMMARY_DAYS - 1) * DAY);
      const to = isoDay(today);
      const rows = await repo.pointsByMember(from, to, projectId);
      const names = await people.names(rows.map((r) => r.memberId));
      const ref = (id: number): PersonRef => names.get(id) ?? { id, name: String(id) };
      return {
        from,
        to,
        rows: rows
          .map((r) => ({
            staff: ref(r.memberId),
            points: r.points,
            score: Math.round(r.weighted) / 100,
            records: r.records,
          }))
          .sort((a, b) => b.score - a.score || a.staff.id - b.staff.id),
      };
    },

    // ---------- KPI types ----------
    async kpiTypes(q: KpiTypeListInput): Promise<Page<KpiType>> {
      const w = pageWindow(q);
      const { rows, total } = await repo.kpiTypePage(q, w);
      return pageResult(rows.map(toKpiType), total, w);
    },

    async kpiOptions(): Promise<KpiTypeOption[]> {
      return (await repo.enabledKpiTypes()).map((r: KpiTypeRow) => toKpiOption(r));
    },

    async addKpiType(b: KpiTypeAddInput): Promise<KpiType> {
      const now = clock.now();
      const id = await kpiGuarded(() => repo.insertKpiType({ ...kpiFields(b), createdAt: now, updatedAt: now }));
      return kpiView(id);
    },

    async updateKpiType(b: KpiTypeUpdateInput): Promise<KpiType> {
      if (!(await repo.kpiType(b.id))) throw notFound();
      const saved = await kpiGuarded(() =>
        repo.updateKpiType(b.id, { ...kpiFields(b), updatedAt: clock.now() }, b.version),
      );
      if (!saved) throw staleCopy();
      return kpiView(b.id);
    },

    // In one transaction, the type's row held first (holdKpiType): a task's write naming it has committed (and the
    // type is in use) or waits. A foreign key refusing the delete all the same answers as in use.
    async removeKpiType(id: number): Promise<null> {
      await repo
        .transaction(async (tx) => {
          if (!(await repo.holdKpiType(tx, id, 'update'))) throw notFound();
          if (await repo.kpiTypeInUse(tx, id)) throw kpiInUse();
          await repo.removeKpiType(id, tx);
        })
        .catch((err: unknown) => {
          throw isForeignKeyViolation(err) ? kpiInUse() : err;
        });
      return null;
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
