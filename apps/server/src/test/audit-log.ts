import type { Db } from '../db/conn.js';

// The audit log as tests write and read it straight in the database (not a test file itself).

// An entry of a call on several records of one kind (a `batch` by the member, its first record `recordId`, all of
// them `recordIds`) holding the given changes, as the audit plugin writes one: its id.
export async function insertBatchAuditEntry(
  db: Db,
  of: { memberId: number; recordType: string; recordId: number; recordIds: string; changes: unknown; now: number },
): Promise<number> {
  const row = await db
    .insertInto('auditLog')
    .values({
      createdAt: of.now,
      memberId: of.memberId,
      roleId: null,
      module: of.recordType,
      action: 'batch',
      route: 'POST /x',
      recordType: of.recordType,
      recordId: of.recordId,
      recordIds: of.recordIds,
      ip: null,
      userAgent: null,
      outcome: 'ok',
      code: 200,
      durationMs: 1,
      requestId: null,
      changes: JSON.stringify(of.changes),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// The entries of one module's action, for the caller to narrow (by record), select from and run: what calls wrote.
export const auditEntriesOf = (db: Db, module: string, action: string) =>
  db.selectFrom('auditLog').where('module', '=', module).where('action', '=', action);
