import type { Db } from '../../db/database.js';
import { timelinePage } from '../../db/keyset.js';
import { timelineItem, type TimelineSource } from '../../lib/timeline.js';

// A record's timeline (decision 180): the e-mails sent to these addresses (its student's), one event per outbox
// row, newest first through delivery_outbox (recipient, created_at, id). System e-mails (codes) are never shown.
export function createEmailTimeline(db: Db) {
  return (addresses: readonly string[]): TimelineSource =>
    async (cursor, limit) => {
      if (!addresses.length) return [];
      const rows = await db
        .selectFrom('deliveryOutbox as o')
        .innerJoin('emailMessage as e', 'e.id', 'o.messageId')
        .select(['o.id', 'o.createdAt', 'o.status', 'e.subject', 'e.createdBy'])
        .where('o.channel', '=', 'email')
        .where('o.recipient', 'in', addresses)
        .where('e.isSystem', '=', 0)
        .$call(timelinePage('email', cursor, limit, 'o'))
        .execute();
      return rows.map((r) => timelineItem('email', r, { actorId: r.createdBy, title: r.subject, detail: r.status }));
    };
}
