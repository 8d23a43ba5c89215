import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { ContributionListInput, KpiTypeListInput, TaskListInput, TaskStatus } from '@study-crm/shared';
import { isPostgres, type Db } from '../../db/database.js';
import type { ContributionTable, Row, TaskTable } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { PageWindow, SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';
import { compileOnce, compileShapes, idList, idsValue, type Slots } from '../../db/compiled.js';
import { versionedRows } from '../../db/versioned-rows.js';
import { personPartsJson, type PersonParts } from '../people/index.js';
import { projectNameSql } from '../project/index.js';

const TASK_COLUMNS = [
  'task.id',
  'task.projectId',
  'task.title',
  'task.description',
  'task.assigneeId',
  'task.dueDate',
  'task.status',
  'task.kpiTypeId',
  'task.points',
  'task.doneAt',
  'task.createdBy',
  'task.version',
  'task.createdAt',
  'task.updatedAt',
] as const;

export type TaskRow = Omit<Row<'task'>, 'deletedAt'>;
export type KpiTypeRow = Row<'kpiType'>;
export type ContributionRow = Row<'contribution'>;
type TaskFilter = Pick<TaskListInput, 'keyword' | 'projectId' | 'assigneeId' | 'status' | 'dueFrom' | 'dueTo'>;

// A KPI type as task and contribution responses name it.
export type KpiTypeRef = Pick<Row<'kpiType'>, 'id' | 'nameTw' | 'nameCn' | 'nameEn' | 'unit'>;
// What a task or contribution page's statement reads beside each row on PostgreSQL (issue 43; decisions 283, 288):
// its person (the people module's subquery), its project's name (the project module's) and its KPI type. A
// statement there costs a round trip and this process's CPU: one where there were four. On SQLite the service reads
// them by ids.
export type Carried = { person?: PersonParts | null; projectName?: string | null; kpi?: KpiTypeRef | null };
const kpiRefJson = (id: RawBuilder<unknown>) =>
  sql<KpiTypeRef | null>`(select json_build_object('id', k.id, 'nameTw', k.name_tw, 'nameCn', k.name_cn,
    'nameEn', k.name_en, 'unit', k.unit) from kpi_type k where k.id = ${id})`;
const carriedOf = (table: 'task' | 'contribution', person: 'assignee_id' | 'member_id') => [
  personPartsJson(sql.ref(`${table}.${person}`)).as('person'),
  projectNameSql(sql.ref(`${table}.project_id`)).as('projectName'),
  kpiRefJson(sql.ref(`${table}.kpi_type_id`)).as('kpi'),
];

const num = (v: unknown) => Number(v ?? 0);

// Tasks, KPI types and contribution records (migration 0026).
export function createTaskRepository(db: Db) {
  const pg = isPostgres(db);
  // The task list's filter from its slots (givenValues: a filter whose slot is given; `keyword` a contains-pattern).
  function tasks(s: Slots<string>) {
    let q = db.selectFrom('task').where('task.deletedAt', 'is', null);
    if (s.projectId) q = q.where('task.projectId', '=', s.projectId);
    if (s.assigneeId) q = q.where('task.assigneeId', '=', s.assigneeId);
    if (s.status) q = q.where('task.status', '=', s.status);
    if (s.dueFrom) q = q.where('task.dueDate', '>=', s.dueFrom);
    if (s.dueTo) q = q.where('task.dueDate', '<=', s.dueTo);
    if (s.keyword) q = q.where(likeLower('task.title', s.keyword));
    return q;
  }
  const SORTS = { dueDate: 'task.dueDate', title: 'task.title', createdAt: 'task.createdAt' } as const;
  type Sort = { sort: keyof typeof SORTS; order: SortOrder };
  // Each shape (the filters given, the order) built and compiled once (issue 43).
  const taskPage = compiledPageRows(db, (p: Sort, s) => ({
    rows: tasks(s)
      .select(TASK_COLUMNS)
      .$if(pg, (q) => q.select(carriedOf('task', 'assignee_id')))
      // Undated tasks after the dated in either direction, on both engines (SQLite sorts NULL first, PostgreSQL last).
      .$if(p.sort === 'dueDate', (q) => q.orderBy(sql`task.due_date is null`, 'asc'))
      .orderBy(SORTS[p.sort], p.order)
      .orderBy('task.id', p.order),
    count: tasks(s).select(countAll),
  }));

  // The contribution list's filter from its slots (givenValues).
  function contributions(s: Slots<string>) {
    let q = db.selectFrom('contribution');
    if (s.staffId) q = q.where('contribution.memberId', '=', s.staffId);
    if (s.projectId) q = q.where('contribution.projectId', '=', s.projectId);
    if (s.dateFrom) q = q.where('contribution.contributedOn', '>=', s.dateFrom);
    if (s.dateTo) q = q.where('contribution.contributedOn', '<=', s.dateTo);
    return q;
  }
  // The filter's count and points.
  const summed = (s: Slots<string>) =>
    contributions(s).select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number | string>('contribution.points'), sql<number>`0`).as('points'),
    ]);
  // Each shape (the filters given) built and compiled once (issue 43): a page, and the count and points of all. On
  // PostgreSQL the page carries them (`summed`, one JSON object) and its rows' people, projects and KPI types.
  const contributionRows = compileShapes(db, (_: null, s) =>
    contributions(s)
      .selectAll()
      .$if(pg, (q) =>
        q.select([
          ...carriedOf('contribution', 'member_id'),
          sql<{ n: number | string; points: number | string }>`(select json_build_object('n', c.n, 'points', c.points)
            from (${summed(s)}) c)`.as('summed'),
        ]),
      )
      .orderBy('contribution.contributedOn', 'desc')
      .orderBy('contribution.id', 'desc')
      .limit(s.limit!)
      .offset(s.offset!),
  );
  const contributionSum = compileShapes(db, (_: null, s) => summed(s));
  // KPI types by id, the ids as one parameter (compiled once).
  const kpiTypesOf = compileOnce(db, ['ids'], (s) =>
    db.selectFrom('kpiType').selectAll().where('id', 'in', idList(db, s.ids)),
  );

  // The KPI type list's filter from its slots (givenValues; `keyword` a contains-pattern of any of the three names).
  function kpiTypeFilter(s: Slots<string>) {
    let q = db.selectFrom('kpiType');
    if (s.enabled !== undefined) q = q.where('kpiType.enabled', '=', s.enabled);
    if (s.keyword)
      q = q.where((eb) =>
        eb.or([
          likeLower('kpi_type.name_tw', s.keyword!),
          likeLower('kpi_type.name_cn', s.keyword!),
          likeLower('kpi_type.name_en', s.keyword!),
        ]),
      );
    return q;
  }
  // Each shape (the filters given) built and compiled once (issue 43); each type with its live tasks' count.
  const kpiTypePage = compiledPageRows(db, (_: null, s) => ({
    rows: kpiTypeFilter(s)
      .selectAll('kpiType')
      .select((eb) =>
        eb
          .selectFrom('task')
          .select(eb.fn.countAll<number>().as('c'))
          .whereRef('task.kpiTypeId', '=', 'kpiType.id')
          .where('task.deletedAt', 'is', null)
          .as('taskCount'),
      )
      .orderBy('kpiType.sort')
      .orderBy('kpiType.id'),
    count: kpiTypeFilter(s).select(countAll),
  }));

  const taskRows = versionedRows(db, 'task', { softDeleted: true });
  const kpiTypes = versionedRows(db, 'kpiType');

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // ---------- tasks ----------
    async page(f: TaskFilter, sortField: string | null | undefined, w: PageWindow) {
      const keyword = f.keyword?.trim();
      const { key, values } = givenValues({
        projectId: f.projectId,
        assigneeId: f.assigneeId,
        status: f.status,
        dueFrom: f.dueFrom,
        dueTo: f.dueTo,
        keyword: keyword && containsPattern(keyword),
      });
      const p: Sort = {
        sort: sortField === 'dueDate' || sortField === 'title' ? sortField : 'createdAt',
        order: w.order,
      };
      const page = await taskPage(`${key}:${p.sort}:${p.order}`, p, values, w);
      return { rows: page.rows as (TaskRow & Carried)[], total: page.total, carried: pg };
    },

    byId: (id: number, tx: Conn = db): Promise<TaskRow | undefined> =>
      tx
        .selectFrom('task')
        .select(TASK_COLUMNS)
        .where('task.id', '=', id)
        .where('task.deletedAt', 'is', null)
        .executeTakeFirst(),

    insert: taskRows.insert,

    // An edit under the optimistic lock (a removed task counts as gone), in the caller's transaction: the task's
    // status and done time as it was edited (undefined: stale or gone), so a done task's record is written again
    // with it. A status change that read the task before the edit fails its move (moveStatus).
    async update(
      tx: Tx,
      id: number,
      patch: Updateable<TaskTable>,
      version: number | null | undefined,
    ): Promise<Pick<TaskRow, 'status' | 'doneAt'> | undefined> {
      let q = tx
        .updateTable('task')
        .set({ ...patch, version: sql<number>`version + 1` })
        .where('id', '=', id)
        .where('deletedAt', 'is', null);
      if (version !== undefined && version !== null) q = q.where('version', '=', version);
      return q.returning(['status', 'doneAt']).executeTakeFirst();
    },

    // The status moves only from the task as it was read (its version), so two parallel changes cannot both pass,
    // and an edit in between (assignee, points, KPI type) fails the move rather than leave a contribution record of
    // the task as it was before the edit.
    async moveStatus(
      tx: Tx,
      read: { id: number; version: number },
      to: TaskStatus,
      doneAt: number | null,
      now: number,
    ) {
      const r = await tx
        .updateTable('task')
        .set({ status: to, doneAt, updatedAt: now, version: sql<number>`version + 1` })
        .where('id', '=', read.id)
        .where('version', '=', read.version)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    softDelete: taskRows.softDelete,

    // ---------- contribution records ----------
    insertContribution: (tx: Tx, v: Insertable<ContributionTable>) => tx.insertInto('contribution').values(v).execute(),

    removeContributionOfTask: (tx: Tx, taskId: number) =>
      tx.deleteFrom('contribution').where('taskId', '=', taskId).execute(),

    async contributionPage(f: ContributionListInput, w: PageWindow) {
      const { key, values } = givenValues({
        staffId: f.staffId,
        projectId: f.projectId,
        dateFrom: f.dateFrom,
        dateTo: f.dateTo,
      });
      const page = contributionRows(key, null, Object.assign({ limit: w.limit, offset: w.offset }, values));
      const sumAlone = async () => (await contributionSum(key, null, values)).rows[0]!;
      // (On PostgreSQL the page's rows carry the count and points; an empty page is summed alone.)
      const [found, alone] = await Promise.all([page, pg ? null : sumAlone()]);
      const rows = found.rows as (ContributionRow &
        Carried & { summed?: { n: number | string; points: number | string } })[];
      const all = alone ?? rows[0]?.summed ?? (await sumAlone());
      return { rows, total: num(all.n), totalPoints: num(all.points), carried: pg };
    },

    // Points per member and KPI type in a day range (an index range of contribution_day_ix).
    async pointsByMember(from: string, to: string, projectId?: number | null) {
      let q = db
        .selectFrom('contribution')
        .leftJoin('kpiType', 'kpiType.id', 'contribution.kpiTypeId')
        .select((eb) => [
          'contribution.memberId',
          eb.fn.sum<number | string>('contribution.points').as('points'),
          eb.fn.sum<number | string>(sql`contribution.points * coalesce(kpi_type.weight, 100)`).as('weighted'),
          eb.fn.countAll<number | string>().as('records'),
        ])
        .where('contribution.contributedOn', '>=', from)
        .where('contribution.contributedOn', '<=', to)
        .groupBy('contribution.memberId');
      if (projectId) q = q.where('contribution.projectId', '=', projectId);
      const rows = await q.execute();
      return rows.map((r) => ({
        memberId: r.memberId,
        points: num(r.points),
        weighted: num(r.weighted),
        records: num(r.records),
      }));
    },

    // ---------- KPI types ----------
    async kpiTypePage(q: KpiTypeListInput, w: PageWindow) {
      const keyword = q.keyword?.trim();
      const { key, values } = givenValues({ enabled: q.enabled, keyword: keyword && containsPattern(keyword) });
      const { rows, total } = await kpiTypePage(key, null, values, w);
      return { rows: rows.map((r) => Object.assign(r, { taskCount: num(r.taskCount) })), total };
    },

    kpiType: (id: number): Promise<KpiTypeRow | undefined> =>
      db.selectFrom('kpiType').selectAll().where('id', '=', id).executeTakeFirst(),

    // The KPI type, its row held until `tx` ends (PostgreSQL; SQLite runs one write transaction at a time already):
    // `share` by a task's write naming it, so a removal or an edit (disabling it) waits for the write or has
    // committed when this answers; `update` by its removal, so a task's write naming it (whose insert holds the row
    // for its foreign key) has committed before the removal looks for tasks naming it, or waits for the removal.
    async holdKpiType(tx: Tx, id: number, mode: 'share' | 'update'): Promise<KpiTypeRow | undefined> {
      const q = tx.selectFrom('kpiType').selectAll().where('id', '=', id);
      return (pg ? (mode === 'share' ? q.forShare() : q.forUpdate()) : q).executeTakeFirst();
    },

    async kpiTypes(ids: number[]): Promise<Map<number, KpiTypeRow>> {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map();
      const { rows } = await kpiTypesOf({ ids: idsValue(db, unique) });
      return new Map(rows.map((r) => [r.id, r]));
    },

    enabledKpiTypes: (): Promise<KpiTypeRow[]> =>
      db.selectFrom('kpiType').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').limit(500).execute(),

    // A KPI type still named by a task (even a removed one) or a record stays: it can be disabled instead. In the
    // removal's transaction, after its row is held (holdKpiType).
    async kpiTypeInUse(tx: Tx, id: number): Promise<boolean> {
      const named = (table: 'task' | 'contribution') =>
        tx.selectFrom(table).select('id').where('kpiTypeId', '=', id).limit(1).executeTakeFirst();
      return (await named('task')) !== undefined || (await named('contribution')) !== undefined;
    },

    insertKpiType: kpiTypes.insert,
    updateKpiType: kpiTypes.update,
    removeKpiType: kpiTypes.remove,
  };
}

export type TaskRepository = ReturnType<typeof createTaskRepository>;
