import { z } from 'zod';
import { isValidEmail } from '../helpers.js';
import { isValidMobile, normalizeAreaCode } from '../phone.js';
import { pageOf, zId, zOptText, zPaging, zText, zEpochMs } from '../wire.js';
import { PersonRefSchema } from './application.js';
import { zCaptchaKey } from './auth.js';

// Feedback (issue 18): questions, complaints and praise from students and parents, answered by staff in a
// thread of replies (no editing; follow-up replies allowed). Text arrives as plain text: HTML is stripped.

export const FEEDBACK_STATUSES = ['open', 'answered'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_CONTENT_MAX = 2000;
export const FEEDBACK_REPLY_MAX = 5000;

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

// ---------- requests ----------

const submitFields = {
  name: zText(60).describe("the sender's name"),
  email: z.string().trim().max(120).nullish().describe('e-mail (an e-mail or a mobile number is required)'),
  areaCode: z.string().trim().max(5).nullish().describe('country calling code of the mobile, e.g. 44, 86, 852'),
  mobile: z.string().trim().max(20).nullish().describe('mobile number, valid for its area code'),
  content: zText(FEEDBACK_CONTENT_MAX * 2).describe(
    `the message, plain text (HTML is stripped; at most ${FEEDBACK_CONTENT_MAX} characters are kept)`,
  ),
};

// Spec section 5: a valid e-mail; a phone number valid for its selected region.
function checkContact(
  f: { email?: string | null | undefined; areaCode?: string | null | undefined; mobile?: string | null | undefined },
  ctx: Ctx,
) {
  if (!f.email && !f.mobile) issue(ctx, 'email', 'v.contactRequired');
  if (f.email && !isValidEmail(f.email)) issue(ctx, 'email', 'v.email');
  if (f.mobile) {
    const area = normalizeAreaCode(f.areaCode);
    if (!area) issue(ctx, 'areaCode', 'v.phoneRegion');
    else if (!isValidMobile(area, f.mobile)) issue(ctx, 'mobile', 'v.mobile');
  }
}

export const FeedbackSubmitBody = z
  .object({
    ...submitFields,
    key: zCaptchaKey(),
    code: z.string().trim().min(1).max(10).describe('the characters shown in the captcha image (getCode?key=…)'),
  })
  .superRefine(checkContact);
export type FeedbackSubmitBody = z.output<typeof FeedbackSubmitBody>;

export const FeedbackMineBody = z.object({
  content: submitFields.content,
});
export type FeedbackMineBody = z.output<typeof FeedbackMineBody>;

const filterFields = {
  status: z.enum(FEEDBACK_STATUSES).nullish().describe('open (not answered yet) or answered'),
  keyword: zOptText(100).describe('part of the name, phone, e-mail or content'),
  from: zEpochMs().nullish().describe('sent at or after (epoch ms)'),
  to: zEpochMs().nullish().describe('sent before (epoch ms)'),
};
export const FeedbackListQuery = zPaging.extend(filterFields);
export type FeedbackListQuery = z.output<typeof FeedbackListQuery>;
export type FeedbackFilter = Pick<FeedbackListQuery, keyof typeof filterFields>;

export const FeedbackAnswerBody = z.object({
  id: zId().describe('feedback id'),
  content: zText(FEEDBACK_REPLY_MAX).describe('the reply, plain text (HTML is stripped); required'),
});
export type FeedbackAnswerBody = z.output<typeof FeedbackAnswerBody>;

// ---------- responses ----------

export const FeedbackItemSchema = z.object({
  id: z.number().int(),
  name: z.string().describe("the sender's name"),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  mobile: z.string().nullable(),
  excerpt: z.string().describe('the first characters of the content'),
  status: z.enum(FEEDBACK_STATUSES),
  member: PersonRefSchema.nullable().describe('the member it came from, when known'),
  replyCount: z.number().int(),
  createdAt: z.number().int().describe('message time (epoch ms)'),
  repliedAt: z.number().int().nullable().describe('time of the latest reply (epoch ms)'),
  repliedBy: PersonRefSchema.nullable().describe('the staff member who replied last'),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;
export const FeedbackPageSchema = pageOf(FeedbackItemSchema);

export const FeedbackReplySchema = z.object({
  id: z.number().int(),
  author: PersonRefSchema.nullable(),
  content: z.string(),
  createdAt: z.number().int(),
  emailed: z.union([z.literal(0), z.literal(1)]).describe('1: an e-mail to the sender was queued in the outbox'),
  messaged: z.union([z.literal(0), z.literal(1)]).describe("1: posted to the member's message box"),
});
export type FeedbackReply = z.infer<typeof FeedbackReplySchema>;

export const FeedbackDetailSchema = FeedbackItemSchema.extend({
  content: z.string(),
  reply: z.string().nullable().describe('the latest reply'),
  replies: z.array(FeedbackReplySchema).describe('the thread, oldest first'),
});
export type FeedbackDetail = z.infer<typeof FeedbackDetailSchema>;

export const FeedbackSubmittedSchema = z.object({ id: z.number().int() });
