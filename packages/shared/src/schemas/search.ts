import { z } from 'zod';
import { SEARCH_GROUP_MAX, SEARCH_KEYWORD_MAX, SEARCH_TYPES } from '../search-types.js';
import { commaItems, zInt, zText } from '../wire.js';

export * from '../search-types.js';

// The navbar search box (issue 39, decision 138): one call, each group only for a caller holding its list's
// permission.
export const SearchQuery = z.object({
  keyword: zText(SEARCH_KEYWORD_MAX).describe(
    'what is typed: each word must be part of one name of the record (any script, case and accents ignored)',
  ),
  types: z
    .preprocess(commaItems, z.array(z.enum(SEARCH_TYPES)).min(1).max(SEARCH_TYPES.length))
    .nullish()
    .describe(
      `comma-separated groups (${SEARCH_TYPES.join(', ')}); absent: every group the caller may see. ` +
        'A group the caller may not see is refused (403).',
    ),
  limit: zInt()
    .pipe(z.number().min(1).max(SEARCH_GROUP_MAX))
    .nullish()
    .describe(`records per group, 1 to ${SEARCH_GROUP_MAX} (default ${SEARCH_GROUP_MAX})`),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchHitSchema = z.object({
  id: z.number().int().describe('the record id (application, member, payment record, feedback, e-mail, SMS batch)'),
  title: z.string().describe('the name the record is shown by'),
  detail: z.string().nullable().describe('a second line: other names, the e-mail, the amount, the date'),
  applicationId: z
    .number()
    .int()
    .nullable()
    .describe('payment records: the application whose payments open; otherwise null'),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchGroupSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  hits: z.array(SearchHitSchema),
});

export const SearchResultSchema = z.object({
  groups: z.array(SearchGroupSchema).describe('the groups the caller may see, in a fixed order; empty ones left out'),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

// What a server module exposes to the search box through its front door: the records whose names hold every word
// (folded: searchWords), newest first, at most `limit`. The caller has checked the permission.
export type RecordSearch = (words: readonly string[], limit: number) => Promise<SearchHit[]>;
