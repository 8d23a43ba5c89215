import type { AuditChange } from '@study-crm/shared';

// An entry's changed fields, stored as JSON text (db/audit.ts); nothing when absent or unreadable. Read by the
// mapper and by the timeline's changes source in the repository.
export function changesOf(row: { changes: string | null }): AuditChange[] {
  if (!row.changes) return [];
  try {
    return JSON.parse(row.changes) as AuditChange[];
  } catch {
    return [];
  }
}
