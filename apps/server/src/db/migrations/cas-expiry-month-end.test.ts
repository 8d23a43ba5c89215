import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import * as casExpiryMonthEnd from './20261207_0092_cas_expiry_month_end.js';

// Migration 0092 (decision 368): a saved CAS step issued on a date its sixth month lacks falls due on that month's
// last day, not three days before; other steps, other dates and due dates the old rule did not write stay.
describe('migration 0092, the CAS due dates at a month’s end', () => {
  const t = useTestApp();

  it('moves the old rule’s due dates to the month’s last day, and back', async () => {
    // The migrations' view of the database: no plugins, no table types.
    const raw = t.db.db.withoutPlugins() as unknown as Kysely<unknown>;
    const stage = async (kind: string) =>
      (await sql<{ id: number }>`select id from visa_stage where kind = ${kind}`.execute(raw)).rows[0]!.id;
    const [cas, visa] = [await stage('casIssued'), await stage('visaApplied')];
    const application = async () =>
      (
        await sql<{ id: number }>`insert into application
          (name, search_name, status, application_date, version, created_at, updated_at)
          values ('陳一', '陳一', 'submitted', '2026-08-01', 1, 0, 0) returning id`.execute(raw)
      ).rows[0]!.id;
    const step = async (stageId: number, status: string, stepDate: string, dueDate: string | null) =>
      (
        await sql<{ id: number }>`insert into application_visa_step
          (application_id, stage_id, status, step_date, due_date, version, created_at, updated_at)
          values (${await application()}, ${stageId}, ${status}, ${stepDate}, ${dueDate}, 1, 0, 0)
          returning id`.execute(raw)
      ).rows[0]!.id;
    const rows = {
      aug31: await step(cas, 'done', '2026-08-31', '2027-02-27'),
      aug29: await step(cas, 'done', '2026-08-29', '2027-02-27'),
      // Leap year: 30 August falls due on 29 February.
      aug30Leap: await step(cas, 'done', '2027-08-30', '2028-02-28'),
      mar31: await step(cas, 'done', '2027-03-31', '2027-09-29'),
      // The same under both rules, a due date the old rule did not write, a step not done, another stage's step.
      aug28: await step(cas, 'done', '2026-08-28', '2027-02-27'),
      edited: await step(cas, 'done', '2026-08-31', '2027-01-15'),
      pending: await step(cas, 'pending', '2026-08-31', null),
      other: await step(visa, 'pending', '2026-08-31', '2026-08-31'),
    };
    const due = async () => {
      const found = await sql<{ id: number; due_date: string | null }>`select id, due_date from application_visa_step
        where id in (${sql.join(Object.values(rows))})`.execute(raw);
      const byId = new Map(found.rows.map((r) => [r.id, r.due_date]));
      return Object.fromEntries(Object.entries(rows).map(([name, id]) => [name, byId.get(id)]));
    };
    const before = await due();

    await casExpiryMonthEnd.up(raw);
    expect(await due()).toEqual({
      ...before,
      aug31: '2027-02-28',
      aug29: '2027-02-28',
      aug30Leap: '2028-02-29',
      mar31: '2027-09-30',
    });

    await casExpiryMonthEnd.down(raw);
    expect(await due()).toEqual(before);
  });
});
