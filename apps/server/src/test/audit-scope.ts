import type { AuditScope } from '../lib/audit-scope.js';

// An open audit scope of an application's `updateOther` (its row only) on the record `id`, as the route helper opens
// one, for the tests that run statements inside a call's scope without a request.
export function updateOtherScope(id: number): AuditScope {
  return {
    module: 'application',
    action: 'updateOther',
    route: 'test',
    recordType: 'application',
    rowOnly: true,
    memberId: null,
    roleId: null,
    ip: null,
    userAgent: null,
    requestId: null,
    startedAt: 0,
    ids: [id],
    named: 1,
    before: new Map(),
    beforeRead: null,
    dirty: false,
    written: 0,
    open: true,
  };
}
