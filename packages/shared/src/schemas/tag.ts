import { z } from 'zod';
import { pageOf, zId, zInt, zOptText, zText } from '../wire.js';
import { entryFields, entryListQuery, entrySchema, updateBodyOf } from './entry.js';

// A tag: like a dictionary entry (type, key/value, Chinese and English names, sort, status) plus a colour.
// Within a type both the tag key and the Chinese tag are unique.
export const TagFields = entryFields(zText(64).describe('tag type (dictionary tag_type)'), {
  value: 'tag key / value',
  label: 'Chinese tag',
  label2: 'English tag',
});
export const TagAddBody = TagFields;
export type TagAddBody = z.infer<typeof TagAddBody>;
export const TagUpdateBody = updateBodyOf(TagFields);
export type TagUpdateBody = z.infer<typeof TagUpdateBody>;

export const TagSchema = entrySchema();
export type Tag = z.infer<typeof TagSchema>;

export const TagListQuery = entryListQuery(zOptText(64), 'substring of key, Chinese or English tag');
export type TagListQuery = z.infer<typeof TagListQuery>;
export const TagPage = pageOf(TagSchema);

// Live validation: does another tag of this type already use the key or the Chinese tag?
export const TagCheckQuery = z.object({
  type: zText(64),
  value: zOptText(100),
  label: zOptText(100),
  id: zId().nullish().describe('the tag being edited (excluded)'),
});
export const TagCheckResult = z.object({
  valueTaken: z.boolean(),
  labelTaken: z.boolean(),
});
export type TagCheckResult = z.infer<typeof TagCheckResult>;

export const TAG_SEARCH_LIMIT = 20;
export const TagSearchQuery = z.object({
  q: zOptText(100).describe('prefix or substring of key, Chinese or English tag'),
  type: zOptText(64),
  limit: zInt().pipe(z.number().min(1).max(50)).nullish().describe(`default ${TAG_SEARCH_LIMIT}`),
});
export const TagOptionSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  value: z.string(),
  label: z.string(),
  label2: z.string().nullable(),
  color: z.string().nullable(),
});
export type TagOption = z.infer<typeof TagOptionSchema>;
