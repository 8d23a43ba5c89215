import { searchWords, type RecordSearch } from '@study-crm/shared';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { prefixEnd, searchTextHolds, searchTextStarts } from '../../db/sql-helpers.js';

// Whether an application holds every word typed, when a word has three characters or more: each word part of one
// of its names, its passport number, e-mail or phone, through application.search_text's trigram index. The one
// matching of the search box and of the application list's keyword (decision 182); null for a search of only one-
// or two-character words, which both match the start of a name instead.
export const applicationHolds = (db: Db, words: readonly string[]) => searchTextHolds(db, 'application', words);
export const keywordWords = (keyword: string) => searchWords(keyword);

// The search box's applications (issue 39, decision 138): each word part of one of the student's names (any
// script), the passport number, e-mail or phone, through application.search_text and its trigram index. A search
// of one or two characters finds names starting with it: the name as written, or the English name (last name
// first), each through its own index.
export function createApplicationSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    if (!words.length) return [];
    const holds = applicationHolds(db, words);
    const first = words[0]!;
    const starts =
      holds ??
      sql<SqlBool>`(${searchTextStarts('application', first)} or (application.search_eng >= ${first} and application.search_eng < ${prefixEnd(first)}))`;
    const rows = await db
      .selectFrom('application')
      .select(['id', 'name', 'engLastName', 'engFirstName', 'passportNo', 'email', 'applicationDate'])
      .where('deletedAt', 'is', null)
      .where(starts)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const eng = [r.engFirstName, r.engLastName].filter(Boolean).join(' ');
      return {
        id: r.id,
        title: eng && eng !== r.name ? `${r.name} (${eng})` : r.name,
        detail: [r.passportNo, r.email, r.applicationDate].filter(Boolean).join(' · ') || null,
        applicationId: r.id,
      };
    });
  };
}
