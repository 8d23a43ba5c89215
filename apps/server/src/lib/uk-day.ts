import { addDays, ukDay } from '@study-crm/shared';

const HOUR_MS = 3_600_000;

// The last instant (millisecond) of a UK calendar day 'YYYY-MM-DD', as a to-do's due time: the inbox counts a to-do
// overdue once its `dueAt` has passed, so a date is valid all day in London, in summer time (23:00 UTC) as in winter
// (24:00 UTC). The UK changes its clocks at 01:00 UTC, never at midnight, so the next day begins at its 00:00 UTC or
// an hour before. Null for a value that is no date.
export function ukDayEnd(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return null;
  const next = addDays(day, 1);
  const midnightUtc = Date.parse(`${next}T00:00:00Z`);
  const start = ukDay(midnightUtc - HOUR_MS) === next ? midnightUtc - HOUR_MS : midnightUtc;
  return start - 1;
}
