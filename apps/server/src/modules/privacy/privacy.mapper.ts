import type { DataExport, DataRequest, PersonRef } from '@study-crm/shared';
import { personRef } from '../people/index.js';
import type { ExportRow, RequestRow } from './privacy.repository.js';

// The one place privacy rows become responses.
const num = (v: number | string | null) => (v === null ? null : Number(v));

export const toDataExport = (e: ExportRow): DataExport => ({
  id: e.id,
  status: e.status,
  progress: Number(e.progress),
  size: num(e.size),
  expiresAt: num(e.expiresAt),
  downloadedAt: num(e.downloadedAt),
  createdAt: Number(e.createdAt),
});

export const toDataRequest = (
  r: RequestRow,
  names: ReadonlyMap<number, PersonRef>,
  last: ExportRow | null,
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
  lastExport: last ? toDataExport(last) : null,
  createdAt: Number(r.createdAt),
});
