import {
  Code,
  keywordWords,
  PERM,
  SHARE_TOTAL_BP,
  type CheckMemberSchema,
  type Constitution,
  type ConstitutionSaveInput,
  type MyProjectsInput,
  type Page,
  type PersonOption,
  type PersonRef,
  type Project,
  type ProjectAddInput,
  type ProjectListInput,
  type ProjectMember,
  type ProjectMemberAddInput,
  type ProjectMemberUpdateInput,
  type ProjectUpdateInput,
  type ProjectView,
} from '@study-crm/shared';
import type { z } from 'zod';
import { refuseTwoFactorPending as refusePending, type Caller } from '../../http/context.js';
import { AppError, badRequest, found, notFound, staleCopy } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/sql-helpers.js';
import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow, type PagingInput } from '../../lib/paging.js';
import type { PeopleService } from '../people/index.js';
import { toConstitution, toProject, toProjectMember, toStaffOption } from './project.mapper.js';
import type { ProjectMemberRow, ProjectRepository, ProjectRow } from './project.repository.js';

// What other modules may ask about projects (tasks check the project and the assignee through this).
export type ProjectLookup = {
  exists(id: number): Promise<boolean>;
  isMember(projectId: number, memberId: number, tx?: Tx): Promise<boolean>;
  // Inside the caller's write (a task naming the project): holds the project's row until `tx` ends, so a removal of
  // the project or of one of its members waits for the write or has committed when this answers; false when the
  // project is gone or removed. `isMember` in the same `tx` then reads the members as they stay for the write.
  hold(tx: Tx, id: number): Promise<boolean>;
  // Names of projects (removed ones too, for history), by id.
  names(ids: number[]): Promise<Map<number, string>>;
};

const forbidden = () => new AppError(Code.FORBIDDEN, 'forbidden');
const STAFF_OPTIONS = 20;

