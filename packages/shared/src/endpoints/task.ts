import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  ContributionListQuery,
  ContributionPage,
  KpiSummaryQuery,
  KpiSummarySchema,
  KpiTypeAddBody,
  KpiTypeListQuery,
  KpiTypeOptionSchema,
  KpiTypePage,
  KpiTypeSchema,
  KpiTypeUpdateBody,
  MyTasksQuery,
  TaskAddBody,
  TaskListQuery,
  TaskPage,
  TaskSchema,
  TaskStatusBody,
  TaskUpdateBody,
} from '../schemas/task.js';
import { IdParam } from '../wire.js';

// Tasks, KPI types and contribution records (issue 21).
export const taskApi = {
  list: getCall('/api/v1/cake/tasks/list', TaskListQuery, TaskPage),
  mine: getCall('/api/v1/cake/tasks/mine', MyTasksQuery, TaskPage),
  view: getCall('/api/v1/cake/tasks/view', IdParam, TaskSchema),
  add: postCall('/api/v1/cake/tasks/add', TaskAddBody, TaskSchema),
  update: postCall('/api/v1/cake/tasks/update', TaskUpdateBody, TaskSchema),
  remove: postCall('/api/v1/cake/tasks/remove', IdParam, z.null()),
  changeStatus: postCall('/api/v1/cake/tasks/changeStatus', TaskStatusBody, TaskSchema),
};

export const kpiTypeApi = {
  list: getCall('/api/v1/cake/kpiTypes/list', KpiTypeListQuery, KpiTypePage),
  options: getCall('/api/v1/cake/kpiTypes/options', undefined, z.array(KpiTypeOptionSchema)),
  add: postCall('/api/v1/cake/kpiTypes/add', KpiTypeAddBody, KpiTypeSchema),
  update: postCall('/api/v1/cake/kpiTypes/update', KpiTypeUpdateBody, KpiTypeSchema),
  remove: postCall('/api/v1/cake/kpiTypes/remove', IdParam, z.null()),
};

export const contributionApi = {
  list: getCall('/api/v1/cake/contributions/list', ContributionListQuery, ContributionPage),
  kpiSummary: getCall('/api/v1/cake/contributions/kpiSummary', KpiSummaryQuery, KpiSummarySchema),
};
