import { sql, type Insertable } from 'kysely';
import type { ProjectListInput, ProjectRole } from '@study-crm/shared';
import type { Db, Dialect } from '../../db/database.js';
import type { ProjectTable, Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { PageWindow } from '../../lib/paging.js';
import { pageRows } from '../../db/page-rows.js';
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

export type ProjectRow = Omit<Row<'project'>, 'deletedAt'> & { memberCount: number; shareTotalBp: number };
export type ProjectMemberRow = Pick<
  Row<'projectMember'>,
  'id' | 'projectId' | 'memberId' | 'projectRole' | 'shareBp' | 'createdAt'
>;
export type ConstitutionRow = Row<'projectConstitution'>;

type ListFilter = Pick<ProjectListInput, 'keyword' | 'status' | 'staffId'> & { sortField?: string | null };

// Project rows (migration 0025). Other modules never read these tables: they use the project service.
export function createProjectRepository(db: Db, dialect: Dialect) {
  const pg = dialect === 'postgres';
  // The project by id while it is not removed: an existence check, or the row to lock.
  const live = (tx: Conn, id: number) =>
    tx.selectFrom('project').select('id').where('id', '=', id).where('deletedAt', 'is', null);

  // Project members, read with the columns of ProjectMemberRow.
  const memberRows = (tx: Conn) => tx.selectFrom('projectMember').select(MEMBER_COLUMNS);

  // Live projects with their member count and share total (one grouped subquery per page, not per row).
  const projects = (tx: Conn = db) =>
    tx
      .selectFrom('project')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('projectMember')
            .select((e) => [
              'projectMember.projectId',
              e.fn.countAll<number | string>().as('memberCount'),
              e.fn.sum<number | string>('projectMember.shareBp').as('shareTotalBp'),
            ])
            .groupBy('projectMember.projectId')
            .as('m'),
        (join) => join.onRef('m.projectId', '=', 'project.id'),
      )
      .select(PROJECT_COLUMNS)
      .select(['m.memberCount', 'm.shareTotalBp'])
      .where('project.deletedAt', 'is', null);

  const norm = (
    r: Omit<ProjectRow, 'memberCount' | 'shareTotalBp'> & { memberCount: unknown; shareTotalBp: unknown },
  ) =>
    Object.assign(r, {
      memberCount: Number(r.memberCount ?? 0),
      shareTotalBp: Number(r.shareTotalBp ?? 0),
    }) as ProjectRow;

  function filtered(f: ListFilter) {
    let q = db.selectFrom('project').where('project.deletedAt', 'is', null);
    if (f.status) q = q.where('project.status', '=', f.status);
    if (f.keyword?.trim()) q = q.where(likeLower('project.name', containsPattern(f.keyword.trim())));
    if (f.staffId) {
      const staffId = f.staffId;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('projectMember')
            .select('projectMember.id')
            .whereRef('projectMember.projectId', '=', 'project.id')
            .where('projectMember.memberId', '=', staffId),
        ),
      );
    }
    return q;
  }

  const orderColumn = (field: string | null | undefined) =>
    field === 'name' ? 'project.name' : field === 'startDate' ? 'project.startDate' : 'project.createdAt';

  const rows = versionedRows(db, 'project', { softDeleted: true });

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // One page of projects and the total; the page's ids first (index order), then their rows with counts.
    async page(f: ListFilter, w: PageWindow): Promise<{ rows: ProjectRow[]; total: number }> {
      const { rows: ids, total } = await pageRows(
        db,
        filtered(f).select('project.id').orderBy(orderColumn(f.sortField), w.order).orderBy('project.id', w.order),
        filtered(f).select(countAll),
        w,
      );
      if (!ids.length) return { rows: [], total };
      const rows = await projects()
        .where(
          'project.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute();
      const byId = new Map(rows.map((r) => [r.id, norm(r)]));
      return { rows: ids.map((r) => byId.get(r.id)!).filter(Boolean), total };
    },

    async byId(id: number, tx: Conn = db): Promise<ProjectRow | undefined> {
      const r = await projects(tx).where('project.id', '=', id).executeTakeFirst();
      return r ? norm(r) : undefined;
    },

    exists: async (id: number): Promise<boolean> => (await live(db, id).executeTakeFirst()) !== undefined,

    // Holds the project row until the transaction ends, so two writers of one project's members take turns
    // (PostgreSQL; SQLite runs one write transaction at a time already). False when the project is gone.
    async lock(tx: Tx, id: number): Promise<boolean> {
      const q = live(tx, id);
      return (await (pg ? q.forUpdate() : q).executeTakeFirst()) !== undefined;
    },

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

    // The caller's role in each of these projects.
    async rolesOf(memberId: number, projectIds: number[]): Promise<Map<number, ProjectRole>> {
      if (!projectIds.length) return new Map();
      const rows = await db
        .selectFrom('projectMember')
        .select(['projectMember.projectId', 'projectMember.projectRole'])
        .where('projectMember.memberId', '=', memberId)
        .where('projectMember.projectId', 'in', projectIds)
        .execute();
      return new Map(rows.map((r) => [r.projectId, r.projectRole]));
    },

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
      const rows = await db.selectFrom('project').select(['id', 'name']).where('id', 'in', unique).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    isMember: async (projectId: number, memberId: number): Promise<boolean> =>
      (await db
        .selectFrom('projectMember')
        .select('id')
        .where('projectId', '=', projectId)
        .where('memberId', '=', memberId)
        .executeTakeFirst()) !== undefined,
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
