import type { Db } from '../../db/database.js';
import { timelinePage } from '../../db/keyset.js';
import { timelineItem, type TimelineSource } from '../../lib/timeline.js';

// An application's timeline (decision 180): its follow-up items by the time they were added, newest first through
// follow_up (application_id, created_at, id). The title is the item's number and service, the detail its status.
export function createFollowUpTimeline(db: Db) {
  return (applicationId: number): TimelineSource =>
    async (cursor, limit) => {
      const rows = await db
        .selectFrom('followUp')
        .select(['id', 'number', 'service', 'status', 'isDone', 'createdAt'])
        .where('applicationId', '=', applicationId)
        .$call(timelinePage('followUp', cursor, limit))
        .execute();
      return rows.map((r) =>
        timelineItem('followUp', r, {
          actorId: null,
          title: `#${r.number} ${r.service}`,
          detail: r.isDone ? 'done' : r.status,
        }),
      );
    };
}
