import { z } from 'zod';

// Erasure of a person's personal data (issue 41, docs/data-protection.md): a dry run lists what each module will
// erase, anonymise or keep and why; the erasure does it in one transaction.

export const ERASURE_ACTIONS = ['erase', 'anonymise', 'keep'] as const;
export type ErasureAction = (typeof ERASURE_ACTIONS)[number];

export const ErasureItemSchema = z.object({
  module: z.string().describe('the module that owns the rows, e.g. payment'),
  what: z.string().describe('the kind of rows, e.g. paymentRecord'),
  action: z.enum(ERASURE_ACTIONS),
  count: z.number().int().describe('rows (or stored files) concerned'),
  why: z.string().describe('reason key: personal, legalGround, blanked, pseudonym, factOnly'),
});
export type ErasureItem = z.infer<typeof ErasureItemSchema>;

export const ErasureRefusalSchema = z.object({
  reason: z.enum(['openApplication', 'unconfirmedPayment']),
  ids: z.array(z.number().int()).describe('the records that stand in the way'),
});

export const ErasurePlanSchema = z.object({
  memberId: z.number().int(),
  pseudonym: z.string().describe('the name that replaces the person on kept records'),
  erased: z.boolean().describe('already erased'),
  refusals: z.array(ErasureRefusalSchema).describe('empty when the erasure may go ahead'),
  items: z.array(ErasureItemSchema),
  paymentKeepYears: z.number().int().describe('the accounting period payment records are kept for'),
});
export type ErasurePlan = z.infer<typeof ErasurePlanSchema>;

export const ErasureResultSchema = z.object({
  memberId: z.number().int(),
  pseudonym: z.string(),
  items: z.array(ErasureItemSchema),
  filesRemoved: z.number().int(),
});
export type ErasureResult = z.infer<typeof ErasureResultSchema>;
