import { z } from 'zod';
import { isCursor, zId, zInt, zOptText, zText, PAGE_SIZE_MAX } from '../wire.js';
import { APPLICATION_CURSOR, APPLICATION_DICT, isIsoDate } from '../application-rules.js';

// The applications list as a board (issue 40): one column per status, each column paged on its own by keyset.

const zDate = () => z.string().trim().refine(isIsoDate, { message: 'v.date' }).nullish().describe('date YYYY-MM-DD');

// The list's filters (the table's, without status, sort and paging): the board and the table show the same rows.
const boardFilters = {
  keyword: zOptText(120).describe('name / English name prefix, or exact passport number or e-mail'),
  teacherId: zId().nullish().describe('signing or follow-up teacher'),
  dateFrom: zDate().describe('application date from (inclusive)'),
  dateTo: zDate().describe('application date to (inclusive)'),
};

export const BoardCountsQuery = z.object(boardFilters);
export type BoardCountsInput = z.output<typeof BoardCountsQuery>;

export const BoardColumnQuery = z.object({
  ...boardFilters,
  status: zText(32).describe(`the column: a dictionary ${APPLICATION_DICT.status} value`),
  pageSize: zInt().pipe(z.number().min(1).max(PAGE_SIZE_MAX)).nullish().describe('cards per page, default 20'),
  cursor: zOptText(40)
    .refine((v) => !v || isCursor(APPLICATION_CURSOR, v))
    .describe("the previous page's nextCursor: the page starts after that card (newest application date first)"),
});
export type BoardColumnInput = z.output<typeof BoardColumnQuery>;

export const BoardMoveSchema = z.object({
  id: zId().describe('application id'),
  version: zInt().describe('the version the card was read with; a stale one is refused with code 409'),
  status: zText(32).describe(`the column moved to: an enabled dictionary ${APPLICATION_DICT.status} value`),
});
export type BoardMoveInput = z.output<typeof BoardMoveSchema>;

// ---------- responses ----------

export const BoardCountsSchema = z
  .array(z.object({ status: z.string(), count: z.number().int() }))
  .describe('live applications per status (statuses without any are left out)');
export type BoardCounts = z.infer<typeof BoardCountsSchema>;

export const BoardCardSchema = z.object({
  id: z.number().int(),
  version: z.number().int().describe('pass back with move'),
  name: z.string(),
  engLastName: z.string().nullable(),
  engFirstName: z.string().nullable(),
  status: z.string(),
  applicationDate: z.string(),
  targetSchools: z
    .array(z.object({ school: z.string(), decision: z.string(), reply: z.string().nullable() }))
    .describe('in the form order'),
  nextDeadline: z
    .object({
      date: z.string().describe('YYYY-MM-DD'),
      kind: z.enum(['early', 'equal', 'final']).describe('UCAS deadline of a choice not sent yet'),
      school: z.string(),
    })
    .nullable()
    .describe('the nearest UCAS deadline from today of a choice not sent yet'),
  followDone: z.number().int(),
  followTotal: z.number().int(),
  completionRatio: z.number().int().describe('percent of follow-up items done'),
});
export type BoardCard = z.infer<typeof BoardCardSchema>;

export const BoardColumnSchema = z.object({
  list: z.array(BoardCardSchema),
  nextCursor: z.string().nullable().describe('pass as cursor for the next cards; null on the last page'),
});
export type BoardColumn = z.infer<typeof BoardColumnSchema>;

export const BoardMovedSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.string(),
});
export type BoardMoved = z.infer<typeof BoardMovedSchema>;
