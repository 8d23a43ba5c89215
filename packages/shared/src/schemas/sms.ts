import { z } from 'zod';
import { pageOf, zId, zOptText, zPaging, zText, zEpochMs } from '../wire.js';

import { DELIVERY_STATUSES, DeliverySummarySchema } from './mail.js';

// SMS in bulk from an .xlsx recipient list (issue 17; spec sections 2, 3, 5 and 8).

// Caps on one recipient file, stated in the messages that refuse a file over them.
export const SMS_FILE_ROWS_MAX = 50_000;
export const SMS_FILE_MAX_MB = 10;
export const SMS_CONTENT_MAX = 1000;
// Alphanumeric sender ids are at most 11 characters; a number sender at most 16 digits with its '+'.
export const SMS_SENDER_MAX = 16;
// Scheduled sending at most this far ahead.
export const SMS_SCHEDULE_MAX_DAYS = 365;

// The recipient template's columns, in order: the number, its region (ISO code such as TW, or a calling code such
// as +886; not needed for a number written with +), and per-recipient variables as `name=Amy; course=IELTS`.
export const SMS_COLUMNS = ['mobile', 'region', 'variables'] as const;
export type SmsColumn = (typeof SMS_COLUMNS)[number];

export const SMS_BATCH_STATUSES = ['draft', 'queued'] as const;
export type SmsBatchStatus = (typeof SMS_BATCH_STATUSES)[number];

// The answer of an upload: a draft batch holding the accepted recipients; the rejected rows can be downloaded.
export const SmsUploadResult = z.object({
  id: z.number().int().describe('the draft batch the file was read into; pass it to batchPush'),
  fileName: z.string(),
  rows: z.number().int().describe('data rows read (the header excluded)'),
  accepted: z.number().int().describe('distinct valid numbers'),
  rejected: z.number().int().describe('rows refused (invalid number, region, variables, or a duplicate)'),
  duplicates: z.number().int().describe('of the rejected rows, numbers already on an earlier row'),
});
export type SmsUploadResult = z.infer<typeof SmsUploadResult>;

export const SmsBatchPushBody = z.object({
  id: zId().describe('the draft batch an upload answered'),
  terminal: zText(64).describe('sending terminal: a value of the sms_terminal dictionary'),
  sender: zOptText(SMS_SENDER_MAX).describe('sender id or number shown to recipients; default the gateway default'),
  content: zText(SMS_CONTENT_MAX).describe('text; {{name}} is replaced by the recipient variable name'),
  sendAt: zEpochMs().nullish().describe('scheduled time (epoch ms); empty: now. Not before now, at most a year ahead'),
});
export type SmsBatchPushBody = z.infer<typeof SmsBatchPushBody>;
export const SmsBatchPushResult = z.object({
  id: z.number().int(),
  queued: z.number().int().describe('outbox rows queued, one per recipient'),
  sendAt: z.number().int(),
});

export const SmsListQuery = zPaging.extend({
  keyword: zOptText(100).describe('content, sender or file name'),
  terminal: zOptText(64),
});
export type SmsListQuery = z.infer<typeof SmsListQuery>;

export const SmsBatchSchema = z.object({
  id: z.number().int(),
  status: z.enum(SMS_BATCH_STATUSES).describe('draft: read, not sent; queued: handed to the outbox'),
  terminal: z.string().nullable(),
  sender: z.string().nullable(),
  content: z.string().nullable(),
  fileName: z.string().nullable(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  sendAt: z.number().int().nullable().describe('when the batch is (or was) due'),
  createdAt: z.number().int(),
  createdBy: z.string().nullable().describe('display name of who sent it'),
  counts: DeliverySummarySchema.describe('recipients per delivery status'),
});
export type SmsBatch = z.infer<typeof SmsBatchSchema>;
export const SmsBatchPage = pageOf(SmsBatchSchema);

export const SmsRecipientsQuery = zPaging.extend({
  id: zId().describe('batch id'),
  status: z.enum(DELIVERY_STATUSES).nullish(),
});
export type SmsRecipientsQuery = z.infer<typeof SmsRecipientsQuery>;
export const SmsRecipientSchema = z.object({
  recipient: z.string().describe('E.164 number'),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable().describe("last error in the caller's language"),
  detail: z.string().nullable().describe("the gateway's answer, as given"),
  sentAt: z.number().int().nullable(),
});
export const SmsRecipientPage = pageOf(SmsRecipientSchema);

export const SmsGatewaySchema = z.object({
  isConfigured: z.boolean().describe('false: messages are recorded as not delivered (no SMS gateway configured)'),
  provider: z.enum(['http', 'none']),
});
export const SmsTemplateOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string().describe('the template content as plain text'),
});
export const SmsTemplateQuery = z.object({});
export const SmsRejectedQuery = z.object({ id: zId().describe('batch id') });
