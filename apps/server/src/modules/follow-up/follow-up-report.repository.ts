import type { FollowUpFigures } from '@study-crm/shared';
import type { Db } from '../../db/database.js';

// Follow-up completion for the dashboard (issue 21), each count on its own index range
// (follow_up_created_done_ix, follow_up_done_at_ix). `since` is the period's first instant (epoch ms).
export function createFollowUpReport(db: Db) {
  const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) =>
    q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  const counted = db.selectFrom('followUp').select((eb) => eb.fn.countAll<number | string>().as('n'));
  return {
    async figures(since: number): Promise<FollowUpFigures> {
      const [created, createdDone, doneInPeriod, open] = await Promise.all([
        count(counted.where('createdAt', '>=', since)),
        count(counted.where('createdAt', '>=', since).where('isDone', '=', 1)),
        count(counted.where('isDone', '=', 1).where('doneAt', '>=', since)),
        count(counted.where('isDone', '=', 0)),
      ]);
      return { created, createdDone, doneInPeriod, open };
    },
  };
}
export type FollowUpReport = ReturnType<typeof createFollowUpReport>;
