import type { RecordSearch } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { searchTextHolds, searchTextStarts } from '../../db/sql-helpers.js';

// The search box's e-mails (issue 39, decision 138): the subject, through email_message.search_text and its
// trigram index; one or two characters: the start of the subject. System e-mails (codes) are never listed.
export function createEmailSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    if (!words.length) return [];
    const rows = await db
      .selectFrom('emailMessage')
      .select(['id', 'subject', 'createdAt'])
      .where('isSystem', '=', 0)
      .where(searchTextHolds(db, 'email_message', words) ?? searchTextStarts('email_message', words[0]!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.subject,
      detail: new Date(r.createdAt).toISOString().slice(0, 10),
      applicationId: null,
    }));
  };
}
