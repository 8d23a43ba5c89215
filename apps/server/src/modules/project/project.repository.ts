import { sql, type Expression, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { ProjectListInput, ProjectRole } from '@study-crm/shared';
import type { Db, Dialect } from '../../db/database.js';
import type { Database, ProjectTable, Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { PageWindow, SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues, pageRows } from '../../db/page-rows.js';
import { compileOnce, idList, idsValue, type Slots } from '../../db/compiled.js';
import { versionedRows } from '../../db/versioned-rows.js';

const PROJECT_COLUMNS = [
  'project.id',
  'project.name',
  'project.description',
  'project.status',
  'project.startDate',
  'project.endDate',
  'project.ownerId',
  'project.createdBy',
  'project.version',
  'project.createdAt',
  'project.updatedAt',
] as const;

const MEMBER_COLUMNS = [
  'projectMember.id',
  'projectMember.projectId',
  'projectMember.memberId',
  'projectMember.projectRole',
  'projectMember.shareBp',
  'projectMember.createdAt',
] as const;

export type ProjectRow = Omit<Row<'project'>, 'deletedAt'> & {
  memberCount: number;
  shareTotalBp: number;
  // The role of the member the rows were read for (null: none, or read for nobody).
  myRole: ProjectRole | null;
};
export type ProjectMemberRow = Pick<
  Row<'projectMember'>,
  'id' | 'projectId' | 'memberId' | 'projectRole' | 'shareBp' | 'createdAt'
>;
export type ConstitutionRow = Row<'projectConstitution'>;

type ListFilter = Pick<ProjectListInput, 'keyword' | 'status' | 'staffId'> & { sortField?: string | null };

// A project's name (removed projects too, as `names` reads them) read inside another module's statement on
// PostgreSQL: the task and contribution lists read their projects' names in their page's statement (issue 43).
export const projectNameSql = (id: Expression<number>) =>
  sql<string | null>`(select p.name from project p where p.id = ${id})`;

// Project rows (migration 0025). Other modules never read these tables but through the project service (or, on
// PostgreSQL, the subquery above, which this module writes).
export function createProjectRepository(db: Db, dialect: Dialect) {
  const pg = dialect === 'postgres';
  // Projects' names by id, the ids as one parameter (compiled once, issue 43).
  const namesOf = compileOnce(db, ['ids'], (s) =>
    db.selectFrom('project').select(['id', 'name']).where('id', 'in', idList(db, s.ids)),
  );
  // The project by id while it is not removed: an existence check, or the row to lock.
  const live = (tx: Conn, id: number) =>
    tx.selectFrom('project').select('id').where('id', '=', id).where('deletedAt', 'is', null);

  // Project members, read with the columns of ProjectMemberRow.
  const memberRows = (tx: Conn) => tx.selectFrom('projectMember').select(MEMBER_COLUMNS);

  // A project query's columns with the member count, the share total and the role a member (`viewer`) holds in
  // it (null for none, or no viewer): scalar subqueries on the (project, member) index, evaluated for the rows read
  // (decision 298).
  const withColumns = (q: SelectQueryBuilder<Database, 'project', object>, viewer: number | null) =>
    q.select(PROJECT_COLUMNS).select((eb) => {
      const members = () => eb.selectFrom('projectMember as pm').whereRef('pm.projectId', '=', 'project.id');
      return [
        members()
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .as('memberCount'),
        members()
          .select((e) => e.fn.sum<number | string>('pm.shareBp').as('s'))
          .as('shareTotalBp'),
        members()
          .select('pm.projectRole')
          .where('pm.memberId', '=', viewer ?? 0)
          .as('myRole'),
      ];
    });

  const norm = (r: {
    [K in keyof ProjectRow]: K extends 'memberCount' | 'shareTotalBp' ? unknown : ProjectRow[K] | null;
  }) =>
    Object.assign(r, {
      memberCount: Number(r.memberCount ?? 0),
      shareTotalBp: Number(r.shareTotalBp ?? 0),
    }) as ProjectRow;

  // The list's filter from its slots (givenValues: a filter whose slot is given; `keyword` a contains-pattern).
  function filtered(s: Slots<string>) {
    let q = db.selectFrom('project').where('project.deletedAt', 'is', null);
    if (s.status) q = q.where('project.status', '=', s.status);
    if (s.keyword) q = q.where(likeLower('project.name', s.keyword));
    if (s.staffId)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('projectMember')
            .select('projectMember.id')
            .whereRef('projectMember.projectId', '=', 'project.id')
            .where('projectMember.memberId', '=', s.staffId!),
        ),
      );
    return q;
  }
  const SORTS = { name: 'project.name', startDate: 'project.startDate', createdAt: 'project.createdAt' } as const;
  type Sort = { sort: keyof typeof SORTS; order: SortOrder };
  // Each shape (the filters given, the order) built and compiled once (issue 43).
  const pageOf = compiledPageRows(db, (p: Sort, s) => ({
    rows: withColumns(filtered(s), s.viewer!)
      // Undated projects after the dated in either direction, on both engines (SQLite sorts NULL first, PostgreSQL
      // last).
      .$if(p.sort === 'startDate', (q) => q.orderBy(sql`project.start_date is null`, 'asc'))
      .orderBy(SORTS[p.sort], p.order)
      .orderBy('project.id', p.order),
    count: filtered(s).select(countAll),
  }));

  const rows = versionedRows(db, 'project', { softDeleted: true });

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // One page of projects with their counts and the viewer's role in each, and the total.
    async page(f: ListFilter, w: PageWindow, viewer: number): Promise<{ rows: ProjectRow[]; total: number }> {
      const keyword = f.keyword?.trim();
      const { key, values } = givenValues({
        status: f.status,
        keyword: keyword && containsPattern(keyword),
        staffId: f.staffId,
        viewer,
      });
      const p: Sort = {
        sort: f.sortField === 'name' || f.sortField === 'startDate' ? f.sortField : 'createdAt',
        order: w.order,
      };
      const { rows, total } = await pageOf(`${key}:${p.sort}:${p.order}`, p, values, w);
      return { rows: rows.map(norm), total };
    },

    // A live project, read for nobody (myRole null: a view reads the caller's role among the members it lists).
    async byId(id: number, tx: Conn = db): Promise<ProjectRow | undefined> {
      const r = await withColumns(tx.selectFrom('project').where('project.deletedAt', 'is', null), null)
        .where('project.id', '=', id)
        .executeTakeFirst();
      return r ? norm(r) : undefined;
    },
    exists: async (id: number): Promise<boolean> => (await live(db, id).executeTakeFirst()) !== undefined,

    // Holds the project row until the transaction ends, so two writers of one project's members take turns
    // (PostgreSQL; SQLite runs one write transaction at a time already). False when the project is gone.
    async lock(tx: Tx, id: number): Promise<boolean> {
      const q = live(tx, id);
      return (await (pg ? q.forUpdate() : q).executeTakeFirst()) !== undefined;
    },

    // Holds the project row until the transaction ends, shared (a task's write naming the project): its removal (an
    // update of the row) and its members' changes (which lock it first, above) wait for the write, or have committed
    // when this returns, so what the write reads next is as they left it (PostgreSQL; SQLite runs one write
    // transaction at a time already). False when the project is gone or removed.
    async share(tx: Tx, id: number): Promise<boolean> {
      const q = live(tx, id);
      return (await (pg ? q.forShare() : q).executeTakeFirst()) !== undefined;
    },

    // Whether the member manages a project that is not removed (the staff picker's callers, with project:members).
    managesAny: async (memberId: number): Promise<boolean> =>
      (await db
        .selectFrom('projectMember')
        .innerJoin('project', 'project.id', 'projectMember.projectId')
        .select('projectMember.id')
        .where('projectMember.memberId', '=', memberId)
        .where('projectMember.projectRole', '=', 'manager')
        .where('project.deletedAt', 'is', null)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    insert: (tx: Tx, row: Insertable<ProjectTable>): Promise<number> => rows.insert(row, tx),
    // Optimistic lock; a removed project counts as gone.
    update: rows.update,

    softDelete: rows.softDelete,

    members: (projectId: number, tx: Conn = db): Promise<ProjectMemberRow[]> =>
      memberRows(tx).where('projectMember.projectId', '=', projectId).orderBy('projectMember.id').execute(),

    member: (id: number, tx: Conn = db): Promise<ProjectMemberRow | undefined> =>
      memberRows(tx).where('projectMember.id', '=', id).executeTakeFirst(),

    membership: (projectId: number, memberId: number, tx: Conn = db): Promise<ProjectMemberRow | undefined> =>
      memberRows(tx)
        .where('projectMember.projectId', '=', projectId)
        .where('projectMember.memberId', '=', memberId)
        .executeTakeFirst(),

    insertMember: async (
      tx: Tx,
      v: { projectId: number; memberId: number; projectRole: ProjectRole; shareBp: number; now: number },
    ): Promise<number> =>
      (
        await tx
          .insertInto('projectMember')
          .values({
            projectId: v.projectId,
            memberId: v.memberId,
            projectRole: v.projectRole,
            shareBp: v.shareBp,
            createdAt: v.now,
            updatedAt: v.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    updateMember: async (tx: Tx, id: number, v: { projectRole: ProjectRole; shareBp: number; now: number }) =>
      tx
        .updateTable('projectMember')
        .set({ projectRole: v.projectRole, shareBp: v.shareBp, updatedAt: v.now })
        .where('id', '=', id)
        .execute(),

    removeMember: (tx: Tx, id: number) => tx.deleteFrom('projectMember').where('id', '=', id).execute(),

    latestConstitution: (projectId: number, tx: Conn = db): Promise<ConstitutionRow | undefined> =>
      tx
        .selectFrom('projectConstitution')
        .selectAll()
        .where('projectId', '=', projectId)
        .orderBy('revision', 'desc')
        .limit(1)
        .executeTakeFirst(),

    constitution: (projectId: number, revision: number): Promise<ConstitutionRow | undefined> =>
      db
        .selectFrom('projectConstitution')
        .selectAll()
        .where('projectId', '=', projectId)
        .where('revision', '=', revision)
        .executeTakeFirst(),

    insertConstitution: (
      tx: Tx,
      v: { projectId: number; revision: number; content: string; createdBy: number; createdAt: number },
    ) => tx.insertInto('projectConstitution').values(v).execute(),

    async constitutionHistory(projectId: number, w: PageWindow) {
      const revisions = db.selectFrom('projectConstitution').where('projectId', '=', projectId);
      const { rows, total } = await pageRows(
        db,
        revisions
          .select(['revision', 'createdBy', 'createdAt', sql<number>`length(content)`.as('length')])
          .orderBy('revision', 'desc'),
        revisions.select(countAll),
        w,
      );
      return { rows: rows.map((r) => Object.assign(r, { length: Number(r.length) })), total };
    },

    async names(ids: number[]): Promise<Map<number, string>> {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map();
      const { rows } = await namesOf({ ids: idsValue(db, unique) });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    isMember: async (projectId: number, memberId: number, tx: Conn = db): Promise<boolean> =>
      (await tx
        .selectFrom('projectMember')
        .select('id')
        .where('projectId', '=', projectId)
        .where('memberId', '=', memberId)
        .executeTakeFirst()) !== undefined,
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
