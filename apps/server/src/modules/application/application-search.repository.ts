import { keywordWords, type RecordSearch } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { liveSearched, newestOf, searchNewest, searchTextHolds } from '../../db/sql-helpers.js';

// Whether an application holds every word typed: each word part of one of its names, its passport number, e-mail or
// phone, through application.search_text's trigram index; a search of only one- or two-character words, part of a
// name through application_gram (decision 217). The one matching of the search box and of the application list's
// keyword (decision 182).
export const applicationHolds = (db: Db, words: readonly string[], slot?: (i: number) => unknown) =>
  searchTextHolds(db, 'application', words, slot);
// The words it matches (a number typed with its trunk 0 too).
export { keywordWords };

// What an application result shows.
const COLUMNS = ['id', 'name', 'engLastName', 'engFirstName', 'passportNo', 'email', 'applicationDate'] as const;

// The search box's applications (issue 39, decision 138): each word part of one of the student's names (any
// script), the passport number, e-mail or phone; newest first.
export function createApplicationSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    // Newest first is the primary key's order: `deleted_at` is compared opaquely whatever the plan, so no
    // (deleted_at, …) index is read instead, with every live row sorted (decision 242: SQLite 3.53 with statistics
    // took application_live_date_ix for a common short word, 1.1–2.7 s at a million rows). The matches are read
    // newest first, a chunk at a time (decision 251).
    const page = newestOf(db.selectFrom('application').select(COLUMNS).where(liveSearched('application', true)));
    const rows = await searchNewest(db, 'application', words, limit, page);
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
