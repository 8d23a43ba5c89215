// Calendar days as YYYY-MM-DD: the UK day of an instant and day arithmetic (visa rules, reminders, deadlines). A
// module of its own, its formatter marked pure, so that a bundle loads it only where one of these is used (the web's
// first screen does not: npm run size).

const DAY_MS = 86_400_000;
// The calendar day in the UK of an instant, as YYYY-MM-DD (deadlines, expiries and requests fall on UK days). One
// formatter for every call: making one loads its time zone's rules, which was a third of the "this week" list's
// CPU when each call made its own.
const UK_DAY = /* @__PURE__ */ new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const ukDay = (ms: number) => UK_DAY.format(new Date(ms));
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
// Calendar months; a day the month lacks (31 August + 6 months) falls back to the month's last day.
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}
export const addYears = (day: string, n: number) => addMonths(day, 12 * n);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
