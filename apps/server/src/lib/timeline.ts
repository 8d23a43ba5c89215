import type { AuditChange, AuditOutcome, TimelineKind } from '@study-crm/shared';
import { TIMELINE_KINDS } from '@study-crm/shared';

// A record's timeline (decision 180): each source (the audit log, follow-ups, deliveries, files, payments) reads one
// page of its own events newest first after a keyset, and `mergeTimeline` merges those pages. The order is
// (time, kind's place, id) descending, so every event has one place and a page starts exactly after the last one.
// No SQL here: the sources are the modules' (db/keyset.ts builds their condition).

export type TimelineCursor = { at: number; rank: number; id: number };

// One event as a source reads it; the audit service names the actors and shapes it for the wire.
export type TimelineItem = {
  kind: TimelineKind;
  at: number;
  id: number;
  actorId: number | null;
  title: string;
  detail: string | null;
  outcome?: AuditOutcome | null;
  changes?: AuditChange[];
  amount?: { minor: number; currency: string };
};

// The event a source's row stands for: its id and time, with who did it and what it says.
export const timelineItem = (
  kind: TimelineKind,
  row: { id: number; createdAt: number },
  said: Pick<TimelineItem, 'actorId' | 'title' | 'detail'> & Partial<TimelineItem>,
): TimelineItem => ({ kind, at: row.createdAt, id: row.id, ...said });

// A source's page: at most `limit` items after the cursor, newest first.
export type TimelineSource = (cursor: TimelineCursor | null, limit: number) => Promise<TimelineItem[]>;

export const kindRank = (kind: TimelineKind): number => TIMELINE_KINDS.indexOf(kind);

export const cursorOf = (i: Pick<TimelineItem, 'at' | 'kind' | 'id'>): string => `${i.at}.${kindRank(i.kind)}.${i.id}`;

// The query's cursor (already of the form TIMELINE_CURSOR); null for none.
export function parseCursor(s: string | null | undefined): TimelineCursor | null {
  if (!s) return null;
  const [at = 0, rank = 0, id = 0] = s.split('.').map(Number);
  return { at, rank, id };
}

const newer = (a: TimelineItem, b: TimelineItem) => b.at - a.at || kindRank(b.kind) - kindRank(a.kind) || b.id - a.id;

// Reads `limit + 1` items from each source after the cursor and keeps the newest `limit`: each source reads a page
// through its index, so the cost grows with the page and the number of sources, not with the record's history.
export async function mergeTimeline(
  sources: readonly TimelineSource[],
  cursor: TimelineCursor | null,
  limit: number,
): Promise<{ items: TimelineItem[]; next: string | null }> {
  const pages = await Promise.all(sources.map((s) => s(cursor, limit + 1)));
  const all = pages.flat().sort(newer);
  const items = all.slice(0, limit);
  const last = items.at(-1);
  return { items, next: all.length > limit && last ? cursorOf(last) : null };
}
