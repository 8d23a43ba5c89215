import { sql, type Kysely } from 'kysely';

// Decision 368: a CAS issued on a date its sixth month lacks (29–31 August, 31 March…) was kept as falling due the
// day before that month's last day (a CAS of 31 August: 27 February), three days short of its six months. It now
// falls due on that month's last day. This rewrites the saved CAS steps' due dates by the new rule; the rules are
// copied here as this migration applied them (the file is frozen; packages/shared's visa-rules.ts is the live one).

function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}
const dayBefore = (day: string) => new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
const oldExpiry = (issued: string) => dayBefore(addMonths(issued, 6));
function newExpiry(issued: string): string {
  const same = addMonths(issued, 6);
  return same.slice(8) === issued.slice(8) ? dayBefore(same) : same;
}

type Row = { id: number; step_date: string; due_date: string | null };

// Only a done CAS step with a day past the 28th can differ; those are few, so one statement reads them all.
async function rewrite(db: Kysely<unknown>, from: (issued: string) => string, to: (issued: string) => string) {
  const { rows } = await sql<Row>`select s.id, s.step_date, s.due_date from application_visa_step s
    join visa_stage g on g.id = s.stage_id
    where g.kind = 'casIssued' and s.status = 'done' and s.step_date is not null
      and substr(s.step_date, 9, 2) > '28'`.execute(db);
  for (const r of rows) {
    // A due date the old rule did not write (a step saved in some other way) is left as it is.
    if (r.due_date !== from(r.step_date) || from(r.step_date) === to(r.step_date)) continue;
    await sql`update application_visa_step set due_date = ${to(r.step_date)} where id = ${r.id}`.execute(db);
  }
}

export const up = (db: Kysely<unknown>) => rewrite(db, oldExpiry, newExpiry);
export const down = (db: Kysely<unknown>) => rewrite(db, newExpiry, oldExpiry);
