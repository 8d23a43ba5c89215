import { sql, type Expression } from 'kysely';
import { FOLLOW_UPS_MAX } from '@study-crm/shared';
import { compileOnce, idList, idsValue } from '../../db/compiled.js';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import { lockRow } from '../../db/row-lock.js';
import type { FollowProgress } from '../application/index.js';

const COLUMNS = [
  'id',
  'applicationId',
  'number',
  'service',
  'isDone',
  'doneAt',
  'signingTeacherId',
  'followTeacherId',
  'appliedSchool',
  'attendedSchool',
  'internalNote',
  'contractDate',
  'status',
  'businessType',
  'createdAt',
] as const;

export type FollowUpRow = Omit<Row<'followUp'>, 'updatedAt'>;
export type FollowUpValues = Omit<FollowUpRow, 'id' | 'applicationId' | 'number' | 'createdAt' | 'doneAt' | 'isDone'>;

// An application's done and total follow-up items as one JSON object, read inside the application list's page
// statement on PostgreSQL (one statement where there were two: issue 43); `progressOf` reads the same for ids.
export const followProgressJson = (applicationId: Expression<number>) =>
  sql<FollowProgress>`(select json_build_object('done', coalesce(sum(f.is_done), 0), 'total', count(*))
    from follow_up f where f.application_id = ${applicationId})`;

export function createFollowUpRepository(db: Db) {
  // Compiled once: the ids are one parameter (issue 43).
  const progress = compileOnce(db, ['ids'], (s) =>
    db
      .selectFrom('followUp')
      .select((eb) => [
        'applicationId',
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.sum<number | string | null>('isDone').as('done'),
      ])
      .where('applicationId', 'in', idList(db, s.ids))
      .groupBy('applicationId'),
  );
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    // Done and total follow-up items of each application (the application list's and detail's progress).
    async progressOf(applicationIds: readonly number[]): Promise<Map<number, FollowProgress>> {
      if (!applicationIds.length) return new Map();
      const { rows } = await progress({ ids: idsValue(db, applicationIds) });
      return new Map(rows.map((r) => [r.applicationId, { done: Number(r.done ?? 0), total: Number(r.total) }]));
    },

    // The application's items by number. Adds stop at FOLLOW_UPS_MAX, so this is every item; the bound only keeps
    // one answer small for an application filled past it before the cap (its counts come from `progressOf`).
    ofApplication: (applicationId: number): Promise<FollowUpRow[]> =>
      db
        .selectFrom('followUp')
        .select(COLUMNS)
        .where('applicationId', '=', applicationId)
        .orderBy('number')
        .limit(FOLLOW_UPS_MAX)
        .execute(),

    find: (id: number, tx: Conn = db): Promise<FollowUpRow | undefined> =>
      tx.selectFrom('followUp').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    // Call inside a transaction: the next number inside the application is taken in the same transaction
    // as the insert (the unique (application_id, number) index refuses a concurrent duplicate). Null, and nothing
    // written, when the application holds FOLLOW_UPS_MAX items already.
    insert: async (
      tx: Tx,
      applicationId: number,
      v: FollowUpValues,
      isDone: number,
      now: number,
    ): Promise<number | null> => {
      // Parallel adds on one application wait for each other here (PostgreSQL), so each takes the next number and
      // counts the others' items.
      await lockRow(tx, 'application', applicationId);
      const { last, held } = await tx
        .selectFrom('followUp')
        .select((eb) => [eb.fn.max<number | null>('number').as('last'), eb.fn.countAll<number | string>().as('held')])
        .where('applicationId', '=', applicationId)
        .executeTakeFirstOrThrow();
      if (Number(held) >= FOLLOW_UPS_MAX) return null;
      const row = await tx
        .insertInto('followUp')
        .values({
          ...v,
          applicationId,
          number: Number(last ?? 0) + 1,
          isDone,
          doneAt: isDone ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    update: (
      tx: Conn,
      id: number,
      v: Partial<FollowUpValues> & { isDone?: number; doneAt?: number | null },
      now: number,
    ) =>
      tx
        .updateTable('followUp')
        .set({ ...v, updatedAt: now })
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}
export type FollowUpRepository = ReturnType<typeof createFollowUpRepository>;
