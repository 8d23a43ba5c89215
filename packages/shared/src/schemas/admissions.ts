import { z } from 'zod';
import { isIsoDate, TIME_RE } from '../application-rules.js';
import { pageOf, zInt, zOptText, zPaging } from '../wire.js';
import { zStatus } from './common-status.js';
import { updateBodyOf } from './entry.js';

// Admissions cycles (issue 40): one UCAS cycle per entry year, its deadlines as dates at one UK time of day.
const zDeadline = (what: string) =>
  z.string().trim().refine(isIsoDate, { message: 'v.date' }).describe(`${what}, YYYY-MM-DD`);

const CycleBase = z.object({
  entryYear: zInt()
    .pipe(z.number().int().min(2000).max(2100))
    .describe('the year courses start, e.g. 2027 for the cycle whose equal-consideration deadline is in January 2027'),
  earlyDeadline: zDeadline('Oxford, Cambridge, medicine, dentistry, veterinary (usually 15 October)'),
  equalDeadline: zDeadline('equal consideration (January)'),
  finalDeadline: zDeadline('last date for choices (30 June); later applications go to Clearing'),
  deadlineTime: z
    .string()
    .trim()
    .regex(TIME_RE, 'v.time')
    .nullish()
    .describe('UK time of day of every deadline, HH:MM; default 18:00'),
  remarks: zOptText(500),
  status: zStatus().nullish().describe('default enabled; a disabled cycle is not offered for new choices'),
});
function inOrder(v: { earlyDeadline: string; equalDeadline: string; finalDeadline: string }, ctx: z.RefinementCtx) {
  if (v.earlyDeadline >= v.equalDeadline)
    ctx.addIssue({ code: 'custom', path: ['equalDeadline'], message: 'v.deadlineOrder' });
  else if (v.equalDeadline >= v.finalDeadline)
    ctx.addIssue({ code: 'custom', path: ['finalDeadline'], message: 'v.deadlineOrder' });
}
export const CycleAddBody = CycleBase.superRefine(inOrder);
export type CycleAddBody = z.infer<typeof CycleAddBody>;
export const CycleUpdateBody = updateBodyOf(CycleBase).superRefine(inOrder);
export type CycleUpdateBody = z.infer<typeof CycleUpdateBody>;

export const CycleSchema = z.object({
  id: z.number().int(),
  entryYear: z.number().int(),
  earlyDeadline: z.string(),
  equalDeadline: z.string(),
  finalDeadline: z.string(),
  deadlineTime: z.string(),
  remarks: z.string().nullable(),
  status: zStatus(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Cycle = z.infer<typeof CycleSchema>;

export const CycleListQuery = zPaging.extend({
  keyword: zOptText(60).describe('an entry year, or a substring of the remarks'),
  status: zStatus().nullish(),
});
export type CycleListQuery = z.infer<typeof CycleListQuery>;
export const CyclePage = pageOf(CycleSchema);

export const CycleOptionSchema = CycleSchema.pick({
  id: true,
  entryYear: true,
  earlyDeadline: true,
  equalDeadline: true,
  finalDeadline: true,
  deadlineTime: true,
  status: true,
});
export type CycleOption = z.infer<typeof CycleOptionSchema>;
