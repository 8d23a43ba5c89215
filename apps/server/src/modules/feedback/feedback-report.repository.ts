import type { FeedbackFigures } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { compileOnce } from '../../db/compiled.js';

// Feedback figures for the dashboard (issue 21): what came in during the period and how much of it is answered (an
// index range of feedback_created_ix), what waits for an answer now (feedback_status_created_ix), and the median
// time to the first reply of the period's feedback. The median reads one delay per answered feedback of the period
// (at most 30 days of feedback), not the table.
export function createFeedbackReport(db: Db) {
  // Built and compiled once (issue 43): the limit and the period's first instant are slots.
  const openCount = compileOnce(db, [], () =>
    db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'open'),
  );
  const oldestOpen = compileOnce(db, ['limit'], (s) =>
    db
      .selectFrom('feedback')
      .select(['id', 'name', 'createdAt'])
      .where('status', '=', 'open')
      .orderBy('createdAt')
      .orderBy('id')
      .limit(s.limit),
  );
  const received = compileOnce(db, ['since'], (s) =>
    db
      .selectFrom('feedback')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('received'),
        eb.fn.sum<number | string>(eb.case().when('status', '=', 'answered').then(1).else(0).end()).as('answered'),
      ])
      .where('createdAt', '>=', s.since),
  );
  const firstReplies = compileOnce(db, ['since'], (s) =>
    db
      .selectFrom('feedback')
      .innerJoin('feedbackReply', 'feedbackReply.feedbackId', 'feedback.id')
      .select((eb) => ['feedback.createdAt', eb.fn.min<number | string>('feedbackReply.createdAt').as('firstReply')])
      .where('feedback.createdAt', '>=', s.since)
      .groupBy(['feedback.id', 'feedback.createdAt']),
  );
  return {
    // Feedback waiting for an answer: how many, and the oldest first (feedback_status_created_ix).
    async waiting(
      limit: number,
    ): Promise<{ total: number; oldest: { id: number; name: string; createdAt: number }[] }> {
      const [count, rows] = await Promise.all([openCount({}), oldestOpen({ limit })]);
      return {
        total: Number(count.rows[0]?.n ?? 0),
        oldest: rows.rows.map((r) => ({ id: r.id, name: r.name, createdAt: Number(r.createdAt) })),
      };
    },

    async figures(since: number): Promise<FeedbackFigures> {
      const [{ rows: period }, { rows: open }, { rows: delays }] = await Promise.all([
        received({ since }),
        openCount({}),
        firstReplies({ since }),
      ]);
      const waits = delays.map((d) => Number(d.firstReply) - Number(d.createdAt)).sort((a, b) => a - b);
      const mid = waits.length >> 1;
      const median = !waits.length
        ? null
        : waits.length % 2
          ? waits[mid]!
          : Math.round((waits[mid - 1]! + waits[mid]!) / 2);
      return {
        received: Number(period[0]?.received ?? 0),
        answered: Number(period[0]?.answered ?? 0),
        openNow: Number(open[0]?.n ?? 0),
        medianReplyMs: median,
      };
    },
  };
}
export type FeedbackReport = ReturnType<typeof createFeedbackReport>;
