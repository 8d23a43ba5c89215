import { z } from 'zod';
import { zId } from '../wire.js';

// Background jobs (issue 39, docs/export.md): a long export runs as a job; its owner polls its progress and, when
// done, downloads its file (also linked from a message in their message box) until it expires.

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JobIdQuery = z.object({ id: zId().describe('the job') });

export const BackgroundJobSchema = z.object({
  id: z.number().int(),
  kind: z.string().describe('what the job does, e.g. export'),
  status: z.enum(JOB_STATUSES),
  done: z.number().int().describe('units done (rows written)'),
  total: z.number().int().describe('units in all (0 while unknown)'),
  errorCode: z.number().int().nullable().describe('meta.code of the failure (status failed)'),
  fileName: z.string().nullable().describe('the result file’s name (status done)'),
  createdAt: z.number().int().describe('epoch ms'),
  finishedAt: z.number().int().nullable().describe('epoch ms'),
  expiresAt: z.number().int().nullable().describe('epoch ms: the file cannot be downloaded after it'),
});
export type BackgroundJob = z.infer<typeof BackgroundJobSchema>;

// The link a finished job's message carries; the web downloads it through the API client.
export const jobDownloadLink = (id: number) => `/api/v1/jobs/download?id=${id}`;
export const JOB_LINK_RE = /^\/api\/v1\/jobs\/download\?id=(\d+)$/;

// Export of a list screen (docs/export.md): the list's name and its current filters and sort, as JSON of the list
// call's own query fields.
export const ExportQuery = z.object({
  list: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-zA-Z][a-zA-Z.]*$/, { message: 'v.format' })
    .describe('the list, e.g. auditLog'),
  filters: z.string().max(4000).nullish().describe("JSON of the list call's query fields (filters and sort)"),
  locale: z.enum(['zh-TW', 'zh-CN', 'en-US']).nullish().describe('language of the headings and labels'),
});
export type ExportQuery = z.output<typeof ExportQuery>;

export const ExportStartSchema = z.object({
  jobId: z
    .number()
    .int()
    .nullable()
    .describe('the background job (more rows than a direct download); null: fetch the file now'),
  total: z.number().int().describe('rows the export holds'),
});
export type ExportStart = z.infer<typeof ExportStartSchema>;
