import type { TaskFigures } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { compileOnce, type Slots } from '../../db/compiled.js';

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
  // Built and compiled once (issue 43): the member, the days and the limit are slots.
  const byStatus = compileOnce(db, ['memberId'], (s) =>
    openTasks(s.memberId)
      .clearSelect()
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .groupBy('status'),
  );
  const overdue = compileOnce(db, ['memberId', 'today'], (s) =>
    openTasks(s.memberId)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('dueDate', '<', s.today),
  );
  const firstDue = compileOnce(db, ['memberId', 'limit'], (s) =>
    openTasks(s.memberId)
      .orderBy((eb) => eb.case().when('dueDate', 'is', null).then(1).else(0).end())
      .orderBy('dueDate')
      .orderBy('id')
      .limit(s.limit),
  );
  // The member's open tasks due between two days (inclusive).
  const due = (s: Slots<'memberId' | 'from' | 'to'>) =>
    openTasks(s.memberId).where('dueDate', '>=', s.from).where('dueDate', '<=', s.to);
  const dueCount = compileOnce(db, ['memberId', 'from', 'to'], (s) =>
    due(s)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n')),
  );
  const dueFirst = compileOnce(db, ['memberId', 'from', 'to', 'limit'], (s) =>
    due(s).orderBy('dueDate').orderBy('id').limit(s.limit),
  );
  const taskCounts = compileOnce(db, ['memberId', 'today', 'soon', 'since'], (s) =>
    db
      .selectFrom('task')
      .select((eb) => {
        const open = eb('status', 'in', OPEN_STATUSES);
        const count = (cond: ReturnType<typeof eb.and>) =>
          eb.fn.sum<number | string>(eb.case().when(cond).then(1).else(0).end());
        return [
          count(eb.and([open])).as('open'),
          count(eb.and([open, eb('dueDate', '<', s.today)])).as('overdue'),
          count(eb.and([open, eb('dueDate', '>=', s.today), eb('dueDate', '<=', s.soon)])).as('dueSoon'),
          count(eb.and([eb('status', '=', 'done'), eb('doneAt', '>=', s.since)])).as('doneInPeriod'),
        ];
      })
      .where('assigneeId', '=', s.memberId)
      .where('deletedAt', 'is', null),
  );
  const points = compileOnce(db, ['memberId', 'sinceDay'], (s) =>
    db
      .selectFrom('contribution')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('points'), eb.lit(0)).as('points'))
      .where('memberId', '=', s.memberId)
      .where('contributedOn', '>=', s.sinceDay),
  );
  return {
    // The member's open tasks by status, how many are overdue, and the first `limit` by due date.
    async mine(memberId: number, today: string, limit: number) {
      const [statuses, late, first] = await Promise.all([
        byStatus({ memberId }),
        overdue({ memberId, today }),
        firstDue({ memberId, limit }),
      ]);
      return {
        byStatus: statuses.rows.map((r) => ({ status: r.status, count: Number(r.n) })),
        overdue: Number(late.rows[0]?.n ?? 0),
        first: first.rows as OpenTask[],
      };
    },

    // The member's open tasks due between two days (inclusive): how many, and the first `limit` by due date.
    async dueBetween(memberId: number, from: string, to: string, limit: number) {
      const [count, rows] = await Promise.all([
        dueCount({ memberId, from, to }),
        dueFirst({ memberId, from, to, limit }),
      ]);
      return { total: Number(count.rows[0]?.n ?? 0), first: rows.rows as OpenTask[] };
    },

    async figures(memberId: number, since: number, now: number): Promise<TaskFigures> {
      const [tasks, sum] = await Promise.all([
        taskCounts({ memberId, today: isoDay(now), soon: isoDay(now + WEEK_DAYS * DAY), since }),
        points({ memberId, sinceDay: isoDay(since) }),
      ]);
      const n = (v: unknown) => Number(v ?? 0);
      const t = tasks.rows[0];
      return {
        open: n(t?.open),
        overdue: n(t?.overdue),
        dueSoon: n(t?.dueSoon),
        doneInPeriod: n(t?.doneInPeriod),
        points: n(sum.rows[0]?.points),
      };
    },
  };
}
export type TaskReport = ReturnType<typeof createTaskReport>;
