import {
  Code,
  SEARCH_GROUP_MAX,
  SEARCH_PERMS,
  SEARCH_TYPES,
  keywordWords,
  type RecordSearch,
  type SearchResult,
  type SearchType,
} from '@study-crm/shared';
import { AppError } from '../../http/errors.js';

// Each group's search, handed over by the composition root from the module that owns the records.
export type SearchDeps = Record<SearchType, RecordSearch>;

// The navbar search box (issue 39, decision 138): it owns no table; it asks each owning module for the records
// whose names hold every word, only for the groups whose list the caller may see, and answers them grouped.
export function createSearchService(deps: SearchDeps) {
  return {
    async search(
      perms: ReadonlySet<string>,
      q: { keyword: string; types?: readonly SearchType[] | null; limit?: number | null },
    ): Promise<SearchResult> {
      // Asking for a group the caller may not see is refused; without a list, the groups they may see.
      if (q.types?.some((t) => !perms.has(SEARCH_PERMS[t]))) throw new AppError(Code.FORBIDDEN);
      const wanted = q.types ? new Set(q.types) : null;
      const types = SEARCH_TYPES.filter((t) => (wanted ? wanted.has(t) : perms.has(SEARCH_PERMS[t])));
      const words = keywordWords(q.keyword);
      if (!words.length) return { groups: [] };
      const limit = q.limit ?? SEARCH_GROUP_MAX;
      const found = await Promise.all(types.map((t) => deps[t](words, limit)));
      return {
        groups: types.map((type, i) => ({ type, hits: found[i]! })).filter((g) => g.hits.length > 0),
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
