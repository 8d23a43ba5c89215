import type { RecordSearch } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { newestOf, searchNewest } from '../../db/sql-helpers.js';

// The search box's e-mails (issue 39, decision 138): the subject, through email_message.search_text and its
// trigram index; one or two characters: any part of a word through email_message_gram
// (decision 217). System e-mails (codes) are never listed.
export function createEmailSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    // The matches newest first, a chunk at a time (decision 251); system e-mails among them are skipped.
    const page = newestOf(
      db.selectFrom('emailMessage').select(['id', 'subject', 'createdAt']).where('isSystem', '=', 0),
    );
    const rows = await searchNewest(db, 'email_message', words, limit, page);
    return rows.map((r) => ({
      id: r.id,
      title: r.subject,
      detail: new Date(r.createdAt).toISOString().slice(0, 10),
      applicationId: null,
    }));
  };
}
