import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { createFollowUpReport } from './index.js';

// The dashboard's follow-up figures come from per-day counters that triggers keep (migration 0037): they must equal
// what counting the follow-ups themselves gives, for every period, after every kind of write.
describe('the follow-up day counters (migration 0037)', () => {
  const t = useTestApp();

  it('give the exact counts of every period after adds, completions, reopenings, moves and removals', async () => {
    const raw = t.db.db.withoutPlugins();
    const DAY = 86_400_000;
    const day0 = Date.UTC(2026, 10, 1);
    const { rows } = await sql<{ id: number }>`insert into application
      (name, search_name, status, application_date, version, created_at, updated_at)
      values ('王一', '王一', 'submitted', '2026-11-01', 1, 0, 0) returning id`.execute(raw);
    const appId = Number(rows[0]!.id);
    const ids: number[] = [];
    // Twelve follow-ups over six days, every third done two days after it was created (an hour into the day).
    for (let i = 0; i < 12; i++) {
      const created = day0 + (i % 6) * DAY + i * 60_000;
      const done = i % 3 === 0 ? 1 : 0;
      const r = await sql<{ id: number }>`insert into follow_up
        (application_id, number, service, is_done, done_at, status, created_at, updated_at)
        values (${appId}, ${i + 1}, 'visa', ${done}, ${done ? created + 2 * DAY + 3_600_000 : null}, 'open',
          ${created}, 0) returning id`.execute(raw);
      ids.push(Number(r.rows[0]!.id));
    }
    const run = (q: string) => sql.raw(q).execute(raw);
    await run(`update follow_up set is_done = 1, done_at = ${day0 + 5 * DAY} where id = ${ids[1]}`); // completed
    await run(`update follow_up set is_done = 0, done_at = null where id = ${ids[3]}`); // reopened
    await run(`update follow_up set created_at = ${day0 + 4 * DAY} where id = ${ids[6]}`); // moved (done)
    await run(`update follow_up set service = 'offer', updated_at = 1 where id = ${ids[7]}`); // counters untouched
    await run(`delete from follow_up where id in (${ids[9]}, ${ids[10]})`); // removed, one of them done
    const figures = createFollowUpReport(t.db.db);
    for (let d = 0; d <= 8; d++) {
      const since = day0 + d * DAY;
      const exact = await sql<{ created: number | string; created_done: number | string; done: number | string }>`
        select
          (select count(*) from follow_up where created_at >= ${since}) as created,
          (select count(*) from follow_up where created_at >= ${since} and is_done = 1) as created_done,
          (select count(*) from follow_up where is_done = 1 and done_at >= ${since}) as done`.execute(raw);
      const e = exact.rows[0]!;
      expect(await figures.figures(since), `from day ${d}`).toEqual({
        created: Number(e.created),
        createdDone: Number(e.created_done),
        doneInPeriod: Number(e.done),
      });
    }
  });
});
