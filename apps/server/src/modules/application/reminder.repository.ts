import type { Db } from '../../db/database.js';
import { liveSearched } from '../../db/sql-helpers.js';
import type { Row } from '../../db/schema.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';

// Statuses (application_status values) whose application needs no more reminders.
export const CLOSED_STATUSES = ['rejected', 'withdrawn', 'enrolled'] as const;

export type ReminderRow = Row<'applicationReminder'>;
export type ReminderKey = { applicationId: number; kind: string; subjectKey: string; dueDate: string };

// The business types of these applications' follow-up items (the level their course needs); the visa checklist's
// language checks read them too.
export const businessTypesOf = (db: Db, applicationIds: readonly number[]) =>
  applicationIds.length
    ? db
        .selectFrom('followUp')
        .select(['applicationId', 'businessType'])
        .distinct()
        .where('applicationId', 'in', [...applicationIds])
        .where('businessType', 'is not', null)
        .execute()
    : Promise.resolve([]);

// The SQL of the daily reminders (issue 40): what falls due on the application tables, and the reminder rows.
export function createReminderRepository(db: Db) {
  // Open applications, for a read another index drives (an expiry or test date's, a cycle's): the live test is
  // hidden from the planner (liveSearched), which without statistics would walk every live row of the
  // (deleted_at, …) index instead (decision 263).
  const open = () =>
    db
      .selectFrom('application')
      .where(liveSearched('application', true))
      .where('application.status', 'not in', [...CLOSED_STATUSES]);

  // Language tests taken (not booked) of open applications, with who is told.
  const taken = () =>
    open()
      .innerJoin('applicationLanguageScore as ls', 'ls.applicationId', 'application.id')
      .select([
        'application.id',
        'application.name',
        'application.signingTeacherId',
        'application.followTeacherId',
        'ls.testType',
        'ls.testDate',
      ])
      .where('ls.futureBooking', '=', 0);

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // Open applications whose passport expires between the two dates (inclusive), through the expiry date's index
    // (migration 0072).
    passportsExpiring: (from: string, to: string) =>
      open()
        .select(['id', 'name', 'passportExpiryDate', 'signingTeacherId', 'followTeacherId'])
        .where('passportExpiryDate', '>=', from)
        .where('passportExpiryDate', '<=', to)
        .execute(),

    // The cycles the target schools of these applications belong to.
    cyclesOf: (applicationIds: readonly number[]) =>
      applicationIds.length
        ? db
            .selectFrom('applicationTargetSchool')
            .select(['applicationId', 'cycleId'])
            .where('applicationId', 'in', [...applicationIds])
            .where('cycleId', 'is not', null)
            .execute()
        : Promise.resolve([]),

    // Choices of open applications in these cycles not sent yet (no application date), with the deadline each is on
    // time by as saved (null: not a UCAS choice).
    unsentChoices: (cycleIds: readonly number[]) =>
      cycleIds.length
        ? open()
            .innerJoin('applicationTargetSchool as ts', 'ts.applicationId', 'application.id')
            .select([
              'application.id',
              'application.name',
              'application.signingTeacherId',
              'application.followTeacherId',
              'ts.cycleId',
              'ts.deadlineKey',
            ])
            .where('ts.cycleId', 'in', [...cycleIds])
            .where('ts.applicationDate', 'is', null)
            .execute()
        : Promise.resolve([]),

    // Language tests taken (not booked) between the two dates, of open applications.
    testsTaken: (from: string, to: string) =>
      taken().where('ls.testDate', '>=', from).where('ls.testDate', '<=', to).execute(),

    // Language tests taken (not booked) of open applications with a target school in these cycles: what the flags
    // read (decision 209). One row per test and target school of those cycles; the caller keeps one per test.
    scoresInCycles: (cycleIds: readonly number[]) =>
      cycleIds.length
        ? taken()
            .innerJoin('applicationTargetSchool as ts', 'ts.applicationId', 'application.id')
            .select(['ls.futureBooking', 'ls.isUkvi', 'ls.listening', 'ls.reading', 'ls.writing', 'ls.speaking'])
            .where('ts.cycleId', 'in', [...cycleIds])
            .where('ls.testDate', 'is not', null)
            .execute()
        : Promise.resolve([]),

    businessTypesOf: (applicationIds: readonly number[]) => businessTypesOf(db, applicationIds),

    // The reminder, unless a worker created it already: its id, or undefined when it existed.
    insertOnce: async (tx: Tx, key: ReminderKey & { daysBefore: number; teacherId: number | null }, now: number) =>
      (
        await tx
          .insertInto('applicationReminder')
          .values({ ...key, resolvedAt: null, createdAt: now, updatedAt: now })
          .onConflict((oc) => oc.columns(['applicationId', 'kind', 'subjectKey', 'dueDate', 'daysBefore']).doNothing())
          .returning('id')
          .executeTakeFirst()
      )?.id,

    // The open reminders of one date (earlier days-before ones, which a new one replaces).
    openOf: (tx: Tx, k: ReminderKey): Promise<ReminderRow[]> =>
      tx
        .selectFrom('applicationReminder')
        .selectAll()
        .where('applicationId', '=', k.applicationId)
        .where('kind', '=', k.kind)
        .where('subjectKey', '=', k.subjectKey)
        .where('dueDate', '=', k.dueDate)
        .where('resolvedAt', 'is', null)
        .execute(),

    openReminders: (tx: Conn = db): Promise<ReminderRow[]> =>
      tx.selectFrom('applicationReminder').selectAll().where('resolvedAt', 'is', null).orderBy('id').execute(),

    // Marks it resolved; false when another worker did first.
    resolve: async (tx: Tx, id: number, now: number) =>
      Number(
        (
          await tx
            .updateTable('applicationReminder')
            .set({ resolvedAt: now, updatedAt: now })
            .where('id', '=', id)
            .where('resolvedAt', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,
  };
}
export type ReminderRepository = ReturnType<typeof createReminderRepository>;
