import type { AuditChange } from '@study-crm/shared';

// An entry's changed fields, stored as JSON text (db/audit.ts); nothing when absent or unreadable, or when the
// entry holds something else (the retention run's entry holds its report). Read by the mapper and by the timeline's
// changes source in the repository.
export function changesOf(row: { changes: string | null }): AuditChange[] {
  if (!row.changes) return [];
  try {
    const changes: unknown = JSON.parse(row.changes);
    return Array.isArray(changes) ? (changes as AuditChange[]) : [];
  } catch {
    return [];
  }
}
