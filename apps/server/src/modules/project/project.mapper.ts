import type {
  Constitution,
  PersonMatch,
  PersonOption,
  PersonRef,
  Project,
  ProjectMember,
  ProjectRole,
} from '@study-crm/shared';
import { displayName, foldForSearch, shareToPercent } from '@study-crm/shared';
import type { ConstitutionRow, ProjectMemberRow, ProjectRow } from './project.repository.js';
import { personRef, type PersonFound } from '../people/index.js';

// What stands for the characters of a contact that were not typed.
export const MASK = '•••';
const CONTACTS: ReadonlySet<PersonMatch['field']> = new Set(['email', 'mobile']);

// `text` with only the parts that hold a word of the search kept (compared as the search compares: folded, so "zoe"
// keeps the "Zoë"), every other run of characters one MASK: what was typed shows, nothing else of it.
export function maskedBut(text: string, words: readonly string[]): string {
  const chars = [...text];
  // The folded text, and for each of its characters the index (in `chars`) of the character it came from.
  let folded = '';
  const from: number[] = [];
  chars.forEach((c, i) => {
    for (const x of /\s/.test(c) ? ' ' : foldForSearch(c)) {
      folded += x;
      from.push(i);
    }
  });
  const kept = new Array<boolean>(chars.length).fill(false);
  for (const w of words) {
    if (!w) continue;
    for (let i = folded.indexOf(w); i >= 0; i = folded.indexOf(w, i + 1))
      for (let k = from[i]!; k <= from[i + w.length - 1]!; k++) kept[k] = true;
  }
  let out = '';
  chars.forEach((c, i) => {
    if (kept[i]) out += c;
    else if (i === 0 || kept[i - 1]) out += MASK;
  });
  return out;
}

// A staff member the member picker found, with the names that matched; an e-mail or mobile masked but for the
// words searched for (`words`, as the search took them).
export const toStaffOption = (row: PersonFound, words: readonly string[]): PersonOption => ({
  id: row.id,
  name: displayName(row),
  matched: row.matched.map((m) => (CONTACTS.has(m.field) ? { field: m.field, value: maskedBut(m.value, words) } : m)),
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
