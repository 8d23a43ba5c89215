import { z } from 'zod';
import { pageOf, zFlag, zId, zInt, zOptText, zPaging, zText } from '../wire.js';
import { isIsoDate, PersonRefSchema } from './application.js';
import { zRowVersion } from './entry.js';

// Tasks, KPI types and contribution records (issue 21, docs/tasks.md). A task belongs to a project; when it is done
// a contribution record (who, what, points, the day) is written, and the KPI summary adds those up over the past
// 30 days (spec section 9).

export const TASK_STATUSES = ['todo', 'doing', 'review', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
// The status changes a task may make (reopening a done task removes its contribution record).
export const TASK_FLOW: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  todo: ['doing', 'cancelled'],
  doing: ['todo', 'review', 'done', 'cancelled'],
  review: ['doing', 'done', 'cancelled'],
  done: ['doing'],
  cancelled: ['todo'],
};
export const TASK_SORT_FIELDS = ['createdAt', 'dueDate', 'title'] as const;
export const KPI_SUMMARY_DAYS = 30;

const zDay = () => z.string().trim().refine(isIsoDate, { message: 'v.date' }).nullish().describe('YYYY-MM-DD');

// ---------- KPI types ----------
const KpiTypeFields = {
  nameTw: zText(60).describe('name in Traditional Chinese'),
  nameCn: zText(60).describe('name in Simplified Chinese'),
  nameEn: zText(60).describe('name in English (unique)'),
  unit: zText(20).describe('unit of the points, e.g. "applications"'),
  weight: zInt()
    .pipe(z.number().min(0).max(1000))
    .nullish()
    .describe('weight in percent in the KPI score, default 100'),
  enabled: zFlag().nullish().describe('1 enabled (default), 0 disabled'),
  sort: zInt().pipe(z.number().min(-100000).max(100000)).nullish().describe('smaller first, default 0'),
};
export const KpiTypeAddBody = z.object(KpiTypeFields);
export type KpiTypeAddInput = z.output<typeof KpiTypeAddBody>;
export const KpiTypeUpdateBody = z.object({ id: zId(), version: zRowVersion(), ...KpiTypeFields });
export type KpiTypeUpdateInput = z.output<typeof KpiTypeUpdateBody>;
export const KpiTypeListQuery = zPaging.extend({
  keyword: zOptText(60).describe('part of any of the three names'),
  enabled: zFlag().nullish(),
});
export type KpiTypeListInput = z.output<typeof KpiTypeListQuery>;
export const KpiTypeSchema = z.object({
  id: z.number().int(),
  nameTw: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  unit: z.string(),
  weight: z.number().int(),
  enabled: z.number().int(),
  sort: z.number().int(),
  version: z.number().int(),
  taskCount: z.number().int().describe('live tasks of this type'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type KpiType = z.infer<typeof KpiTypeSchema>;
export const KpiTypePage = pageOf(KpiTypeSchema);
export const KpiTypeOptionSchema = KpiTypeSchema.pick({
  id: true,
  nameTw: true,
  nameCn: true,
  nameEn: true,
  unit: true,
});
export type KpiTypeOption = z.infer<typeof KpiTypeOptionSchema>;

// ---------- tasks ----------
const TaskFields = {
  projectId: zId(),
  title: zText(200),
  description: zOptText(5000),
  assigneeId: zId().nullish().describe('a staff member of the project'),
  dueDate: zDay(),
  kpiTypeId: zId().nullish().describe('an enabled KPI type'),
  points: zInt().pipe(z.number().min(0).max(100000)).nullish().describe('points the task is worth, default 0'),
};
export const TaskAddBody = z.object(TaskFields);
export type TaskAddInput = z.output<typeof TaskAddBody>;
export const TaskUpdateBody = z.object({ id: zId(), version: zRowVersion(), ...TaskFields });
export type TaskUpdateInput = z.output<typeof TaskUpdateBody>;
export const TaskStatusBody = z.object({
  id: zId(),
  status: z.enum(TASK_STATUSES),
  version: zRowVersion(),
});
export type TaskStatusInput = z.output<typeof TaskStatusBody>;
export const TaskListQuery = zPaging.extend({
  keyword: zOptText(100).describe('part of the title'),
  projectId: zId().nullish(),
  assigneeId: zId().nullish().describe('tasks of this staff member'),
  status: z.enum(TASK_STATUSES).nullish(),
  dueFrom: zDay(),
  dueTo: zDay(),
  sortField: z.enum(TASK_SORT_FIELDS).nullish().describe('default createdAt'),
});
export type TaskListInput = z.output<typeof TaskListQuery>;
export const MyTasksQuery = zPaging.extend({
  keyword: zOptText(100),
  status: z.enum(TASK_STATUSES).nullish(),
  sortField: z.enum(TASK_SORT_FIELDS).nullish(),
});
export type MyTasksInput = z.output<typeof MyTasksQuery>;
export const TaskSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  assignee: PersonRefSchema.nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  kpiType: KpiTypeOptionSchema.nullable(),
  points: z.number().int(),
  doneAt: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Task = z.infer<typeof TaskSchema>;
export const TaskPage = pageOf(TaskSchema);

// ---------- contributions and the KPI summary ----------
export const ContributionListQuery = zPaging.extend({
  staffId: zId().nullish().describe('records of this staff member'),
  projectId: zId().nullish(),
  dateFrom: zDay(),
  dateTo: zDay(),
});
export type ContributionListInput = z.output<typeof ContributionListQuery>;
export const ContributionSchema = z.object({
  id: z.number().int(),
  member: PersonRefSchema,
  projectId: z.number().int(),
  projectName: z.string(),
  taskId: z.number().int().nullable(),
  kpiType: KpiTypeOptionSchema.nullable(),
  title: z.string(),
  points: z.number().int(),
  contributedOn: z.string(),
  createdAt: z.number().int(),
});
export type Contribution = z.infer<typeof ContributionSchema>;
export const ContributionPage = pageOf(ContributionSchema).extend({
  totalPoints: z.number().int().describe('points of every record the filters select'),
});
export const KpiSummaryQuery = z.object({ projectId: zId().nullish() });
export const KpiSummarySchema = z.object({
  from: z.string().describe('first day, YYYY-MM-DD (UTC): 30 days ending today'),
  to: z.string(),
  rows: z.array(
    z.object({
      staff: PersonRefSchema,
      points: z.number().int(),
      score: z.number().describe('points weighted by their KPI type (weight percent), two decimals'),
      records: z.number().int(),
    }),
  ),
});
export type KpiSummary = z.infer<typeof KpiSummarySchema>;
