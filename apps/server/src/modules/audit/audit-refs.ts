import { auditRefKind, type AuditChange, type AuditRef, type AuditRefKind } from '@study-crm/shared';
import type { PeopleService } from '../people/index.js';

// Who reads the names of the records a change names by id (decision 250): the people module for members (removed
// ones marked), the admissions module for cycles (their entry year), each through its front door.
export type RefReaders = {
  people: Pick<PeopleService, 'historyNames'>;
  cycles: (ids: readonly number[]) => Promise<{ id: number; entryYear: number }[]>;
};

const ID = /^[1-9]\d{0,9}$/;

// The people and cycles the changes of a page name in their values, one lookup per kind for the whole page; an id
// whose record is gone comes back with no name.
export async function refsOf(
  readers: RefReaders,
  entries: readonly { recordType: string | null; changes: readonly AuditChange[] }[],
): Promise<AuditRef[]> {
  const ids: Record<AuditRefKind, Set<number>> = { member: new Set(), cycle: new Set() };
  for (const e of entries)
    for (const c of e.changes) {
      const kind = c.secret ? undefined : auditRefKind(e.recordType, c.field);
      if (!kind) continue;
      for (const v of [c.before, c.after]) if (v && ID.test(v)) ids[kind].add(Number(v));
    }
  const [people, cycles] = await Promise.all([
    ids.member.size ? readers.people.historyNames([...ids.member]) : new Map<number, never>(),
    ids.cycle.size ? readers.cycles([...ids.cycle]) : [],
  ]);
  const years = new Map(cycles.map((c) => [c.id, c.entryYear]));
  return [
    ...[...ids.member].map((id): AuditRef => {
      const p = people.get(id);
      return { kind: 'member', id, name: p?.name ?? null, removed: p?.removed ?? false };
    }),
    ...[...ids.cycle].map((id): AuditRef => {
      const year = years.get(id);
      return { kind: 'cycle', id, name: year === undefined ? null : String(year), removed: false };
    }),
  ];
}
