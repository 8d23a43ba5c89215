import { sql, type Kysely } from 'kysely';

// Decisions 342 and 347: a follow-up item's to-do fell due at 00:00 UTC of its contract date (and a UK-admissions
// reminder's or a data request's at 00:00 UTC of its date), so it was overdue all that day on the dashboard and
// missing from the assistant's deadlines. It now falls due at the end of that UK day (the last millisecond before the
// next day begins in London). This moves the to-dos written before, found as they were written: of those sources,
// due at a UTC midnight. The UK day needs the time zone rules, which SQLite lacks, so
// the new time is computed here, as the code does.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
// The rule as this migration applied it (this file is frozen; apps/server/src/lib/uk-day.ts is the live one).
const UK_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// The last millisecond of the UK day that begins on the UTC day starting at `midnight`.
function ukDayEnd(midnight: number): number {
  const next = midnight + DAY_MS;
  const start = UK_DAY.format(new Date(next - HOUR_MS)) === isoDay(next) ? next - HOUR_MS : next;
  return start - 1;
}

type Row = { id: number; due_at: number | string };
const SOURCES = ['followUp', 'applicationReminder', 'privacyRequest'];
const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await sql<Row>`select id, due_at from member_todo
      where id > ${after} and source_kind in (${sql.join(SOURCES)}) and due_at is not null
      order by id limit ${BATCH}`.execute(db);
    if (!rows.length) break;
    for (const r of rows) {
      const due = Number(r.due_at);
      if (due % DAY_MS !== 0) continue;
      await sql`update member_todo set due_at = ${ukDayEnd(due)} where id = ${r.id}`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

// Back to midnight UTC of the date: the UTC day the UK day's end falls on (23:59 UTC or 22:59 UTC).
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update member_todo set due_at = due_at - (due_at % ${DAY_MS})
    where source_kind in (${sql.join(SOURCES)}) and due_at is not null and due_at % ${DAY_MS} <> 0`.execute(db);
}
