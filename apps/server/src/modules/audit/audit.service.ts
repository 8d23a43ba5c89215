import type { AuditActions, AuditEntry, AuditEntryView, AuditListInput, Page } from '@study-crm/shared';
import { found } from '../../http/errors.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import type { PeopleService } from '../people/index.js';
import { toAuditEntry, toAuditEntryView } from './audit.mapper.js';
import type { AuditRepository } from './audit.repository.js';

const DAY_MS = 86_400_000;

// The operation log (system settings): entries paged and filtered, one entry with its field diff, and the modules
// and actions the routes declare.
export function createAuditService(deps: {
  repo: AuditRepository;
  people: PeopleService;
  // The audit declarations of the route table: module → its actions.
  declared: () => AuditActions;
}) {
  const { repo, people } = deps;
  return {
    async list(q: AuditListInput): Promise<Page<AuditEntry>> {
      const w = pageWindow(q);
      const from = q.dateFrom ? Date.parse(`${q.dateFrom}T00:00:00Z`) : null;
      const to = q.dateTo ? Date.parse(`${q.dateTo}T00:00:00Z`) + DAY_MS : null;
      const { rows, total } = await repo.list({ ...q, from, to }, w);
      const names = await people.names(rows.map((r) => r.memberId));
      return pageResult(
        rows.map((r) => toAuditEntry(r, names)),
        total,
        w,
      );
    },

    async view(id: number): Promise<AuditEntryView> {
      const row = found(await repo.byId(id));
      return toAuditEntryView(row, await people.names([row.memberId]));
    },

    actions: (): AuditActions => deps.declared(),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
