import type { Db } from '../../db/database.js';
import { timelinePage } from '../../db/keyset.js';
import { snippet } from '../../lib/snippet.js';
import { timelineItem, type TimelineSource } from '../../lib/timeline.js';

const TEXT_MAX = 200;

// A record's timeline (decision 180): the SMS batches sent to these E.164 numbers (its student's), one event per
// outbox row, newest first through delivery_outbox (recipient, created_at, id). Single texts other modules queue
// (verification codes) are never shown.
export function createSmsTimeline(db: Db) {
  return (phones: readonly string[]): TimelineSource =>
    async (cursor, limit) => {
      if (!phones.length) return [];
      const rows = await db
        .selectFrom('deliveryOutbox as o')
        .innerJoin('smsBatch as b', 'b.id', 'o.messageId')
        .select(['o.id', 'o.createdAt', 'o.status', 'b.content', 'b.fileName', 'b.createdBy'])
        .where('o.channel', '=', 'sms')
        .where('o.recipient', 'in', phones)
        .where('b.kind', '=', 'batch')
        .$call(timelinePage('sms', cursor, limit, 'o'))
        .execute();
      return rows.map((r) => {
        const text = r.content ?? r.fileName ?? '';
        return timelineItem('sms', r, { actorId: r.createdBy, title: snippet(text, TEXT_MAX), detail: r.status });
      });
    };
}
