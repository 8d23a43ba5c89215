import { z } from 'zod';
import { pageOf, zOptText, zPaging } from '../wire.js';
import { entryFields, entryListQuery, entrySchema, updateBodyOf } from './entry.js';

export * from '../dict-types.js';

export const DICT_TYPE_MAX = 64;
const zDictType = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(DICT_TYPE_MAX)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'v.format')
    .describe('dictionary type key: letters, digits, _ . : -');

// The entry's two names, described alike in the bodies and the response.
const NAMES = { label: 'Chinese name', label2: 'English name' };
export const DictEntryFields = entryFields(zDictType(), { value: 'data value stored by other records', ...NAMES });
export const DictAddBody = DictEntryFields;
export type DictAddBody = z.infer<typeof DictAddBody>;
export const DictUpdateBody = updateBodyOf(DictEntryFields);
export type DictUpdateBody = z.infer<typeof DictUpdateBody>;

export const DictEntrySchema = entrySchema(NAMES);
export type DictEntry = z.infer<typeof DictEntrySchema>;

export const DictListQuery = entryListQuery(
  z.string().trim().max(DICT_TYPE_MAX).nullish().describe('only this type'),
  'substring of value, Chinese or English name',
);
export type DictListQuery = z.infer<typeof DictListQuery>;
export const DictPage = pageOf(DictEntrySchema);

export const DictTypeListQuery = z.object({ keyword: zOptText(64).describe('substring of the type key') });
export const DictTypeSummarySchema = z.object({
  type: z.string(),
  count: z.number().int().describe('entries of this type'),
  enabledCount: z.number().int(),
});
export type DictTypeSummary = z.infer<typeof DictTypeSummarySchema>;

// GET /api/v1/sys/dict/list: page size and number arrive empty and are ignored.
export const DictOptionsQuery = zPaging.extend({ type: zDictType() });
export const DictOptionSchema = z.object({
  value: z.string(),
  label: z.string().describe('Chinese name'),
  label2: z.string().nullable().describe('English name'),
  color: z.string().nullable(),
});
export type DictOption = z.infer<typeof DictOptionSchema>;
