import { z } from 'zod';
import { isIsoDate } from '../application-rules.js';
import { pageOf, zId, zOptText, zPaging } from '../wire.js';
import { PersonRefSchema } from './application.js';
import { BackgroundJobSchema } from './jobs.js';

// UK GDPR requests (issue 41): a person's request to see (access) or erase (erasure) their data, answered within
// one month of receipt; the subject access export is an archive built as a background job (jobs module, kind
// privacyExport, decision 199): its progress and download are the jobs module's calls.
export const DATA_REQUEST_KINDS = ['access', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_STATUSES = ['open', 'done'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
export const DATA_REQUEST_SORT_FIELDS = ['dueDate', 'receivedDate', 'createdAt'] as const;

const zDay = (what: string) =>
  z.string().trim().refine(isIsoDate, { message: 'v.date' }).describe(`${what}, YYYY-MM-DD`);

export const DataRequestListQuery = zPaging.extend({
  keyword: zOptText(100).describe("part of the person's name, e-mail or mobile (the first 200 members found)"),
  subjectId: zId().nullish().describe('only the requests about this member'),
  kind: z.enum(DATA_REQUEST_KINDS).nullish(),
  status: z.enum(DATA_REQUEST_STATUSES).nullish(),
  sortField: z.enum(DATA_REQUEST_SORT_FIELDS).nullish().describe('default dueDate (ascending)'),
});
export type DataRequestListQuery = z.infer<typeof DataRequestListQuery>;

export const DataRequestAddBody = z.object({
  subjectId: zId().describe('the member whose data the request is about'),
  kind: z.enum(DATA_REQUEST_KINDS),
  receivedDate: zDay('the day the request was received (UK); default today').nullish(),
  assigneeId: zId().nullish().describe('the staff member who answers it; default the caller'),
  note: zOptText(500),
});
export type DataRequestAddBody = z.infer<typeof DataRequestAddBody>;

export const DataRequestSchema = z.object({
  id: z.number().int(),
  subject: PersonRefSchema,
  kind: z.enum(DATA_REQUEST_KINDS),
  receivedDate: z.string(),
  dueDate: z.string().describe('one calendar month after receipt (UK GDPR art. 12(3))'),
  status: z.enum(DATA_REQUEST_STATUSES),
  assignee: PersonRefSchema.nullable(),
  note: z.string().nullable(),
  completedAt: z.number().int().nullable(),
  lastExport: BackgroundJobSchema.nullable().describe(
    "the newest export of the person's data for this request: its background job (/api/v1/jobs/download)",
  ),
  createdAt: z.number().int(),
});
export type DataRequest = z.infer<typeof DataRequestSchema>;
export const DataRequestPage = pageOf(DataRequestSchema);

export const DataExportBody = z.object({
  subjectId: zId().describe('the member whose data is exported'),
  requestId: zId().nullish().describe('the data request it answers, if any'),
});
export type DataExportBody = z.infer<typeof DataExportBody>;
