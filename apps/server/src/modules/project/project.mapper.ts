import type { Constitution, PersonOption, PersonRef, Project, ProjectMember, ProjectRole } from '@study-crm/shared';
import { displayName, shareToPercent } from '@study-crm/shared';
import type { ConstitutionRow, ProjectMemberRow, ProjectRow } from './project.repository.js';
import { personRef, type PersonFound } from '../people/index.js';

// A staff member the member picker found, with the names that matched.
export const toStaffOption = (row: PersonFound): PersonOption => ({
  id: row.id,
  name: displayName(row),
  matched: row.matched,
});

export function toProject(row: ProjectRow, names: Map<number, PersonRef>, myRole: ProjectRole | null): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    version: row.version,
    memberCount: row.memberCount,
    shareTotal: shareToPercent(row.shareTotalBp),
    myRole,
    createdBy: personRef(names, row.createdBy),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

export function toProjectMember(row: ProjectMemberRow, names: Map<number, PersonRef>): ProjectMember {
  return {
    id: row.id,
    staffId: row.memberId,
    name: names.get(row.memberId)?.name ?? String(row.memberId),
    projectRole: row.projectRole,
    share: shareToPercent(row.shareBp),
    createdAt: Number(row.createdAt),
  };
}

// Before the first save a project's constitution is revision 0 with no text.
export function toConstitution(
  projectId: number,
  row: ConstitutionRow | undefined,
  names: Map<number, PersonRef>,
): Constitution {
  if (!row) return { projectId, revision: 0, content: '', createdBy: null, createdAt: null };
  return {
    projectId,
    revision: row.revision,
    content: row.content,
    createdBy: personRef(names, row.createdBy),
    createdAt: Number(row.createdAt),
  };
}
