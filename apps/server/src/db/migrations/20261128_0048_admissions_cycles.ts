import { sql, type Kysely } from 'kysely';
import { addColumns, column, createIndex, createTableWithId } from './helpers.js';

// Issue 40, the UK application journey.
// - admissions_cycle: one UCAS cycle per entry year and its deadlines (calendar dates, all at `deadline_time`
//   UK time), edited by administrators; the current and the next cycles are seeded below (sources in
//   docs/uk-admissions.md).
// - application_target_school: the cycle and route of each choice, what the rules need to know about it (the
//   UCAS institution code names Oxford and Cambridge; the subject area names medicine, dentistry, veterinary),
//   the university's decision and the student's reply.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'admissions_cycle', {
    entry_year: column.unique('integer'),
    early_deadline: column.required('varchar(10)'),
    equal_deadline: column.required('varchar(10)'),
    final_deadline: column.required('varchar(10)'),
    deadline_time: column.withDefault('varchar(5)', '18:00'),
    remarks: column.optional('varchar(500)'),
    status: column.withDefault('varchar(16)', 'enabled'),
    version: column.withDefault('integer', 1),
  });
  const now = Date.UTC(2026, 10, 28);
  const published = 'UCAS published dates';
  const pattern = 'UCAS pattern (second Wednesday of January): check ucas.com when UCAS publishes';
  const seeded = [
    [2026, '2025-10-15', '2026-01-14', '2026-06-30', published],
    [2027, '2026-10-15', '2027-01-13', '2027-06-30', pattern],
    [2028, '2027-10-15', '2028-01-12', '2028-06-30', pattern],
  ] as const;
  for (const [year, early, equal, final, remarks] of seeded)
    await sql`insert into admissions_cycle (entry_year, early_deadline, equal_deadline, final_deadline, remarks,
      created_at, updated_at) values (${year}, ${early}, ${equal}, ${final}, ${remarks}, ${now}, ${now})`.execute(db);

  await addColumns(db, 'application_target_school', {
    cycle_id: column.reference('admissions_cycle.id'),
    route: column.optional('varchar(16)'),
    institution_code: column.optional('varchar(8)'),
    subject_area: column.optional('varchar(16)'),
    decision: column.withDefault('varchar(16)', 'pending'),
    reply: column.optional('varchar(16)'),
  });
  await createIndex(db, 'application_target_school_cycle_ix', 'application_target_school', ['cycle_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('application_target_school_cycle_ix').execute();
  for (const c of ['reply', 'decision', 'subject_area', 'institution_code', 'route', 'cycle_id'])
    await db.schema.alterTable('application_target_school').dropColumn(c).execute();
  await db.schema.dropTable('admissions_cycle').execute();
}
