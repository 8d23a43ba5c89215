import type { FollowUpFigures } from '@study-crm/shared';
import type { Db } from '../../db/database.js';

// Follow-up completion for the dashboard (issue 21), each count on its own index range
// (follow_up_created_done_ix, follow_up_done_at_ix). `since` is the period's first instant (epoch ms). No
// all-time "open" count: it would count most of the table (about 1,000,000 index entries at 1,000,000 applications).
export function createFollowUpReport(db: Db) {
  const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) =>
    q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  const counted = db.selectFrom('followUp').select((eb) => eb.fn.countAll<number | string>().as('n'));
  return {
    async figures(since: number): Promise<FollowUpFigures> {
      const [created, createdDone, doneInPeriod] = await Promise.all([
        count(counted.where('createdAt', '>=', since)),
        count(counted.where('createdAt', '>=', since).where('isDone', '=', 1)),
        count(counted.where('isDone', '=', 1).where('doneAt', '>=', since)),
      ]);
      return { created, createdDone, doneInPeriod };
    },
  };
}
export type FollowUpReport = ReturnType<typeof createFollowUpReport>;
