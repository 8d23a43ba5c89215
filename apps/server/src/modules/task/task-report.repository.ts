import type { TaskFigures } from '@study-crm/shared';
import type { Db } from '../../db/database.js';

const WEEK_DAYS = 7;
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type OpenTask = { id: number; title: string; status: string; dueDate: string | null };
const OPEN_STATUSES = ['todo', 'doing', 'review'] as const;

// The signed-in member's own tasks and contribution points for the dashboard (issue 21): one grouped read of their
// live tasks (task_assignee_ix) and one sum over their records of the period (contribution_member_day_ix).
export function createTaskReport(db: Db) {
  // The member's open tasks: those due first (no due date last), then the oldest.
  const openTasks = (memberId: number) =>
    db
      .selectFrom('task')
      .select(['id', 'title', 'status', 'dueDate'])
      .where('assigneeId', '=', memberId)
      .where('status', 'in', OPEN_STATUSES)
      .where('deletedAt', 'is', null);
  return {
    // The member's open tasks by status, how many are overdue, and the first `limit` by due date.
    async mine(memberId: number, today: string, limit: number) {
      const [byStatus, overdue, first] = await Promise.all([
        openTasks(memberId)
          .clearSelect()
          .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
          .groupBy('status')
          .execute(),
        openTasks(memberId)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('dueDate', '<', today)
          .executeTakeFirstOrThrow(),
        openTasks(memberId)
          .orderBy((eb) => eb.case().when('dueDate', 'is', null).then(1).else(0).end())
          .orderBy('dueDate')
          .orderBy('id')
          .limit(limit)
          .execute(),
      ]);
      return {
        byStatus: byStatus.map((r) => ({ status: r.status, count: Number(r.n) })),
        overdue: Number(overdue.n),
        first: first as OpenTask[],
      };
    },

    // The member's open tasks due between two days (inclusive): how many, and the first `limit` by due date.
    async dueBetween(memberId: number, from: string, to: string, limit: number) {
      const due = openTasks(memberId).where('dueDate', '>=', from).where('dueDate', '<=', to);
      const [count, rows] = await Promise.all([
        due
          .clearSelect()
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
        due.orderBy('dueDate').orderBy('id').limit(limit).execute(),
      ]);
      return { total: Number(count.n), first: rows as OpenTask[] };
    },

    async figures(memberId: number, since: number, now: number): Promise<TaskFigures> {
      const today = isoDay(now);
      const soon = isoDay(now + WEEK_DAYS * DAY);
      const [tasks, points] = await Promise.all([
        db
          .selectFrom('task')
          .select((eb) => {
            const open = eb('status', 'in', ['todo', 'doing', 'review']);
            const count = (cond: ReturnType<typeof eb.and>) =>
              eb.fn.sum<number | string>(eb.case().when(cond).then(1).else(0).end());
            return [
              count(eb.and([open])).as('open'),
              count(eb.and([open, eb('dueDate', '<', today)])).as('overdue'),
              count(eb.and([open, eb('dueDate', '>=', today), eb('dueDate', '<=', soon)])).as('dueSoon'),
              count(eb.and([eb('status', '=', 'done'), eb('doneAt', '>=', since)])).as('doneInPeriod'),
            ];
          })
          .where('assigneeId', '=', memberId)
          .where('deletedAt', 'is', null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('contribution')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('points'), eb.lit(0)).as('points'))
          .where('memberId', '=', memberId)
          .where('contributedOn', '>=', isoDay(since))
          .executeTakeFirstOrThrow(),
      ]);
      const n = (v: unknown) => Number(v ?? 0);
      return {
        open: n(tasks.open),
        overdue: n(tasks.overdue),
        dueSoon: n(tasks.dueSoon),
        doneInPeriod: n(tasks.doneInPeriod),
        points: n(points.points),
      };
    },
  };
}
export type TaskReport = ReturnType<typeof createTaskReport>;
