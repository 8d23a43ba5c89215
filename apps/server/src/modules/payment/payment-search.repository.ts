import { formatMinor, type RecordSearch } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { newestOf, searchNewest } from '../../db/sql-helpers.js';
import { digitsOf } from './payment.mapper.js';

// What a payment result shows.
const COLUMNS = ['id', 'applicationId', 'studentName', 'title', 'amountMinor', 'currency', 'transactionDate'] as const;

// The search box's payment records (issue 39, decision 138): the student's name and the title, through
// payment_record.search_text and its trigram index; one or two characters: any part
// of a word of them through payment_record_gram (decision 217).
export function createPaymentSearch(db: Db): RecordSearch {
  return async (words, limit) => {
    // The matches newest first, a chunk at a time (decision 251).
    const page = newestOf(db.selectFrom('paymentRecord').select(COLUMNS));
    const rows = await searchNewest(db, 'payment_record', words, limit, page);
    return rows.map((r) => ({
      id: r.id,
      title: `${r.studentName} · ${r.title}`,
      detail: `${formatMinor(r.amountMinor, r.currency, digitsOf(r.currency))} · ${r.transactionDate}`,
      applicationId: r.applicationId,
    }));
  };
}
