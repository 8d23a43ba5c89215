import type { FollowUpFigures } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { compileOnce } from '../../db/compiled.js';

const DAY_MS = 86_400_000;

// Follow-up completion for the dashboard (issue 21) from the per-day counters (follow_up_day_count, migration 0037,
// kept by triggers): a period of N days reads at most N rows, whatever the number of follow-ups. No all-time "open"
// count: the counters hold days, not the open follow-ups.
export function createFollowUpReport(db: Db) {
  // Built and compiled once (issue 43); the period's first day is a slot.
  const sums = compileOnce(db, ['fromDay'], (s) =>
    db
      .selectFrom('followUpDayCount')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number | string>('created'), eb.lit(0)).as('created'),
        eb.fn.coalesce(eb.fn.sum<number | string>('createdDone'), eb.lit(0)).as('createdDone'),
        eb.fn.coalesce(eb.fn.sum<number | string>('done'), eb.lit(0)).as('done'),
      ])
      .where('day', '>=', s.fromDay),
  );
  return {
    // `since` is the period's first instant (epoch ms), the start of a UTC day.
    async figures(since: number): Promise<FollowUpFigures> {
      if (since % DAY_MS !== 0)
        throw new Error(`follow-up figures count whole UTC days: ${since} is not a day's start`);
      const r = (await sums({ fromDay: since / DAY_MS })).rows[0]!;
      return { created: Number(r.created), createdDone: Number(r.createdDone), doneInPeriod: Number(r.done) };
    },
  };
}
export type FollowUpReport = ReturnType<typeof createFollowUpReport>;
