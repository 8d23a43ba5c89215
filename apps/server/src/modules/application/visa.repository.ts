import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { carriedTotal } from '../../db/list-count.js';
import { compileOnce, plannedOnce, rawStatement, type Slots } from '../../db/compiled.js';
import { lockRow } from '../../db/row-lock.js';
import type { Row } from '../../db/schema.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import { businessTypesOf, CLOSED_STATUSES } from './reminder.repository.js';

export type VisaStepRow = Row<'applicationVisaStep'>;
export type VisaStepValues = Omit<VisaStepRow, 'id' | 'applicationId' | 'stageId' | 'version' | 'createdAt'>;
// The same day two years before, as text (compared as text, so 29 February needs no day of its own).
const twoYearsBefore = (day: string) => `${Number(day.slice(0, 4)) - 2}${day.slice(4)}`;
// The last test date whose two years end by `day`: a test of 29 February runs to 28 February (the shared
// languageExpiry), so a window ending on 28 February takes the 29th before it too (as text, no leap year needed).
const lastTestFor = (day: string) => twoYearsBefore(day).replace(/-02-28$/, '-02-29');

export type DueRow = {
  applicationId: number;
  name: string;
  kind: string;
  detail: string | null;
  dueDate: string;
};

// Risk order of what falls due on one day: an expiring CAS first, the funds window, the passport, a UCAS deadline,
// a language test's expiry, a language test flagged against the course start, then a checklist step's own date.
const RISK = sql`case d.kind when 'casExpiry' then 0 when 'fundsWindow' then 1 when 'passport' then 2
  when 'ucas' then 3 when 'language' then 4 when 'languageFlag' then 5 else 6 end`;
const CLOSED = sql.join(CLOSED_STATUSES.map((s) => sql.lit(s)));

