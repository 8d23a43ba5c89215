import { z } from 'zod';
import { isIsoDate, PersonRefSchema } from './application.js';
import { isCursor, pageOf, zEpochMs, zId, zInt, zPaging } from '../wire.js';

// The audit log (issue 39, docs/audit.md): one entry per writing call, sign-in event and permission refusal.

export const AUDIT_OUTCOMES = ['ok', 'refused', 'error'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

const zDay = () => z.string().trim().refine(isIsoDate, { message: 'v.date' });
const zName = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[A-Za-z][A-Za-z.]*$/, { message: 'v.format' });

// The keyset of an entry in the list's order: `<created_at epoch ms>~<id>`; the next page starts after it.
export const AUDIT_CURSOR = /^\d{1,16}~[1-9]\d{0,9}$/;

export const AuditListQuery = zPaging.extend({
  actorId: zId().nullish().describe('who acted (the filter; memberId is always the caller)'),
  module: zName(40).nullish().describe('the module, e.g. application'),
  action: zName(60).nullish().describe('the action within the module, e.g. update (with module)'),
  recordType: zName(60).nullish().describe('the record table, e.g. application'),
  recordId: zId().nullish().describe('the record id (with recordType)'),
  outcome: z.enum(AUDIT_OUTCOMES).nullish(),
  // The screen's range: the caller's own days as instants (decision 346); the UTC days stay for other callers.
  from: zEpochMs().nullish().describe('at or after (epoch ms); over dateFrom'),
  to: zEpochMs().nullish().describe('before (epoch ms); over dateTo'),
  dateFrom: zDay().nullish().describe('from this day (inclusive, UTC)'),
  dateTo: zDay().nullish().describe('to this day (inclusive, UTC)'),
  cursor: z
    .string()
    .trim()
    .refine((v) => isCursor(AUDIT_CURSOR, v), { message: 'v.format' })
    .nullish()
    .describe("the previous page's nextCursor: reads page pageNum by seek instead of offset (same filters and order)"),
});
export type AuditListInput = z.output<typeof AuditListQuery>;

export const AuditChangeSchema = z.object({
  id: z.number().int().describe('the record'),
  field: z.string(),
  before: z.string().nullable().optional(),
  after: z.string().nullable().optional(),
  secret: z.boolean().optional().describe('a secret that changed: its values are never stored'),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int().describe('epoch ms'),
  member: PersonRefSchema.nullable().describe('who acted (for a sign-in: the account signed in to)'),
  roleId: z.number().int().nullable().describe('the active role, null for all of the member’s roles'),
  module: z.string(),
  action: z.string(),
  route: z.string().nullable(),
  recordType: z.string().nullable(),
  recordIds: z.array(z.number().int()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  code: z.number().int().describe('meta.code of the answer'),
  durationMs: z.number().int(),
  requestId: z.string().nullable(),
  changedFields: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = pageOf(AuditEntrySchema).extend({
  totalCapped: z
    .boolean()
    .describe('the count stopped at its cap (AUDIT_COUNT_CAP): more than total - 1 entries match, total is a floor'),
  nextCursor: z
    .string()
    .nullable()
    .describe('pass as cursor with pageNum + 1 to read the next page by seek; null: last'),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

// The people and admissions cycles a change's values name by id (decision 250); which fields hold them, and the
// audited record types: audit-records.ts.
export const AUDIT_REF_KINDS = ['member', 'cycle'] as const;
export type AuditRefKind = (typeof AUDIT_REF_KINDS)[number];

export const AuditRefSchema = z.object({
  kind: z.enum(AUDIT_REF_KINDS),
  id: z.number().int(),
  name: z.string().nullable().describe('member: the name shown; cycle: its entry year; null: no such record any more'),
  removed: z.boolean().describe('a member removed since (shown with "(removed)")'),
});
export type AuditRef = z.infer<typeof AuditRefSchema>;

export const AuditEntryViewSchema = AuditEntrySchema.extend({
  changes: z.array(AuditChangeSchema),
  refs: z.array(AuditRefSchema).describe('the people and cycles the changes name by id'),
});
export type AuditEntryView = z.infer<typeof AuditEntryViewSchema>;

// The modules and actions routes declare (the filter's choices).
export const AuditActionsSchema = z.array(z.object({ module: z.string(), actions: z.array(z.string()) }));
export type AuditActions = z.infer<typeof AuditActionsSchema>;

// A record's own history (the timeline, decision 180): its changes from the audit log and, for an application, its
// follow-ups, the e-mails and SMS sent to its student, its files and its payments, newest first.
export const TIMELINE_RECORD_TYPES = ['application', 'paymentRecord', 'member', 'role', 'messageTemplate'] as const;
export type TimelineRecordType = (typeof TIMELINE_RECORD_TYPES)[number];
export const TIMELINE_KINDS = ['change', 'followUp', 'email', 'sms', 'file', 'payment'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_PAGE_MAX = 50;

// The keyset of an event: `<epoch ms>.<kind's place>.<id>`; the next page starts after it.
export const TIMELINE_CURSOR = /^\d{1,16}\.\d\.\d{1,10}$/;

export const TimelineQuery = z.object({
  recordType: z.enum(TIMELINE_RECORD_TYPES).describe('the record table, e.g. application'),
  recordId: zId().describe('the record id'),
  cursor: z
    .string()
    .trim()
    .refine((v) => isCursor(TIMELINE_CURSOR, v), { message: 'v.format' })
    .nullish()
    .describe('the `next` of the previous page; none: the newest events'),
  pageSize: zInt().pipe(z.number().min(1).max(TIMELINE_PAGE_MAX)).nullish().describe('events per page, default 20'),
});
export type TimelineInput = z.output<typeof TimelineQuery>;

export const TimelineEventSchema = z.object({
  key: z.string().describe('the event’s keyset (unique in the timeline)'),
  kind: z.enum(TIMELINE_KINDS),
  at: z.number().int().describe('epoch ms'),
  refId: z.number().int().describe('the id of the audit entry, follow-up, outbox row, file or payment'),
  actor: PersonRefSchema.nullable().describe('who did it, when known'),
  title: z.string().describe('change: module.action; follow-up: its service; e-mail: subject; file: title; …'),
  detail: z.string().nullable().describe('a second line: the delivery status, the amount, the follow-up status'),
  outcome: z.enum(AUDIT_OUTCOMES).nullable().describe('change: the call’s outcome'),
  changes: z.array(AuditChangeSchema).describe('change: its field diff (empty for other kinds)'),
  amount: z
    .object({ minor: z.number().int(), currency: z.string() })
    .nullable()
    .describe('payment: the amount in minor units (a refund negative) and its ISO 4217 currency'),
});
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;
export const TimelinePageSchema = z.object({
  events: z.array(TimelineEventSchema),
  next: z.string().nullable().describe('the cursor of the next (older) page; null: no more'),
  refs: z.array(AuditRefSchema).describe('the people and cycles the changes of the page name by id'),
});
export type TimelinePage = z.infer<typeof TimelinePageSchema>;
