import type { AuditActions, AuditEntryView, AuditListInput, AuditPage } from '@study-crm/shared';
import { found } from '../../http/errors.js';
import { cursorOf, pageResult, pageWindow, readCursor } from '../../lib/paging.js';
import type { PeopleService } from '../people/index.js';
import { toAuditEntry, toAuditEntryView } from './audit.mapper.js';
import type { AuditRepository } from './audit.repository.js';
import { refsOf, type RefReaders } from './audit-refs.js';

const DAY_MS = 86_400_000;

// The operation log (system settings): entries paged and filtered, one entry with its field diff, and the modules
// and actions the routes declare.
export function createAuditService(deps: {
  repo: AuditRepository;
  people: PeopleService;
  // The cycles' entry years, from the admissions module (a change's cycle id shown by name).
  cycles: RefReaders['cycles'];
  // The most entries a filter's total counts (AUDIT_COUNT_CAP, decision 249).
  countCap: number;
  // The audit declarations of the route table: module → its actions.
  declared: () => AuditActions;
}) {
  const { repo, people, countCap } = deps;
  const readers: RefReaders = { people, cycles: deps.cycles };
  return {
    // A page and its total counted up to the cap (decision 249). Past the cap the total is a floor that keeps the
    // next page reachable: the entries before this page, this page, and one more.
    async list(q: AuditListInput): Promise<AuditPage> {
      const w = pageWindow(q);
      // Instants (the screen's local days) over UTC days.
      const from = q.from ?? (q.dateFrom ? Date.parse(`${q.dateFrom}T00:00:00Z`) : null);
      const to = q.to ?? (q.dateTo ? Date.parse(`${q.dateTo}T00:00:00Z`) + DAY_MS : null);
      const after = q.cursor ? readCursor(q.cursor) : null;
      const {
        rows,
        more,
        counted,
        names: carried,
      } = await repo.list({ ...q, from, to }, w, countCap, after && { at: Number(after.key), id: after.id });
      // The last page (read to its end) knows the exact total; a count under the cap is exact too.
      const last = !more && (rows.length > 0 || w.offset === 0);
      const totalCapped = !last && counted > countCap;
      const total = last
        ? w.offset + rows.length
        : totalCapped
          ? Math.max(counted, w.offset + rows.length + 1)
          : counted;
      // (On PostgreSQL the page's statement has read the actors' names.)
      const names = carried ?? (await people.names(rows.map((r) => r.memberId)));
      const end = rows.at(-1);
      return {
        ...pageResult(
          rows.map((r) => toAuditEntry(r, names)),
          total,
          w,
        ),
        totalCapped,
        nextCursor: more && end ? cursorOf(end.createdAt, end.id) : null,
      };
    },

    async view(id: number): Promise<AuditEntryView> {
      const row = found(await repo.byId(id));
      const entry = toAuditEntryView(row, await people.names([row.memberId]));
      return { ...entry, refs: await refsOf(readers, [entry]) };
    },

    actions: (): AuditActions => deps.declared(),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
