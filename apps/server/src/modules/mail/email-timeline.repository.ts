import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { timelinePage } from '../../db/keyset.js';
import { timelineItem, type TimelineSource } from '../../lib/timeline.js';

// An address as each engine's lower() folds it: SQLite only A–Z, PostgreSQL every letter (as JavaScript does).
const foldedForms = (address: string) => [address.replace(/[A-Z]/g, (c) => c.toLowerCase()), address.toLowerCase()];

// A record's timeline (decision 180): the e-mails sent to these addresses (its student's) in any letter case
// (decision 347), one event per outbox row, newest first through delivery_outbox_email_recipient_ix
// (lower(recipient), created_at, id) where channel = 'email' (the literal below lets each engine use it). System
// e-mails (codes) are never shown.
export function createEmailTimeline(db: Db) {
  return (addresses: readonly string[]): TimelineSource =>
    async (cursor, limit) => {
      if (!addresses.length) return [];
      const folded = [...new Set(addresses.flatMap(foldedForms))];
      const rows = await db
        .selectFrom('deliveryOutbox as o')
        .innerJoin('emailMessage as e', 'e.id', 'o.messageId')
        .select(['o.id', 'o.createdAt', 'o.status', 'e.subject', 'e.createdBy'])
        .where('o.channel', '=', sql.lit('email'))
        .where(sql`lower(o.recipient)`, 'in', folded)
        .where('e.isSystem', '=', 0)
        .$call(timelinePage('email', cursor, limit, 'o'))
        .execute();
      return rows.map((r) => timelineItem('email', r, { actorId: r.createdBy, title: r.subject, detail: r.status }));
    };
}
