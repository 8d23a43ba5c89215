import type { RecordSearch } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { searchTextHolds, searchTextStarts } from '../../db/sql-helpers.js';

const SNIPPET = 60;

// The search box's SMS batches (issue 39, decision 138): the file name and the text, through sms_batch.search_text
// and its trigram index; one or two characters: the start of the file name. Single texts (codes) are not listed.
export function createSmsSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    if (!words.length) return [];
    const rows = await db
      .selectFrom('smsBatch')
      .select(['id', 'fileName', 'content', 'createdAt'])
      .where('kind', '=', 'batch')
      .where(searchTextHolds(db, 'sms_batch', words) ?? searchTextStarts('sms_batch', words[0]!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const text = (r.content ?? '').replace(/\s+/g, ' ').trim();
      return {
        id: r.id,
        title: r.fileName ?? (text.slice(0, SNIPPET) || `#${r.id}`),
        detail: text ? (text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text) : null,
        applicationId: null,
      };
    });
  };
}
