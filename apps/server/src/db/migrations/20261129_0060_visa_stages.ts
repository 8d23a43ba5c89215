import { sql, type Kysely } from 'kysely';
import { column, createTableWithId } from './helpers.js';

// Issue 40, from offer to visa: the stages of the Student visa checklist, kept by administrators (System setup →
// Admissions → Visa stages). A seeded stage has a kind (the rules it carries: the CAS number and its six months,
// the 28-day funds window); a stage an administrator adds has none. Name empty: the kind's built-in name in the
// reader's language. file_type: the file_type dictionary value of the document the step expects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'visa_stage', {
    kind: column.optional('varchar(16)'),
    name: column.optional('varchar(100)'),
    sort: column.required('integer'),
    file_type: column.optional('varchar(32)'),
    status: column.withDefault('varchar(16)', 'enabled'),
    version: column.withDefault('integer', 1),
  });
  await sql`create unique index visa_stage_kind_ux on visa_stage (kind)`.execute(db);
  const now = Date.UTC(2026, 10, 29);
  const seeded = [
    ['offerMet', 'offer'],
    ['casRequested', null],
    ['casIssued', 'other'],
    ['funds', 'other'],
    ['tbTest', 'certificate'],
    ['visaApplied', null],
    ['decision', 'visa'],
    ['travel', null],
    ['enrolled', null],
  ] as const;
  let sort = 10;
  for (const [kind, fileType] of seeded) {
    await sql`insert into visa_stage (kind, sort, file_type, created_at, updated_at)
      values (${kind}, ${sort}, ${fileType}, ${now}, ${now})`.execute(db);
    sort += 10;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visa_stage').execute();
}
