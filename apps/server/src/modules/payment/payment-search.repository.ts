import { formatMinor, type RecordSearch } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { searchTextHolds, searchTextStarts } from '../../db/sql-helpers.js';

// The search box's payment records (issue 39, decision 138): the student's name and the title, through
// payment_record.search_text and its trigram index; one or two characters: the start of the student's name.
export function createPaymentSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    if (!words.length) return [];
    const rows = await db
      .selectFrom('paymentRecord')
      .select(['id', 'applicationId', 'studentName', 'title', 'amountMinor', 'currency', 'transactionDate'])
      .where(searchTextHolds(db, 'payment_record', words) ?? searchTextStarts('payment_record', words[0]!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: `${r.studentName} · ${r.title}`,
      detail: `${formatMinor(r.amountMinor, r.currency)} · ${r.transactionDate}`,
      applicationId: r.applicationId,
    }));
  };
}
