import type { Db } from '../../db/database.js';
import { timelinePage } from '../../db/keyset.js';
import { timelineItem, type TimelineSource } from '../../lib/timeline.js';

// An application's timeline (decision 180): its payment records by the time they were entered, newest first
// through payment_record (application_id, created_at, id), with the amount in minor units and its currency.
export function createPaymentTimeline(db: Db) {
  return (applicationId: number): TimelineSource =>
    async (cursor, limit) => {
      const rows = await db
        .selectFrom('paymentRecord')
        .select(['id', 'title', 'type', 'status', 'amountMinor', 'currency', 'createdBy', 'createdAt'])
        .where('applicationId', '=', applicationId)
        .$call(timelinePage('payment', cursor, limit))
        .execute();
      return rows.map((r) =>
        timelineItem('payment', r, {
          actorId: r.createdBy,
          title: r.title,
          detail: `${r.type}:${r.status}`,
          amount: { minor: r.type === 'refund' ? -r.amountMinor : r.amountMinor, currency: r.currency },
        }),
      );
    };
}
