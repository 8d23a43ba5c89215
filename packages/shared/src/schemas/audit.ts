import { z } from 'zod';
import { isIsoDate, PersonRefSchema } from './application.js';
import { pageOf, zId, zPaging } from '../wire.js';

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

export const AuditListQuery = zPaging.extend({
  memberId: zId().nullish().describe('who acted'),
  module: zName(40).nullish().describe('the module, e.g. application'),
  action: zName(60).nullish().describe('the action within the module, e.g. update (with module)'),
  recordType: zName(60).nullish().describe('the record table, e.g. application'),
  recordId: zId().nullish().describe('the record id (with recordType)'),
  outcome: z.enum(AUDIT_OUTCOMES).nullish(),
  dateFrom: zDay().nullish().describe('from this day (inclusive, UTC)'),
  dateTo: zDay().nullish().describe('to this day (inclusive, UTC)'),
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
export const AuditPageSchema = pageOf(AuditEntrySchema);

export const AuditEntryViewSchema = AuditEntrySchema.extend({ changes: z.array(AuditChangeSchema) });
export type AuditEntryView = z.infer<typeof AuditEntryViewSchema>;

// The modules and actions routes declare (the filter's choices).
export const AuditActionsSchema = z.array(z.object({ module: z.string(), actions: z.array(z.string()) }));
export type AuditActions = z.infer<typeof AuditActionsSchema>;
