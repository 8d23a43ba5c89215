import type { FeedbackFigures } from '@study-crm/shared';
import type { Db } from '../../db/database.js';

// Feedback figures for the dashboard (issue 21): what came in during the period and how much of it is answered (an
// index range of feedback_created_ix), what waits for an answer now (feedback_status_created_ix), and the median
// time to the first reply of the period's feedback. The median reads one delay per answered feedback of the period
// (at most 30 days of feedback), not the table.
export function createFeedbackReport(db: Db) {
  return {
    // Feedback waiting for an answer: how many, and the oldest first (feedback_status_created_ix).
    async waiting(
      limit: number,
    ): Promise<{ total: number; oldest: { id: number; name: string; createdAt: number }[] }> {
      const [count, rows] = await Promise.all([
        db
          .selectFrom('feedback')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', 'open')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('feedback')
          .select(['id', 'name', 'createdAt'])
          .where('status', '=', 'open')
          .orderBy('createdAt')
          .orderBy('id')
          .limit(limit)
          .execute(),
      ]);
      return {
        total: Number(count.n),
        oldest: rows.map((r) => ({ id: r.id, name: r.name, createdAt: Number(r.createdAt) })),
      };
    },

    async figures(since: number): Promise<FeedbackFigures> {
      const [period, open, delays] = await Promise.all([
        db
          .selectFrom('feedback')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('received'),
            eb.fn.sum<number | string>(eb.case().when('status', '=', 'answered').then(1).else(0).end()).as('answered'),
          ])
          .where('createdAt', '>=', since)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('feedback')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', 'open')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('feedback')
          .innerJoin('feedbackReply', 'feedbackReply.feedbackId', 'feedback.id')
          .select((eb) => [
            'feedback.createdAt',
            eb.fn.min<number | string>('feedbackReply.createdAt').as('firstReply'),
          ])
          .where('feedback.createdAt', '>=', since)
          .groupBy(['feedback.id', 'feedback.createdAt'])
          .execute(),
      ]);
      const waits = delays.map((d) => Number(d.firstReply) - Number(d.createdAt)).sort((a, b) => a - b);
      const mid = waits.length >> 1;
      const median = !waits.length
        ? null
        : waits.length % 2
          ? waits[mid]!
          : Math.round((waits[mid - 1]! + waits[mid]!) / 2);
      return {
        received: Number(period.received),
        answered: Number(period.answered ?? 0),
        openNow: Number(open.n),
        medianReplyMs: median,
      };
    },
  };
}
export type FeedbackReport = ReturnType<typeof createFeedbackReport>;
