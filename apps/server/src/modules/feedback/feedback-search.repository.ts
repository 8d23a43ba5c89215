import type { RecordSearch } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { searchTextHolds, searchTextStarts } from '../../db/sql-helpers.js';

const SNIPPET = 60;

// The search box's feedback (issue 39, decision 138): the sender's name, e-mail and phone, through
// feedback.search_text and its trigram index; one or two characters: the start of the name.
export function createFeedbackSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    if (!words.length) return [];
    const rows = await db
      .selectFrom('feedback')
      .select(['id', 'name', 'email', 'content'])
      .where(searchTextHolds(db, 'feedback', words) ?? searchTextStarts('feedback', words[0]!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const text = r.content.replace(/\s+/g, ' ').trim();
      return {
        id: r.id,
        title: r.email ? `${r.name} <${r.email}>` : r.name,
        detail: text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text,
        applicationId: null,
      };
    });
  };
}
