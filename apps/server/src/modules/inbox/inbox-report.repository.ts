import type { TodoFigures } from '@study-crm/shared';
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { compileOnce, type Slots } from '../../db/compiled.js';

const WEEK = 7 * 86_400_000;

// The signed-in member's own to-dos for the dashboard (issue 21): one grouped read of their rows
// (member_todo_member_ix), scoped to the member like every query of the message box.
export function createInboxReport(db: Db) {
  // Built and compiled once (issue 43): the member, the instants and the limit are slots.
  const due = (s: Slots<'memberId' | 'from' | 'to'>) =>
    db
      .selectFrom('memberTodo')
      .where('memberId', '=', s.memberId)
      .where('done', '=', 0)
      .where('dueAt', '>=', s.from)
      .where('dueAt', '<', s.to);
  const dueCount = compileOnce(db, ['memberId', 'from', 'to'], (s) =>
    due(s).select((eb) => eb.fn.countAll<number | string>().as('n')),
  );
  const dueFirst = compileOnce(db, ['memberId', 'from', 'to', 'limit'], (s) =>
    due(s).select(['id', 'title', 'link', 'dueAt']).orderBy('dueAt').orderBy('id').limit(s.limit),
  );
  const figures = compileOnce(db, ['memberId', 'since', 'now', 'soon'], (s) =>
    db
      .selectFrom('memberTodo')
      .select((eb) => {
        // How many of the member's to-dos meet the condition.
        const count = (when: Expression<SqlBool>) =>
          eb.fn.sum<number | string>(eb.case().when(when).then(1).else(0).end());
        return [
          count(eb('done', '=', 0)).as('open'),
          count(eb.and([eb('done', '=', 0), eb('dueAt', '<', s.now)])).as('overdue'),
          count(eb.and([eb('done', '=', 0), eb('dueAt', '>=', s.now), eb('dueAt', '<', s.soon)])).as('dueSoon'),
          count(eb.and([eb('done', '=', 1), eb('createdAt', '>=', s.since)])).as('doneInPeriod'),
        ];
      })
      .where('memberId', '=', s.memberId),
  );
  return {
    // The member's open to-dos due in [from, to) (epoch ms): how many, and the first `limit` by due time.
    async dueTodos(memberId: number, from: number, to: number, limit: number) {
      const [count, first] = await Promise.all([
        dueCount({ memberId, from, to }),
        dueFirst({ memberId, from, to, limit }),
      ]);
      return {
        total: Number(count.rows[0]?.n ?? 0),
        first: first.rows.map((r) => ({ id: r.id, title: r.title, link: r.link, dueAt: Number(r.dueAt) })),
      };
    },

    async todoFigures(memberId: number, since: number, now: number): Promise<TodoFigures> {
      const row = (await figures({ memberId, since, now, soon: now + WEEK })).rows[0];
      return {
        open: Number(row?.open ?? 0),
        overdue: Number(row?.overdue ?? 0),
        dueSoon: Number(row?.dueSoon ?? 0),
        doneInPeriod: Number(row?.doneInPeriod ?? 0),
      };
    },
  };
}
export type InboxReport = ReturnType<typeof createInboxReport>;
