import type { Contribution, KpiType, KpiTypeOption, PersonRef, Task } from '@study-crm/shared';
import type { ContributionRow, KpiTypeRef, KpiTypeRow, TaskRow } from './task.repository.js';

export const toKpiOption = (r: KpiTypeRef): KpiTypeOption => ({
  id: r.id,
  nameTw: r.nameTw,
  nameCn: r.nameCn,
  nameEn: r.nameEn,
  unit: r.unit,
});

export const toKpiType = (r: KpiTypeRow & { taskCount: number }): KpiType =>
  Object.assign(toKpiOption(r), {
    weight: r.weight,
    enabled: r.enabled,
    sort: r.sort,
    version: r.version,
    taskCount: r.taskCount,
    createdAt: Number(r.createdAt),
    updatedAt: Number(r.updatedAt),
  });

const kpiOf = (kpis: Map<number, KpiTypeRef>, id: number | null) => {
  const row = id ? kpis.get(id) : undefined;
  return row ? toKpiOption(row) : null;
};

// What task and contribution responses name besides the row: people, project names and KPI types, read once a page.
export type TaskLookups = {
  names: Map<number, PersonRef>;
  projectNames: Map<number, string>;
  kpis: Map<number, KpiTypeRef>;
};

export function toTask(r: TaskRow, { names, projectNames, kpis }: TaskLookups): Task {
  return {
    id: r.id,
    projectId: r.projectId,
    projectName: projectNames.get(r.projectId) ?? String(r.projectId),
    title: r.title,
    description: r.description,
    assignee: r.assigneeId !== null ? (names.get(r.assigneeId) ?? null) : null,
    dueDate: r.dueDate,
    status: r.status,
    kpiType: kpiOf(kpis, r.kpiTypeId),
    points: r.points,
    doneAt: r.doneAt === null ? null : Number(r.doneAt),
    version: r.version,
    createdAt: Number(r.createdAt),
    updatedAt: Number(r.updatedAt),
  };
}

export function toContribution(r: ContributionRow, { names, projectNames, kpis }: TaskLookups): Contribution {
  return {
    id: r.id,
    member: names.get(r.memberId) ?? { id: r.memberId, name: String(r.memberId) },
    projectId: r.projectId,
    projectName: projectNames.get(r.projectId) ?? String(r.projectId),
    taskId: r.taskId,
    kpiType: kpiOf(kpis, r.kpiTypeId),
    title: r.title,
    points: r.points,
    contributedOn: r.contributedOn,
    createdAt: Number(r.createdAt),
  };
}
