import { z } from 'zod';
import { pageOf, zFlag, zId, zInt, zOptText, zPaging, zText, zEpochMs } from '../wire.js';
import { EMAIL_STATUSES } from './mail.js';

// Member notices (spec sections 2, 3 and 5; issue 17). Shown in the message box's notice tab of their recipient
// (or of every member) from their publish time until their expiry. Content is plain text, escaped on output.
//
// The spec names the recipient `memberId` (0 = all members). On the wire it is `recipientId`: `memberId` is the
// caller's common parameter on every request (spec section 7), checked against the session, so it cannot also
// carry another member's id.

export const NOTICE_STATES = ['scheduled', 'published', 'expired'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];
export const NOTICE_SORT_FIELDS = ['publishAt', 'expiresAt', 'createdAt', 'title'] as const;
export type NoticeSortField = (typeof NOTICE_SORT_FIELDS)[number];
// Recipient 0: every member, written once (not one row per member).
export const ALL_MEMBERS = 0;
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 5000;

const toNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v);
const zRecipient = () =>
  z
    .preprocess(toNumber, z.number().int().min(0).max(2147483647))
    .describe('recipient member id, 0 = all members (the spec calls it memberId; memberId on the wire is the caller)');

const NoticeFields = {
  title: zText(NOTICE_TITLE_MAX).describe('title'),
  content: zText(NOTICE_CONTENT_MAX).describe('plain text; line breaks kept, shown escaped'),
  recipientId: zRecipient(),
  publishAt: zEpochMs().nullish().describe('publish time, epoch ms; default now. Not shown before it'),
  expiresAt: zEpochMs().nullish().describe('expiry, epoch ms, after publishAt; empty = never. Not shown from it on'),
};

export const NoticeAddBody = z.object({
  ...NoticeFields,
  emailCopy: zFlag()
    .nullish()
    .describe('1: also e-mail it now to the recipients with a bound e-mail, through the outbox (7205, 5464)'),
});
export type NoticeAddInput = z.output<typeof NoticeAddBody>;
export const NoticeUpdateBody = z.object({
  id: zId(),
  version: zInt().describe('the version read with the notice; a stale one is refused with code 409'),
  ...NoticeFields,
});
export type NoticeUpdateInput = z.output<typeof NoticeUpdateBody>;

export const NoticeListQuery = zPaging.extend({
  keyword: zOptText(100).describe('part of the title, case-insensitive'),
  recipientId: z
    .preprocess(toNumber, z.number().int().min(0).max(2147483647))
    .nullish()
    .describe('only notices to this member id; 0 = only notices to all members'),
  state: z.enum(NOTICE_STATES).nullish().describe('scheduled (publish time ahead), published (showing), expired'),
  sortField: z.enum(NOTICE_SORT_FIELDS).nullish().describe('default publishAt'),
});
export type NoticeListInput = z.output<typeof NoticeListQuery>;

export const NoticeRecipientQuery = z.object({
  keyword: zOptText(100).describe('part of a name, e-mail or mobile number'),
});

export const NoticeRecipientSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('display name'),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type NoticeRecipient = z.infer<typeof NoticeRecipientSchema>;

export const NoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  recipientId: z.number().int().describe('0 = all members'),
  recipientName: z.string().nullable().describe('display name of the recipient; null for all members'),
  publishAt: z.number().int().describe('epoch ms'),
  expiresAt: z.number().int().nullable().describe('epoch ms; null = never'),
  state: z.enum(NOTICE_STATES).describe('at the time of the answer'),
  createdBy: z.string().nullable().describe('display name of the author'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  version: z.number().int().describe('optimistic version, sent back with an update'),
});
export type Notice = z.infer<typeof NoticeSchema>;

// What the notice's view says of its e-mail copy: how many recipients are in each delivery status. The recipients'
// addresses are every member's for a notice to all: they are read a page at a time (`NoticeCopyRecipientsQuery`)
// by a member who may add notices, as the recipient picker is.
export const NoticeEmailCopySchema = z.object({
  emailId: z.number().int(),
  summary: z.record(z.enum(EMAIL_STATUSES), z.number().int()).describe('recipients per delivery status'),
  recipientCount: z.number().int().describe('recipients of the copy (its outbox rows)'),
});
export type NoticeEmailCopy = z.infer<typeof NoticeEmailCopySchema>;

export const NoticeCopyRecipientsQuery = zPaging.extend({
  id: zId().describe('notice id'),
  status: z.enum(EMAIL_STATUSES).nullish().describe('only the recipients in this delivery status'),
});
export type NoticeCopyRecipientsInput = z.output<typeof NoticeCopyRecipientsQuery>;
export const NoticeCopyRecipientSchema = z.object({
  recipient: z.string().describe('e-mail address'),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable().describe("last error in the caller's language"),
  sentAt: z.number().int().nullable(),
});
export type NoticeCopyRecipient = z.infer<typeof NoticeCopyRecipientSchema>;
export const NoticeCopyRecipientPage = pageOf(NoticeCopyRecipientSchema);

export const NoticeViewSchema = NoticeSchema.extend({
  readCount: z.number().int().describe('members who have read it'),
  emailCopy: NoticeEmailCopySchema.nullable().describe(
    "its e-mail copy's delivery counts, as the outbox has them; null: none",
  ),
});
export type NoticeView = z.infer<typeof NoticeViewSchema>;

export const NoticePageSchema = pageOf(NoticeSchema);
