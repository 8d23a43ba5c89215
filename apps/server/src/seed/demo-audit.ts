import type { Db } from '../db/database.js';
import { sql } from 'kysely';
import { countDemoRows, sqlCount, sqlList, sqlPick, sqlValues } from './demo-rows.js';
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

// Rows are generated in the database, a chunk of `batchSize` per statement (decision 219): a recursive CTE counts
// n, a hash of n picks the action, member, outcome and record.
export async function seedDemoAudit(db: Db, count: number, batchSize = 50_000, now = Date.now()): Promise<number> {
  const have = await countDemoRows(db, 'auditLog', 'requestId', `${DEMO_AUDIT_PREFIX}%`);
  const missing = Math.max(0, count - have);
  if (!missing) return 0;
  const staff = await activeStaffIds(db, 50);
  const span = 365 * DAY_MS;
  const step = Math.max(1, Math.floor(span / Math.max(count, 1)));
  const members = sqlList('m', staff.length ? staff : [0], 'id');
  const actions = sqlValues(
    'ac',
    ['i', 'module', 'action', 'record_type'],
    ACTIONS.map(([m, a, r], i) => [i, m, a, r ?? '']),
  );
  for (let start = have; start < have + missing; start += batchSize) {
    const end = Math.min(have + missing, start + batchSize);
    await sql`insert into audit_log (created_at, member_id, role_id, module, action, route, record_type, record_id,
        record_ids, ip, user_agent, outcome, code, duration_ms, request_id, changes)
      with recursive ${sqlCount(start, end)},
      ${members}, ${actions},
      r as (select g.n, ac.module, ac.action, nullif(ac.record_type, '') as record_type,
          case when ${sqlPick(2, 100)} < 90 then 'ok' when ${sqlPick(2, 100)} < 97 then 'refused' else 'error' end as outcome,
          1 + ${sqlPick(3, 1_000_000)} as rid
        from g join ac on ac.i = ${sqlPick(1, ACTIONS.length)})
      select ${sql.lit(now - span)} + r.n * ${sql.lit(step)} + ${sqlPick(4, step, 'r.n')},
        ${staff.length ? sql`(select m.id from m where m.i = ${sqlPick(5, staff.length, 'r.n')})` : sql`null`},
        null, r.module, r.action, '/demo/' || r.module || '/' || r.action, r.record_type,
        case when r.record_type is null then null else r.rid end,
        case when r.record_type is null then null else cast(r.rid as varchar(20)) end,
        '10.0.' || cast(${sqlPick(6, 255, 'r.n')} as varchar(3)) || '.' || cast(${sqlPick(7, 255, 'r.n')} as varchar(3)),
        'demo', r.outcome, case r.outcome when 'ok' then 200 when 'refused' then 403 else 500 end,
        ${sqlPick(8, 40, 'r.n')}, ${sql.lit(DEMO_AUDIT_PREFIX)} || cast(r.n + 1 as varchar(20)),
        case when r.outcome = 'ok' and r.action = 'update'
          then '[{"id":1,"field":"remarks","before":"a","after":"b"}]' else null end
      from r order by r.n`.execute(db);
  }
  return missing;
}
