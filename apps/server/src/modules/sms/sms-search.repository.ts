import type { RecordSearch } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { newestOf, searchNewest } from '../../db/sql-helpers.js';
import { oneLine, snippet } from '../../lib/snippet.js';

const SNIPPET = 60;

// The search box's SMS batches (issue 39, decision 138): the file name and the text, through sms_batch.search_text
// and its trigram index; one or two characters: any part of a word through sms_batch_gram (decision 217). Single
// texts (codes) are not listed, nor batches the SMS list does not show: drafts and half-written uploads ('importing',
// decision 175); only queued ones, as the list.
export function createSmsSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    // The matches newest first, a chunk at a time (decision 251); single texts among them are skipped.
    const page = newestOf(
      db
        .selectFrom('smsBatch')
        .select(['id', 'fileName', 'content', 'createdAt'])
        .where('kind', '=', 'batch')
        .where('status', '=', 'queued'),
    );
    const rows = await searchNewest(db, 'sms_batch', words, limit, page);
    return rows.map((r) => {
      const text = oneLine(r.content ?? '');
      return {
        id: r.id,
        title: r.fileName ?? (text.slice(0, SNIPPET) || `#${r.id}`),
        detail: text ? snippet(text, SNIPPET) : null,
        applicationId: null,
      };
    });
  };
}
