import { z } from 'zod';
import { isIsoDate } from '../application-rules.js';
import { VISA_STAGE_KINDS, VISA_STEP_STATUSES } from '../visa-rules.js';
import { pageOf, zId, zInt, zOptText, zPaging } from '../wire.js';
import { zStatus } from './common-status.js';
import { updateBodyOf } from './entry.js';

export * from '../visa-rules.js';

// The Student visa checklist (issue 40): stages administrators keep, and each application's steps through them.
const zOptDate = (what: string) =>
  z.string().trim().refine(isIsoDate, { message: 'v.date' }).nullish().describe(`${what}, YYYY-MM-DD`);

// ---------- stages (System setup → Admissions) ----------

const StageBase = z.object({
  name: zOptText(100).describe('the stage as staff see it; empty: the built-in name of its kind'),
  sort: zInt().pipe(z.number().int().min(0).max(9999)).describe('place in the checklist, smallest first'),
  fileType: zOptText(32).describe('file_type dictionary value of the document the step expects (empty: none)'),
  status: zStatus().nullish().describe('default enabled; a disabled stage is left out of every checklist'),
});
export const VisaStageAddBody = StageBase;
export type VisaStageAddBody = z.infer<typeof VisaStageAddBody>;
export const VisaStageUpdateBody = updateBodyOf(StageBase);
export type VisaStageUpdateBody = z.infer<typeof VisaStageUpdateBody>;

export const VisaStageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(VISA_STAGE_KINDS).nullable().describe('the built-in stage it is (its rules); null for a stage added'),
  name: z.string().nullable(),
  sort: z.number().int(),
  fileType: z.string().nullable(),
  status: zStatus(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type VisaStage = z.infer<typeof VisaStageSchema>;
export const VisaStageListQuery = zPaging.extend({
  keyword: zOptText(60).describe('part of the name'),
  status: zStatus().nullish(),
});
export type VisaStageListQuery = z.infer<typeof VisaStageListQuery>;
export const VisaStagePage = pageOf(VisaStageSchema);

// ---------- an application's checklist ----------

export const VisaStepSaveBody = z.object({
  applicationId: zId(),
  stageId: zId(),
  status: z.enum(VISA_STEP_STATUSES).describe('pending, inProgress, done, notRequired'),
  date: zOptDate('when the step happened (CAS issued: its issue date; visa applied: the application date)'),
  ownerId: zId().nullish().describe('the staff member who owns the step'),
  casNumber: z
    .string()
    .trim()
    .max(40)
    .transform((v) => v.toUpperCase())
    .nullish()
    .describe('CAS issued: the 14-character CAS number'),
  fundsFrom: zOptDate('financial evidence: first day the funds were held'),
  fundsTo: zOptDate('financial evidence: last day of the 28-day period (the statement date)'),
  remarks: zOptText(500),
  version: zInt().pipe(z.number().int().min(0)).describe('the step version read; 0 when the step has never been saved'),
});
export type VisaStepSaveBody = z.infer<typeof VisaStepSaveBody>;

const StepFileSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string(),
  extension: z.string(),
  displayPath: z.string(),
});
export const VisaStepSchema = z.object({
  stageId: z.number().int(),
  kind: z.enum(VISA_STAGE_KINDS).nullable(),
  name: z.string().nullable(),
  fileType: z.string().nullable(),
  stepId: z.number().int().nullable().describe('null until the step is first saved'),
  status: z.enum(VISA_STEP_STATUSES),
  date: z.string().nullable(),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  casNumber: z.string().nullable(),
  fundsFrom: z.string().nullable(),
  fundsTo: z.string().nullable(),
  dueDate: z
    .string()
    .nullable()
    .describe('CAS issued: last day the CAS can be used; financial evidence: last day to apply for the visa'),
  remarks: z.string().nullable(),
  version: z.number().int(),
  files: z.array(StepFileSchema),
});
export type VisaStep = z.infer<typeof VisaStepSchema>;
export const LanguageCheckSchema = z.object({
  scoreId: z.number().int(),
  testType: z.string(),
  testDate: z.string().nullable(),
  validUntil: z.string().nullable(),
  flags: z.array(z.enum(['expiresBeforeCourse', 'notUkvi', 'belowLevel'])),
});
export const VisaChecklistSchema = z.object({
  applicationId: z.number().int(),
  courseStart: z.string().nullable().describe('1 September of the entry year of the earliest cycle'),
  levelNeeded: z.enum(['A2', 'B1', 'B2', 'C1']),
  done: z.number().int(),
  total: z.number().int(),
  steps: z.array(VisaStepSchema),
  language: z.array(LanguageCheckSchema),
});
export type VisaChecklist = z.infer<typeof VisaChecklistSchema>;

// ---------- this week ----------

export const DUE_KINDS = ['passport', 'ucas', 'language', 'languageFlag', 'casExpiry', 'fundsWindow', 'step'] as const;
export type DueKind = (typeof DUE_KINDS)[number];
export const DueSoonQuery = zPaging;
export const DueSoonSchema = z.object({
  applicationId: z.number().int(),
  name: z.string(),
  kind: z.enum(DUE_KINDS),
  detail: z.string().nullable().describe('the stage, the test, the cycle the date belongs to'),
  dueDate: z.string(),
  daysLeft: z.number().int(),
});
export type DueSoon = z.infer<typeof DueSoonSchema>;
export const DueSoonPage = pageOf(DueSoonSchema);
