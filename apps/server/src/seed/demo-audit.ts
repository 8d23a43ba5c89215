import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import { countDemoRows, rng } from './demo-rows.js';
import { activeStaffIds } from './demo-members.js';

// Demo operation-log entries for the operation log's benchmark (issue 39): deterministic rows over a year ending
// now, spread over fifty staff members, the modules and actions a working day writes, nine in ten 'ok'. Idempotent:
// demo rows carry a request id starting with the prefix. The audit log is append-only; inserts are allowed.
export const DEMO_AUDIT_PREFIX = 'demo-audit-';

// [module, action, record type] of the writes a day mostly makes.
const ACTIONS = [
  ['application', 'update', 'application'],
  ['application', 'create', 'application'],
  ['application', 'changeStatus', 'application'],
  ['followUp', 'update', 'follow_up'],
  ['payment', 'create', 'payment_record'],
  ['payment', 'confirm', 'payment_record'],
  ['member', 'update', 'member'],
  ['auth', 'signIn', 'member'],
  ['mail', 'send', null],
  ['dict', 'update', 'dict_entry'],
] as const;
const DAY_MS = 86_400_000;

export async function seedDemoAudit(db: Db, count: number, batchSize = 1000, now = Date.now()): Promise<number> {
  const have = await countDemoRows(db, 'auditLog', 'requestId', `${DEMO_AUDIT_PREFIX}%`);
  const missing = Math.max(0, count - have);
  if (!missing) return 0;
  const staff = await activeStaffIds(db, 50);
  const members = staff.length ? staff : [null];
  const span = 365 * DAY_MS;
  for (let start = have; start < have + missing; start += batchSize) {
    const end = Math.min(have + missing, start + batchSize);
    const rows: Omit<Row<'auditLog'>, 'id'>[] = [];
    for (let n = start; n < end; n++) {
      const r = rng(n * 17 + 3);
      const [module, action, recordType] = ACTIONS[Math.floor(r() * ACTIONS.length)]!;
      const roll = r();
      const outcome = roll < 0.9 ? 'ok' : roll < 0.97 ? 'refused' : 'error';
      const recordId = recordType ? 1 + Math.floor(r() * 1_000_000) : null;
      rows.push({
        // Spread evenly over the year, newest last, as the log grows.
        createdAt: now - span + Math.floor(((n + r()) / Math.max(count, 1)) * span),
        memberId: members[Math.floor(r() * members.length)] ?? null,
        roleId: null,
        module,
        action,
        route: `/demo/${module}/${action}`,
        recordType,
        recordId,
        recordIds: recordId === null ? null : String(recordId),
        ip: `10.0.${Math.floor(r() * 255)}.${Math.floor(r() * 255)}`,
        userAgent: 'demo',
        outcome,
        code: outcome === 'ok' ? 200 : outcome === 'refused' ? 403 : 500,
        durationMs: Math.floor(r() * 40),
        requestId: `${DEMO_AUDIT_PREFIX}${n + 1}`,
        changes:
          outcome === 'ok' && action === 'update' ? '[{"id":1,"field":"remarks","before":"a","after":"b"}]' : null,
      });
    }
    await db.insertInto('auditLog').values(rows).execute();
  }
  return missing;
}
