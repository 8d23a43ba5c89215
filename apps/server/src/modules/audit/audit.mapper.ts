import type { AuditEntry, AuditEntryView, PersonRef } from '@study-crm/shared';
import { personRef } from '../people/index.js';
import type { AuditRow } from './audit.repository.js';
import { changesOf } from './audit-changes.js';

export function toAuditEntry(row: AuditRow, names: ReadonlyMap<number, PersonRef>): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt,
    member: personRef(names, row.memberId),
    roleId: row.roleId,
    module: row.module,
    action: row.action,
    route: row.route,
    recordType: row.recordType,
    recordIds: row.recordIds ? row.recordIds.split(',').map(Number) : [],
    ip: row.ip,
    userAgent: row.userAgent,
    outcome: row.outcome,
    code: row.code,
    durationMs: row.durationMs,
    requestId: row.requestId,
    changedFields: [...new Set(changesOf(row).map((c) => c.field))],
  };
}

// An entry with its changes; the names of the people and cycles they name are added by the service.
export const toAuditEntryView = (row: AuditRow, names: ReadonlyMap<number, PersonRef>): Omit<AuditEntryView, 'refs'> =>
  Object.assign(toAuditEntry(row, names), { changes: changesOf(row) });