export function createProjectService(deps: {
  repo: ProjectRepository;
  people: Pick<PeopleService, 'names' | 'isActiveStaff' | 'searchStaff'>;
  clock: Clock;
}) {
  const { repo, people, clock } = deps;

  // A project's members may open it; project:list sees every project.
  async function readable(caller: Caller, projectId: number): Promise<ProjectRow> {
    refusePending(caller);
    const row = found(await repo.byId(projectId));
    if (!caller.perms.has(PERM.projectList) && !(await repo.isMember(projectId, caller.id))) throw notFound();
    return row;
  }

  // Members, shares and the constitution: the permission, or the project's own managers.
  async function canManage(caller: Caller, projectId: number, perm: string): Promise<boolean> {
    if (caller.perms.has(perm)) return true;
    return (await repo.membership(projectId, caller.id))?.projectRole === 'manager';
  }

  async function namesOf(ids: (number | null)[]): Promise<Map<number, PersonRef>> {
    return people.names(ids);
  }

  // A page read for the caller (each row with the caller's role in it), with its makers' names.
  async function pageOf(result: { rows: ProjectRow[]; total: number }, w: PagingInput) {
    const names = await namesOf(result.rows.map((r) => r.createdBy));
    return pageResult(
      result.rows.map((r) => toProject(r, names, r.myRole)),
      result.total,
      pageWindow(w),
    );
  }

  async function viewOf(caller: Caller, row: ProjectRow): Promise<ProjectView> {
    const [members, latest] = await Promise.all([repo.members(row.id), repo.latestConstitution(row.id)]);
    const names = await namesOf([row.createdBy, ...members.map((m) => m.memberId)]);
    const mine = members.find((m) => m.memberId === caller.id);
    const isManager = mine?.projectRole === 'manager';
    return {
      ...toProject(row, names, mine?.projectRole ?? null),
      members: members.map((m) => toProjectMember(m, names)),
      canManage: isManager || caller.perms.has(PERM.projectMembers),
      canEdit: isManager || caller.perms.has(PERM.projectUpdate),
      constitutionRevision: latest?.revision ?? null,
    };
  }

  // The share rule (spec section 5, code 1202), checked in the writing transaction after the project row is
  // locked: the other members' shares plus this one must stay within 100 %.
  function checkShares(members: ProjectMemberRow[], exceptId: number | null, shareBp: number) {
    const others = members.filter((m) => m.id !== exceptId).reduce((sum, m) => sum + m.shareBp, 0);
    if (others + shareBp > SHARE_TOTAL_BP) throw new AppError(Code.SHARE_RATIO_EXCEEDED, 'shareRatioExceeded');
  }

  async function lockedMembers(tx: Tx, projectId: number): Promise<ProjectMemberRow[]> {
    if (!(await repo.lock(tx, projectId))) throw notFound();
    return repo.members(projectId, tx);
  }

  async function memberView(id: number): Promise<ProjectMember> {
    const row = found(await repo.member(id));
    return toProjectMember(row, await namesOf([row.memberId]));
  }

  const lookup: ProjectLookup = {
    exists: (id) => repo.exists(id),
    isMember: (projectId, memberId, tx) => repo.isMember(projectId, memberId, tx),
    hold: (tx, id) => repo.share(tx, id),
    names: (ids) => repo.names(ids),
  };

  return {
    ...lookup,

    async list(caller: Caller, q: ProjectListInput): Promise<Page<Project>> {
      const w = pageWindow(q);
      const filter = { keyword: q.keyword, status: q.status, staffId: q.staffId, sortField: q.sortField };
      return pageOf(await repo.page(filter, w, caller.id), q);
    },

    async mine(caller: Caller, q: MyProjectsInput): Promise<Page<Project>> {
      const w = pageWindow(q);
      if (caller.isTwoFactorPending) return pageResult([], 0, w);
      const filter = { keyword: q.keyword, status: q.status, staffId: caller.id, sortField: q.sortField };
      return pageOf(await repo.page(filter, w, caller.id), q);
    },

    async view(caller: Caller, id: number): Promise<ProjectView> {
      return viewOf(caller, await readable(caller, id));
    },

    // The creator becomes the project's first manager (share 0), so the project shows in "my projects".
    async add(caller: Caller, b: ProjectAddInput): Promise<ProjectView> {
      const now = clock.now();
      const id = await repo.transaction(async (tx) => {
        const projectId = await repo.insert(tx, {
          name: b.name,
          description: b.description ?? null,
          status: b.status ?? 'planning',
          startDate: b.startDate ?? null,
          endDate: b.endDate ?? null,
          ownerId: caller.id,
          createdBy: caller.id,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertMember(tx, { projectId, memberId: caller.id, projectRole: 'manager', shareBp: 0, now });
        return projectId;
      });
      return viewOf(caller, (await repo.byId(id))!);
    },

    async update(caller: Caller, b: ProjectUpdateInput): Promise<ProjectView> {
      const current = await readable(caller, b.id);
      if (!(await canManage(caller, b.id, PERM.projectUpdate))) throw forbidden();
      const saved = await repo.update(
        b.id,
        {
          name: b.name,
          description: b.description ?? null,
          status: b.status ?? current.status,
          startDate: b.startDate ?? null,
          endDate: b.endDate ?? null,
          updatedAt: clock.now(),
        },
        b.version,
      );
      if (!saved) throw staleCopy();
      return viewOf(caller, (await repo.byId(b.id))!);
    },

    async remove(id: number): Promise<null> {
      if (!(await repo.softDelete(id, clock.now()))) throw notFound();
      return null;
    },

    // The member picker of a project's member dialog: for those who may add members to some project (project:members,
    // or a manager of a project), not for a member whose second factor is pending (decision 335). An e-mail or mobile
    // that matched is answered masked but for the words typed (toStaffOption): the picker tells why a colleague was
    // found without handing out their contacts.
    async staffOptions(caller: Caller, keyword: string | null | undefined): Promise<PersonOption[]> {
      refusePending(caller);
      if (!caller.perms.has(PERM.projectMembers) && !(await repo.managesAny(caller.id))) throw forbidden();
      const rows = await people.searchStaff(keyword, STAFF_OPTIONS);
      const words = keywordWords(keyword);
      return rows.map((r) => toStaffOption(r, words));
    },

    async addMember(caller: Caller, b: ProjectMemberAddInput): Promise<ProjectMember> {
      await readable(caller, b.projectId);
      if (!(await canManage(caller, b.projectId, PERM.projectMembers))) throw forbidden();
      if (!(await people.isActiveStaff(b.staffId))) throw badRequest('staffId', 'v.staff');
      const id = await repo
        .transaction(async (tx) => {
          const members = await lockedMembers(tx, b.projectId);
          if (members.some((m) => m.memberId === b.staffId))
            throw new AppError(Code.PROJECT_MEMBER_EXISTS, 'projectMemberExists');
          checkShares(members, null, b.share);
          return repo.insertMember(tx, {
            projectId: b.projectId,
            memberId: b.staffId,
            projectRole: b.projectRole,
            shareBp: b.share,
            now: clock.now(),
          });
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw new AppError(Code.PROJECT_MEMBER_EXISTS, 'projectMemberExists');
          throw err;
        });
      return memberView(id);
    },

    async updateMember(caller: Caller, b: ProjectMemberUpdateInput): Promise<ProjectMember> {
      refusePending(caller);
      const row = found(await repo.member(b.id));
      await readable(caller, row.projectId);
      if (!(await canManage(caller, row.projectId, PERM.projectMembers))) throw forbidden();
      await repo.transaction(async (tx) => {
        const members = await lockedMembers(tx, row.projectId);
        const current = members.find((m) => m.id === b.id);
        if (!current) throw notFound();
        checkShares(members, b.id, b.share);
        const managersLeft = members.filter((m) => m.projectRole === 'manager' && m.id !== b.id).length;
        if (current.projectRole === 'manager' && b.projectRole !== 'manager' && managersLeft === 0)
          throw new AppError(Code.PROJECT_LAST_MANAGER, 'projectLastManager');
        await repo.updateMember(tx, b.id, { projectRole: b.projectRole, shareBp: b.share, now: clock.now() });
      });
      return memberView(b.id);
    },

    async removeMember(caller: Caller, id: number): Promise<null> {
      refusePending(caller);
      const row = found(await repo.member(id));
      await readable(caller, row.projectId);
      if (!(await canManage(caller, row.projectId, PERM.projectMembers))) throw forbidden();
      await repo.transaction(async (tx) => {
        const members = await lockedMembers(tx, row.projectId);
        const current = members.find((m) => m.id === id);
        if (!current) throw notFound();
        const managersLeft = members.filter((m) => m.projectRole === 'manager' && m.id !== id).length;
        if (current.projectRole === 'manager' && managersLeft === 0)
          throw new AppError(Code.PROJECT_LAST_MANAGER, 'projectLastManager');
        await repo.removeMember(tx, id);
      });
      return null;
    },

    async checkMember(caller: Caller, projectId: number, staffId: number): Promise<z.infer<typeof CheckMemberSchema>> {
      await readable(caller, projectId);
      const m = await repo.membership(projectId, staffId);
      return { inProject: m !== undefined, projectRole: m?.projectRole ?? null };
    },

    async constitution(caller: Caller, projectId: number, revision?: number | null): Promise<Constitution> {
      await readable(caller, projectId);
      const row = revision ? await repo.constitution(projectId, revision) : await repo.latestConstitution(projectId);
      if (revision && !row) throw notFound();
      return toConstitution(projectId, row, row ? await namesOf([row.createdBy]) : new Map());
    },

    // Every save is a new revision; saving from an older revision than the latest is refused (409).
    async saveConstitution(caller: Caller, b: ConstitutionSaveInput): Promise<Constitution> {
      await readable(caller, b.projectId);
      if (!(await canManage(caller, b.projectId, PERM.projectConstitution))) throw forbidden();
      const revision = await repo
        .transaction(async (tx) => {
          if (!(await repo.lock(tx, b.projectId))) throw notFound();
          const latest = (await repo.latestConstitution(b.projectId, tx))?.revision ?? 0;
          if (b.baseRevision !== null && b.baseRevision !== undefined && b.baseRevision !== latest) throw staleCopy();
          const next = latest + 1;
          await repo.insertConstitution(tx, {
            projectId: b.projectId,
            revision: next,
            content: b.content,
            createdBy: caller.id,
            createdAt: clock.now(),
          });
          return next;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw staleCopy();
          throw err;
        });
      const row = await repo.constitution(b.projectId, revision);
      return toConstitution(b.projectId, row, await namesOf([caller.id]));
    },

    async constitutionHistory(caller: Caller, q: { projectId: number } & PagingInput) {
      await readable(caller, q.projectId);
      const w = pageWindow(q);
      const { rows, total } = await repo.constitutionHistory(q.projectId, w);
      const names = await namesOf(rows.map((r) => r.createdBy));
      return pageResult(
        rows.map((r) => ({
          revision: r.revision,
          length: r.length,
          createdBy: r.createdBy !== null ? (names.get(r.createdBy) ?? null) : null,
          createdAt: r.createdAt,
        })),
        total,
        w,
      );
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
