import type { BackgroundJob, DataRequest, PersonRef } from '@study-crm/shared';
import { personRef } from '../people/index.js';
import type { RequestRow } from './privacy.repository.js';

// The one place privacy rows become responses.
const num = (v: number | string | null) => (v === null ? null : Number(v));

// A request with its newest export's job (`jobs`: the jobs of the requests shown, by id).
export const toDataRequest = (
  r: RequestRow,
  names: ReadonlyMap<number, PersonRef>,
  jobs: ReadonlyMap<number, BackgroundJob>,
): DataRequest => ({
  id: r.id,
  subject: personRef(names, r.subjectId) ?? { id: r.subjectId, name: String(r.subjectId) },
  kind: r.kind,
  receivedDate: r.receivedDate,
  dueDate: r.dueDate,
  status: r.status,
  assignee: personRef(names, r.assigneeId),
  note: r.note,
  completedAt: num(r.completedAt),
  lastExport: r.exportJobId === null ? null : (jobs.get(r.exportJobId) ?? null),
  createdAt: Number(r.createdAt),
});
