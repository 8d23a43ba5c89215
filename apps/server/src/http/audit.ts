import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_RECORD_TYPES, Code, INT_MAX, type AuditRecordType } from '@study-crm/shared';
import { currentAuditScope, runInAuditScope, type AuditScope } from '../lib/audit-scope.js';
import type { Database } from '../db/schema.js';
import { AppError } from './errors.js';

// What a route declares next to its access (defineRoute's `audit`): `action` is `<module>.<verb>`, `record` the
// table (Kysely's name) whose rows the call changes and whose fields are diffed, `self` that the record is the
// caller's own member row, `idField` the field of the body or query that names the record when it is not `id`/`ids`
// (`userId`), `rowOnly` that the call writes the record's own row and none of its child sections (decision 314: they
// are then not read before and after; a write to one of their tables fails the call). Every POST route declares one
// (route-table.test.ts); docs/audit.md. The record is one of the shared AUDIT_RECORD_TYPES (the web labels each
// one's fields), and a table of the schema.
export type AuditDecl = {
  action: `${string}.${string}`;
  record?: AuditRecordType & keyof Database;
  self?: true;
  idField?: string;
  rowOnly?: true;
};
// Every shared record type is a table here (a type check only).
AUDIT_RECORD_TYPES satisfies readonly (keyof Database)[];

// What the route helper and the hooks need of the audit log; app.ts builds it on the database (db/audit.ts). (The
// declared records as they were are read by the database driver just before the call's first write.)
export type AuditLog = {
  // The declared records as they are now, read at once (a job's start: the progress it writes outside its scope
  // would come before its first write).
  before(scope: AuditScope): Promise<void>;
  // The call's entry when no transaction of the call wrote it (a bare statement, a refusal, a call that wrote
  // nothing); after an entry, another only when the call's records changed since.
  finish(scope: AuditScope, outcome: 'ok' | 'refused' | 'error', code: number): Promise<void>;
};

// Read before the request is validated: only what an id may be (a larger one is refused by the route's schema, and
// PostgreSQL would refuse it in an integer column).
const numbers = (v: unknown): number[] =>
  (Array.isArray(v) ? v : [v]).map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= INT_MAX);

// The record ids a request names: `id` (or the declared field) or `ids` of its body or query.
function namedIds(field: string, ...sources: unknown[]): number[] {
  const out: number[] = [];
  for (const src of sources) {
    if (!src || typeof src !== 'object') continue;
    const o = src as Record<string, unknown>;
    for (const id of [...numbers(o[field]), ...numbers(o.ids)]) if (!out.includes(id)) out.push(id);
  }
  return out.slice(0, 50);
}

// The ids of the declared record a call acts on: none without one, the caller's own row for `self`, else the ones
// its request names.
function recordIds(req: FastifyRequest, decl: AuditDecl, input: { query: unknown; body: unknown }): number[] {
  if (!decl.record) return [];
  if (decl.self) return req.member ? [req.member.id] : [];
  return namedIds(decl.idField ?? 'id', input.body, input.query);
}

// What a scope holds of its call's progress when it opens on the records `ids` (all named by the request or job):
// nothing read, written or entered yet. (Spread last: fields after a spread are slow on Node 20, decision 297.)
const openState = (ids: number[]) => ({
  ids,
  named: ids.length,
  before: new Map<number, Record<string, unknown>>(),
  beforeRead: null,
  dirty: false,
  written: 0,
  open: true,
});

export function openScope(
  req: FastifyRequest,
  decl: AuditDecl,
  route: string,
  input: { query: unknown; body: unknown },
): AuditScope {
  const [module = decl.action, ...rest] = decl.action.split('.');
  const ids = recordIds(req, decl, input);
  return {
    module,
    action: rest.join('.'),
    route,
    recordType: decl.record ?? null,
    rowOnly: decl.rowOnly === true,
    memberId: req.member?.id ?? null,
    roleId: req.member?.activeRoleId ?? null,
    ip: req.ip || null,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    requestId: req.id,
    startedAt: performance.now(),
    ...openState(ids),
  };
}

// Requests whose refusal is in the audit log already (the hooks' error handler writes the others').
const recorded = new WeakSet<FastifyRequest>();
export const isAuditRecorded = (req: FastifyRequest) => recorded.has(req);

export function outcomeOf(err: unknown): { outcome: 'refused' | 'error'; code: number } {
  if (err instanceof AppError) return { outcome: err.code === Code.INTERNAL ? 'error' : 'refused', code: err.code };
  const status = (err as { statusCode?: number } | null)?.statusCode;
  return status !== undefined && status >= 400 && status < 500
    ? { outcome: 'refused', code: Code.BAD_REQUEST }
    : { outcome: 'error', code: Code.INTERNAL };
}

// Runs an audited handler in its scope: one entry per call, written by the first transaction that commits a change
// or, when none did, here after the handler. A call that changes its records again after its entry gets a second
// entry with that change (same request id); bookkeeping writes after it (counters) add none.
export async function runAudited<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  scope: AuditScope,
  handler: () => Promise<T>,
): Promise<T> {
  recorded.add(req);
  return inScope(app.audit, scope, handler);
}

async function inScope<T>(audit: AuditLog, scope: AuditScope, handler: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await runInAuditScope(scope, handler);
  } catch (err) {
    scope.open = false;
    const { outcome, code } = outcomeOf(err);
    if (scope.written === 0 || scope.dirty) await audit.finish(scope, outcome, code);
    throw err;
  }
  scope.open = false;
  if (scope.written === 0 || scope.dirty) await audit.finish(scope, 'ok', 200);
  return result;
}

// Work a call started that a background job finishes later (an import's write): its own entry, as the member who
// started it (no client address or request), with the diff of the declared records `ids`.
export function runAuditedJob<T>(
  audit: AuditLog,
  decl: Required<Pick<AuditDecl, 'action' | 'record'>>,
  actor: { id: number; activeRoleId?: number | null },
  ids: number[],
  handler: () => Promise<T>,
): Promise<T> {
  const [module = decl.action, ...rest] = decl.action.split('.');
  const scope: AuditScope = {
    module,
    action: rest.join('.'),
    route: `job ${decl.action}`,
    recordType: decl.record,
    rowOnly: false,
    memberId: actor.id,
    roleId: actor.activeRoleId ?? null,
    ip: null,
    userAgent: null,
    requestId: null,
    startedAt: performance.now(),
    ...openState(ids),
  };
  return audit.before(scope).then(() => inScope(audit, scope, handler));
}

// A permission refusal by the request hooks (the handler never ran): its own entry.
export async function auditRefusal(app: FastifyInstance, req: FastifyRequest, code: number): Promise<void> {
  if (recorded.has(req) || currentAuditScope()) return;
  recorded.add(req);
  const info = app.routeTable.find((r) => r.url === req.routeOptions.url && r.method === req.method);
  const scope = openScope(
    req,
    info?.audit ?? { action: 'access.refused' },
    `${req.method} ${req.routeOptions.url ?? req.url}`,
    {
      query: req.query,
      body: null,
    },
  );
  scope.open = false;
  await app.audit.finish(scope, 'refused', code);
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditLog;
  }
}