// The SQL of the Student visa checklist (issue 40): each application's steps, the files uploaded from them, and what
// falls due in a window (the reminders and the list's "this week").
export function createVisaRepository(db: Db) {
  // The funds and CAS dates matter until the visa is applied for.
  const visaNotApplied = sql<boolean>`not exists (select 1 from application_visa_step v join visa_stage vs on vs.id = v.stage_id
    where v.application_id = s.application_id and vs.kind = 'visaApplied' and v.status in ('done', 'notRequired'))`;

  // Everything due between the two dates (`from`, `to`; a language test's expiry is two years after it, so the tests
  // taken between `yFrom` and `yTo`) on open applications, one row per thing.
  const dueUnion = ({ from, to, yFrom, yTo }: Slots<'from' | 'to' | 'yFrom' | 'yTo'>) => {
    return sql<DueRow>`
      select a.id as application_id, a.name, 'passport' as kind, cast(null as varchar(100)) as detail,
        a.passport_expiry_date as due_date
      from application a
      where a.deleted_at is null and a.status not in (${CLOSED})
        and a.passport_expiry_date >= ${from} and a.passport_expiry_date <= ${to}
      union all
      -- From the cycles with a deadline in the window (usually none) to their choices (decision 270): the cross
      -- joins keep SQLite to that order. Which deadline a choice is on time by (and whether it is a UCAS choice at
      -- all) is its deadline_key, written on save by the shared rule the reminders and save warnings use.
      select distinct a.id, a.name, 'ucas', cast(c.entry_year as varchar(100)),
        case ts.deadline_key when 'early' then c.early_deadline else c.equal_deadline end
      from admissions_cycle c
      cross join application_target_school ts
      cross join application a
      where (c.early_deadline between ${from} and ${to} or c.equal_deadline between ${from} and ${to})
        and ts.cycle_id = c.id and a.id = ts.application_id
        and a.deleted_at is null and a.status not in (${CLOSED}) and ts.application_date is null
        and ts.deadline_key is not null
        and case ts.deadline_key when 'early' then c.early_deadline else c.equal_deadline end between ${from} and ${to}
      union all
      select a.id, a.name, 'language', ls.test_type,
        cast(cast(substr(ls.test_date, 1, 4) as integer) + 2 as varchar(4))
          || case when substr(ls.test_date, 5) = '-02-29' then '-02-28' else substr(ls.test_date, 5) end
      from application a
      join application_language_score ls on ls.application_id = a.id
      where a.deleted_at is null and a.status not in (${CLOSED}) and ls.future_booking = 0
        and ls.test_date >= ${yFrom} and ls.test_date <= ${yTo}
      union all
      select distinct a.id, a.name, 'languageFlag', cast(substr(r.subject_key, 10) as varchar(100)), r.due_date
      from application_reminder r
      join application a on a.id = r.application_id
      where r.kind = 'languageFlag' and r.resolved_at is null and r.due_date >= ${from} and r.due_date <= ${to}
        and a.deleted_at is null and a.status not in (${CLOSED})
      union all
      select a.id, a.name,
        case st.kind when 'casIssued' then 'casExpiry' when 'funds' then 'fundsWindow' else 'step' end,
        coalesce(st.name, st.kind), s.due_date
      from application_visa_step s
      join application a on a.id = s.application_id
      join visa_stage st on st.id = s.stage_id
      where a.deleted_at is null and a.status not in (${CLOSED}) and st.status = 'enabled'
        and s.due_date >= ${from} and s.due_date <= ${to}
        and (st.kind not in ('casIssued', 'funds') or st.kind is null or ${visaNotApplied})`;
  };

  // "This week"'s page and its count, each built and compiled once (issue 43), and on PostgreSQL planned once per
  // connection, not on every call (decisions 275, 324).
  const DUE = ['from', 'to', 'yFrom', 'yTo'] as const;
  const dueRows = compileOnce(
    db,
    [...DUE, 'limit', 'offset'],
    rawStatement(
      db,
      (s) => sql<DueRow & { total: number | string }>`${plannedOnce(db)}select
        d.application_id as "applicationId", d.name, d.kind, d.detail, d.due_date as "dueDate",
        count(*) over () as total
      from (${dueUnion(s)}) d order by d.due_date, ${RISK}, d.application_id, d.detail limit ${s.limit} offset ${s.offset}`,
    ),
  );
  const dueCount = compileOnce(
    db,
    DUE,
    rawStatement(
      db,
      (s) => sql<{ n: number | string }>`${plannedOnce(db)}select count(*) as n from (${dueUnion(s)}) d`,
    ),
  );

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),
    // Two saves of one application's steps wait for each other here (PostgreSQL), so each checks the rules
    // against the other's step once it is written.
    lockApplication: (tx: Tx, applicationId: number) => lockRow(tx, 'application', applicationId),

    stepsOf: (applicationId: number, tx: Conn = db): Promise<VisaStepRow[]> =>
      tx.selectFrom('applicationVisaStep').selectAll().where('applicationId', '=', applicationId).execute(),

    async insert(tx: Tx, applicationId: number, stageId: number, v: VisaStepValues, now: number) {
      return (
        await tx
          .insertInto('applicationVisaStep')
          .values({ ...v, applicationId, stageId, createdAt: now })
          .onConflict((oc) => oc.columns(['applicationId', 'stageId']).doNothing())
          .returning('id')
          .executeTakeFirst()
      )?.id;
    },

    // false: another save changed it since `version` was read.
    async update(tx: Tx, id: number, v: VisaStepValues, version: number) {
      const r = await tx
        .updateTable('applicationVisaStep')
        .set({ ...v, version: sql<number>`version + 1` })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    // The language scores of an application, for the visa checks.
    scoresOf: (applicationId: number) =>
      db
        .selectFrom('applicationLanguageScore')
        .select([
          'id',
          'testType',
          'testDate',
          'futureBooking',
          'isUkvi',
          'listening',
          'reading',
          'writing',
          'speaking',
        ])
        .where('applicationId', '=', applicationId)
        .orderBy('sort')
        .execute(),

    // The entry years of the cycles the application's target schools name.
    cycleIdsOf: async (applicationId: number) =>
      (
        await db
          .selectFrom('applicationTargetSchool')
          .select('cycleId')
          .where('applicationId', '=', applicationId)
          .where('cycleId', 'is not', null)
          .execute()
      ).map((r) => r.cycleId!),

    // The business types of the application's follow-up items (what level of course it is for).
    businessTypesOf: async (applicationId: number) =>
      (await businessTypesOf(db, [applicationId])).map((r) => r.businessType!),

    // The files of an application uploaded from its checklist steps.
    filesOf: (applicationId: number) =>
      db
        .selectFrom('applicationFile')
        .select(['id', 'title', 'type', 'extension', 'displayPath', 'visaStageId'])
        .where('applicationId', '=', applicationId)
        .where('visaStageId', 'is not', null)
        .orderBy('id')
        .limit(500)
        .execute(),

    // Steps finished (done or not required) in enabled stages, per application.
    async finishedOf(applicationIds: readonly number[]): Promise<Map<number, number>> {
      if (!applicationIds.length) return new Map();
      const rows = await db
        .selectFrom('applicationVisaStep as s')
        .innerJoin('visaStage as st', 'st.id', 's.stageId')
        .select((eb) => ['s.applicationId', eb.fn.countAll<number | string>().as('n')])
        .where('s.applicationId', 'in', [...applicationIds])
        .where('st.status', '=', 'enabled')
        .where('s.status', 'in', ['done', 'notRequired'])
        .groupBy('s.applicationId')
        .execute();
      return new Map(rows.map((r) => [r.applicationId, Number(r.n)]));
    },

    // CAS expiries and funds windows due between the two dates, of open applications not yet applied for a visa.
    visaDue: (from: string, to: string) =>
      db
        .selectFrom('applicationVisaStep as s')
        .innerJoin('application as a', 'a.id', 's.applicationId')
        .innerJoin('visaStage as st', 'st.id', 's.stageId')
        .select([
          's.id as stepId',
          's.applicationId',
          's.dueDate',
          's.ownerId',
          'st.kind',
          'a.name',
          'a.signingTeacherId',
          'a.followTeacherId',
        ])
        .where('a.deletedAt', 'is', null)
        .where('a.status', 'not in', [...CLOSED_STATUSES])
        .where('st.status', '=', 'enabled')
        .where('st.kind', 'in', ['casIssued', 'funds'])
        .where('s.dueDate', '>=', from)
        .where('s.dueDate', '<=', to)
        .where(visaNotApplied)
        .execute(),

    // What falls due between the two dates, the soonest and riskiest first, paged in SQL; the page and its total in
    // one statement, so the union is read once (decision 270).
    async duePage(from: string, to: string, limit: number, offset: number) {
      const values = { from, to, yFrom: twoYearsBefore(from), yTo: lastTestFor(to) };
      const { rows } = await dueRows(Object.assign({ limit, offset }, values));
      const total = await carriedTotal(rows, offset === 0, async () =>
        Number((await dueCount(values)).rows[0]?.n ?? 0),
      );
      return { rows, total };
    },
  };
}
export type VisaRepository = ReturnType<typeof createVisaRepository>;
