import {
  PERM,
  ProjectListQuery,
  type Locale,
  type Project,
  type ProjectListInput,
  type ProjectRole,
  type ProjectStatus,
} from '@study-crm/shared';
import { column, tr, type Exporter } from '../export/index.js';
import type { ProjectService } from './project.service.js';

// The list's own wording (pages/project/locale.ts).
const STATUS: Record<ProjectStatus, Record<Locale, string>> = {
  planning: tr('規劃中', '规划中', 'Planning'),
  active: tr('進行中', '进行中', 'Active'),
  paused: tr('暫停', '暂停', 'Paused'),
  closed: tr('已結束', '已结束', 'Closed'),
};
const ROLE: Record<ProjectRole, Record<Locale, string>> = {
  manager: tr('負責人', '负责人', 'Manager'),
  member: tr('成員', '成员', 'Member'),
  observer: tr('觀察者', '观察者', 'Observer'),
};
const NOT_MEMBER = tr('非成員', '非成员', 'Not a member');

// The project list's export (issue 39): the list's own call (keyword, status, staff, sort) with the caller's role
// in each project, for holders of its permission. The period as two calendar days, the shares in percent.
export function projectExporter(projects: Pick<ProjectService, 'list'>): Exporter<ProjectListInput, Project> {
  return {
    list: 'project',
    perm: PERM.projectList,
    sheet: tr('全部專案', '全部项目', 'All projects'),
    query: ProjectListQuery,
    page: (q, caller, pageNum, pageSize) => projects.list(caller, { ...q, pageNum, pageSize }),
    columns: [
      column.plain('name', tr('專案名稱', '项目名称', 'Project'), 30),
      column.named('status', tr('狀態', '状态', 'Status'), 10, STATUS),
      column.day('startDate', tr('開始日期', '开始日期', 'Start date')),
      column.day('endDate', tr('結束日期', '结束日期', 'End date')),
      column.plain('memberCount', tr('成員數', '成员数', 'Members'), 10),
      column.plain('shareTotal', tr('固定分成合計（%）', '固定分成合计（%）', 'Fixed shares in all (%)'), 14),
      column.of(
        'myRole',
        tr('我的角色', '我的角色', 'My role'),
        (r, l) => (r.myRole ? ROLE[r.myRole][l] : NOT_MEMBER[l]),
        12,
      ),
      column.time('createdAt', tr('建立時間', '创建时间', 'Created')),
    ],
  };
}
