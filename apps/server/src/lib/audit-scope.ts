import { AsyncLocalStorage } from 'node:async_hooks';

// The audit scope of one call (docs/audit.md, decision 133): what the route declared, who calls and from where, and
// what the call has written so far. The route helper opens it around an audited handler; the database driver
// (db/audit-driver.ts) reads the records before the call's first write and marks it when a statement writes, the
// plugin (db/audit.ts) notes the ids of rows inserted into the declared record table; the transaction helper writes
// the entry before its commit. No SQL here.
export type AuditScope = {
  module: string;
  action: string;
  route: string;
  // The declared record table (Kysely's name, e.g. 'application'), whose rows are diffed.
  recordType: string | null;
  // The call writes the record's own row only: its child sections are neither read nor diffed, and a write to one
  // of their tables fails (db/audit.ts).
  rowOnly: boolean;
  memberId: number | null;
  roleId: number | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  startedAt: number;
  // Record ids: named by the request (id, ids) or inserted by the call. The first `named` were named by the request
  // (or the job): only those are read as they were before the call (the others are the call's own new rows).
  ids: number[];
  named: number;
  // The declared table's rows as they were before the call's first write (id → row), read just before it on its
  // connection (db/audit-driver.ts); `beforeRead` is that read once started (null until the call writes).
  before: Map<number, Record<string, unknown>>;
  beforeRead: Promise<void> | null;
  // A statement wrote since the last entry (and was not rolled back).
  dirty: boolean;
  // Entries written for this call.
  written: number;
  // False once the handler has returned: work it left behind (timers) writes no entry.
  open: boolean;
};

const store = new AsyncLocalStorage<AuditScope>();

export const currentAuditScope = (): AuditScope | undefined => {
  const s = store.getStore();
  return s?.open ? s : undefined;
};

// Calls in a scope now. On Node 20 an AsyncLocalStorage, once it holds a store, runs a hook for every promise of the
// process: a fifth or more of every call's cost, long after the last audited call (issue 43). It is switched off
// whenever no call is in a scope, and on again by the next one. Nothing is lost: a scope is read only while its call
// is open (currentAuditScope), and a call is open only inside this function.
let inScope = 0;

export async function runInAuditScope<T>(scope: AuditScope, fn: () => Promise<T>): Promise<T> {
  inScope++;
  try {
    return await store.run(scope, fn);
  } finally {
    if (--inScope === 0) store.disable();
  }
}

// Adds a record id to the current call's entry (rows the call created or touched that the request did not name).
export function noteAuditRecord(id: number): void {
  const s = currentAuditScope();
  if (s && Number.isInteger(id) && !s.ids.includes(id)) s.ids.push(id);
}

// Names who acted when the request itself did not (a sign-in: the member who just signed in).
export function noteAuditActor(memberId: number, roleId: number | null = null): void {
  const s = currentAuditScope();
  if (s) {
    s.memberId = memberId;
    s.roleId = roleId;
  }
}

// Runs work that a call starts but that is not part of it (a worker woken by the call) outside the call's scope: its
// writes are not the call's, and its transactions write no entry.
export const outsideAuditScope = <T>(fn: () => T): T => store.exit(fn);
