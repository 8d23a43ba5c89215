import type { RecordSearch } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { newestOf, searchNewest } from '../../db/sql-helpers.js';
import { snippet } from '../../lib/snippet.js';

const SNIPPET = 60;

// The search box's feedback (issue 39, decision 138): the sender's name, e-mail and phone, through
// feedback.search_text and its trigram index; one or two characters: any part of a name
// through feedback_gram (decision 217).
export function createFeedbackSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    // The matches newest first, a chunk at a time (decision 251).
    const page = newestOf(db.selectFrom('feedback').select(['id', 'name', 'email', 'content']));
    const rows = await searchNewest(db, 'feedback', words, limit, page);
    return rows.map((r) => ({
      id: r.id,
      title: r.email ? `${r.name} <${r.email}>` : r.name,
      detail: snippet(r.content, SNIPPET),
      applicationId: null,
    }));
  };
}
