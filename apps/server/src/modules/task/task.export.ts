import {
  ContributionListQuery,
  KpiTypeListQuery,
  PERM,
  TaskListQuery,
  type Contribution,
  type ContributionListInput,
  type KpiType,
  type KpiTypeListInput,
  type KpiTypeOption,
  type Locale,
  type Task,
  type TaskListInput,
  type TaskStatus,
} from '@study-crm/shared';
import { column, listPages, tr, type Exporter } from '../export/index.js';
import type { TaskService } from './task.service.js';

// The list's own wording (pages/task/locale.ts).
const STATUS: Record<TaskStatus, Record<Locale, string>> = {
  todo: tr('待辦', '待办', 'To do'),
  doing: tr('進行中', '进行中', 'In progress'),
  review: tr('待審核', '待审核', 'In review'),
  done: tr('已完成', '已完成', 'Done'),
  cancelled: tr('已取消', '已取消', 'Cancelled'),
};
// A KPI type's name in the reader's language, as the lists show it.
const kpiName = (k: KpiTypeOption | null, l: Locale) =>
  k ? (l === 'en-US' ? k.nameEn : l === 'zh-CN' ? k.nameCn : k.nameTw) : null;
const KPI_TYPE = tr('KPI 類型', 'KPI 类型', 'KPI type');
const POINTS = tr('分數', '分数', 'Points');
const TITLE = tr('任務', '任务', 'Task');
const PROJECT = tr('專案', '项目', 'Project');

// The task list's export (issue 39): the list's own call (keyword, project, assignee, status, due dates, sort),
// for holders of its permission. The KPI column of the list is its type and points, one column each.
export function taskExporter(tasks: Pick<TaskService, 'list'>): Exporter<TaskListInput, Task> {
  return {
    list: 'task',
    perm: PERM.taskList,
    sheet: tr('全部任務', '全部任务', 'All tasks'),
    query: TaskListQuery,
    page: listPages(tasks.list),
    columns: [
      column.plain('title', TITLE, 36),
      column.of('project', PROJECT, (r) => r.projectName, 24),
      column.of('assignee', tr('負責人', '负责人', 'Assignee'), (r) => r.assignee?.name ?? null, 16),
      column.named('status', tr('狀態', '状态', 'Status'), 12, STATUS),
      column.of('kpiType', KPI_TYPE, (r, l) => kpiName(r.kpiType, l), 16),
      column.plain('points', POINTS, 8),
      column.day('dueDate', tr('到期日', '到期日', 'Due')),
    ],
  };
}

// The contribution records' export (issue 39): the list's own call (staff, project, days), for holders of its
// permission.
export function contributionExporter(
  tasks: Pick<TaskService, 'contributions'>,
): Exporter<ContributionListInput, Contribution> {
  return {
    list: 'contribution',
    perm: PERM.contributionList,
    sheet: tr('貢獻紀錄', '贡献记录', 'Contribution records'),
    query: ContributionListQuery,
    page: listPages(tasks.contributions),
    columns: [
      column.of('day', tr('日期', '日期', 'Day'), (r) => ({ day: r.contributedOn }), 12),
      column.of('member', tr('成員', '成员', 'Member'), (r) => r.member.name, 16),
      column.plain('title', TITLE, 36),
      column.of('project', PROJECT, (r) => r.projectName, 24),
      column.of('kpiType', KPI_TYPE, (r, l) => kpiName(r.kpiType, l), 16),
      column.plain('points', POINTS, 8),
    ],
  };
}

const ENABLED: Record<'0' | '1', Record<Locale, string>> = {
  1: tr('啟用', '启用', 'Enabled'),
  0: tr('停用', '停用', 'Disabled'),
};

// The KPI types' export (issue 39): the list's own call (keyword, enabled), for holders of its permission; the
// name in the reader's language as the list shows it, the weight as its percentage.
export function kpiTypeExporter(tasks: Pick<TaskService, 'kpiTypes'>): Exporter<KpiTypeListInput, KpiType> {
  return {
    list: 'kpiType',
    perm: PERM.kpiTypeList,
    sheet: tr('KPI 類型', 'KPI 类型', 'KPI types'),
    query: KpiTypeListQuery,
    page: listPages(tasks.kpiTypes),
    columns: [
      column.of('name', tr('名稱', '名称', 'Name'), (r, l) => kpiName(r, l), 24),
      column.plain('unit', tr('單位', '单位', 'Unit'), 14),
      column.plain('weight', tr('權重（%）', '权重（%）', 'Weight (%)'), 10),
      column.plain('taskCount', tr('任務數', '任务数', 'Tasks'), 10),
      column.of('enabled', tr('啟用', '启用', 'Enabled'), (r, l) => ENABLED[r.enabled ? '1' : '0'][l], 10),
    ],
  };
}
