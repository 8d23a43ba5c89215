import { ENROLLED_STATUSES, OFFER_STATUSES, type ApplicationFigures } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { compileOnce } from '../../db/compiled.js';

const OFFER = new Set<string>(OFFER_STATUSES);
const ENROLLED = new Set<string>(ENROLLED_STATUSES);

// The application figures of the dashboard (issue 21). The period from the per-day counters (application_day_count,
// at most days × statuses rows) and the totals from the status counters (list_count), both maintained by triggers:
// neither reads the applications themselves.
export function createApplicationReport(db: Db) {
  // Built and compiled once (issue 43); the period's bounds are slots.
  const statusCounters = compileOnce(db, [], () =>
    db.selectFrom('listCount').select(['bucket', 'n']).where('list', '=', 'application'),
  );
  const periodCounts = compileOnce(db, ['from', 'to'], (s) =>
    db
      .selectFrom('applicationDayCount')
      .select(['day', 'status', 'n'])
      .where('day', '>=', s.from)
      .where('day', '<=', s.to)
      .where('n', '>', 0),
  );
  // Live applications per current status, from the maintained counters (list_count): exact, one small read.
  async function statusCounts(): Promise<{ status: string; count: number }[]> {
    const { rows } = await statusCounters({});
    return rows
      .map((c) => ({ status: c.bucket, count: Number(c.n) }))
      .filter((c) => c.count > 0)
      .sort((a, b) => a.status.localeCompare(b.status));
  }
  return {
    statusCounts,

    async figures(from: string, to: string, days: readonly string[]): Promise<ApplicationFigures> {
      const [{ rows }, byStatus] = await Promise.all([periodCounts({ from, to }), statusCounts()]);
      const perDay = new Map<string, number>(days.map((d) => [d, 0]));
      const periodByStatus = new Map<string, number>();
      for (const r of rows) {
        const n = Number(r.n);
        perDay.set(r.day, (perDay.get(r.day) ?? 0) + n);
        periodByStatus.set(r.status, (periodByStatus.get(r.status) ?? 0) + n);
      }
      const period = [...periodByStatus.entries()]
        .map(([status, count]) => ({ status, count }))
        .sort((a, b) => a.status.localeCompare(b.status));
      const sumOf = (list: { status: string; count: number }[], set: Set<string>) =>
        list.reduce((s, c) => s + (set.has(c.status) ? c.count : 0), 0);
      return {
        perDay: [...perDay.entries()].map(([date, count]) => ({ date, count })),
        newTotal: period.reduce((s, c) => s + c.count, 0),
        byStatus,
        periodByStatus: period,
        offers: sumOf(period, OFFER),
        offersTotal: sumOf(byStatus, OFFER),
        enrolled: sumOf(period, ENROLLED),
        enrolledTotal: sumOf(byStatus, ENROLLED),
      };
    },
  };
}
export type ApplicationReport = ReturnType<typeof createApplicationReport>;
