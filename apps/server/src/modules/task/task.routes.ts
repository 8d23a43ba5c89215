import type { FastifyInstance } from 'fastify';
import { contributionApi, kpiTypeApi, PERM, taskApi } from '@study-crm/shared';
import { caller } from '../../http/context.js';
import { defineRoute } from '../../http/route.js';
import type { TaskService } from './task.service.js';

const tags = ['task'];

export function registerTaskRoutes(app: FastifyInstance, service: TaskService): void {
  defineRoute(app, {
    ...taskApi.list,
    access: PERM.taskList,
    tags,
    summary: 'All tasks, paged; filters project, assignee, status, due range, title; sort',
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    ...taskApi.mine,
    access: 'signedIn',
    tags,
    summary: "The caller's tasks (user centre)",
    handler: ({ query, member }) => service.mine(caller(member), query),
  });
  defineRoute(app, {
    ...taskApi.view,
    access: 'signedIn',
    tags,
    summary: 'One task: its assignee, or holders of task:list',
    handler: ({ query, member }) => service.viewFor(caller(member), query.id),
  });
  defineRoute(app, {
    ...taskApi.add,
    access: PERM.taskAdd,
    audit: { action: 'task.add', record: 'task' },
    tags,
    summary: 'Add a task to a project (assignee: a staff member of the project; KPI type: an enabled one)',
    handler: ({ body, member }) => service.add(caller(member), body),
  });
  defineRoute(app, {
    ...taskApi.update,
    access: PERM.taskUpdate,
    audit: { action: 'task.update', record: 'task' },
    tags,
    summary: 'Edit a task (not its status); a stale version is refused (409)',
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    ...taskApi.remove,
    access: PERM.taskRemove,
    audit: { action: 'task.remove', record: 'task' },
    tags,
    summary: 'Remove a task (soft; its contribution record stays)',
    handler: ({ body }) => service.remove(body.id),
  });
  defineRoute(app, {
    ...taskApi.changeStatus,
    access: 'signedIn',
    audit: { action: 'task.changeStatus', record: 'task' },
    tags,
    summary: 'Move a task along its status flow (code 7750 otherwise); done writes its contribution record',
    description: 'The assignee moves their own task; anyone else needs task:update.',
    handler: ({ body, member }) => service.changeStatus(caller(member), body),
  });
  defineRoute(app, {
    ...kpiTypeApi.list,
    access: PERM.kpiTypeList,
    tags,
    summary: 'KPI types, paged; search the names, filter enabled',
    handler: ({ query }) => service.kpiTypes(query),
  });
  defineRoute(app, {
    ...kpiTypeApi.options,
    access: 'signedIn',
    tags,
    summary: 'Enabled KPI types, for pickers',
    handler: () => service.kpiOptions(),
  });
  defineRoute(app, {
    ...kpiTypeApi.add,
    access: PERM.kpiTypeAdd,
    audit: { action: 'task.addKpiType', record: 'kpiType' },
    tags,
    summary: 'Add a KPI type (the English name is unique: code 7752)',
    handler: ({ body }) => service.addKpiType(body),
  });
  defineRoute(app, {
    ...kpiTypeApi.update,
    access: PERM.kpiTypeUpdate,
    audit: { action: 'task.updateKpiType', record: 'kpiType' },
    tags,
    summary: 'Edit a KPI type',
    handler: ({ body }) => service.updateKpiType(body),
  });
  defineRoute(app, {
    ...kpiTypeApi.remove,
    access: PERM.kpiTypeRemove,
    audit: { action: 'task.removeKpiType', record: 'kpiType' },
    tags,
    summary: 'Remove a KPI type no task or record uses (code 7751 otherwise)',
    handler: ({ body }) => service.removeKpiType(body.id),
  });
  defineRoute(app, {
    ...contributionApi.list,
    access: PERM.contributionList,
    tags,
    summary: 'Contribution records, newest first; filters member (staffId), project, period; with the points total',
    handler: ({ query }) => service.contributions(query),
  });
  defineRoute(app, {
    ...contributionApi.kpiSummary,
    access: PERM.contributionList,
    tags,
    summary: 'KPI summary of the past 30 days: points and weighted score per member',
    handler: ({ query }) => service.kpiSummary(query.projectId),
  });
}
