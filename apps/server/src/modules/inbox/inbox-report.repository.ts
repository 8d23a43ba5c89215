import type { TodoFigures } from '@study-crm/shared';
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

const WEEK = 7 * 86_400_000;

// The signed-in member's own to-dos for the dashboard (issue 21): one grouped read of their rows
// (member_todo_member_ix), scoped to the member like every query of the message box.
export function createInboxReport(db: Db) {
  return {
    // The member's open to-dos due in [from, to) (epoch ms): how many, and the first `limit` by due time.
    async dueTodos(memberId: number, from: number, to: number, limit: number) {
      const due = db
        .selectFrom('memberTodo')
        .where('memberId', '=', memberId)
        .where('done', '=', 0)
        .where('dueAt', '>=', from)
        .where('dueAt', '<', to);
      const [count, rows] = await Promise.all([
        due.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        due.select(['id', 'title', 'link', 'dueAt']).orderBy('dueAt').orderBy('id').limit(limit).execute(),
      ]);
      return {
        total: Number(count.n),
        first: rows.map((r) => ({ id: r.id, title: r.title, link: r.link, dueAt: Number(r.dueAt) })),
      };
    },

    async todoFigures(memberId: number, since: number, now: number): Promise<TodoFigures> {
      const row = await db
        .selectFrom('memberTodo')
        .select((eb) => {
          // How many of the member's to-dos meet the condition.
          const count = (when: Expression<SqlBool>) =>
            eb.fn.sum<number | string>(eb.case().when(when).then(1).else(0).end());
          return [
            count(eb('done', '=', 0)).as('open'),
            count(eb.and([eb('done', '=', 0), eb('dueAt', '<', now)])).as('overdue'),
            count(eb.and([eb('done', '=', 0), eb('dueAt', '>=', now), eb('dueAt', '<', now + WEEK)])).as('dueSoon'),
            count(eb.and([eb('done', '=', 1), eb('createdAt', '>=', since)])).as('doneInPeriod'),
          ];
        })
        .where('memberId', '=', memberId)
        .executeTakeFirst();
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
