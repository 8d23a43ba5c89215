import { sql, type Kysely } from 'kysely';
import { addColumns, column } from './helpers.js';

// Issue 40, from review: which of its cycle's deadlines a UCAS choice is on time by (the early one for Oxford,
// Cambridge and medicine/dentistry/veterinary, else equal consideration) is kept on the choice, `deadline_key`
// ('early', 'equal'; null without a cycle or for a row that is not a UCAS choice), written on save by the shared rule
// the save warnings use, so "this week"'s SQL reads the same answer as the reminders (it knew Oxford and Cambridge
// only by code, not by name). This fills it for the choices saved before; the rule is copied here as this migration
// applied it (the file is frozen; packages/shared's application-rules.ts onTimeDeadlineOf is the live one).

type Choice = {
  id: number;
  school: string;
  route: string | null;
  ucas_code: string | null;
  institution_code: string | null;
  subject_area: string | null;
};

const isUcasChoice = (r: Choice) => r.route === 'ucas' || (!r.route && !!r.ucas_code);
function isOxbridge(r: Choice): boolean {
  const code = r.institution_code?.trim().toUpperCase();
  if (code === 'O33' || code === 'C05') return true;
  const name = r.school
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return ['university of oxford', 'oxford university', 'university of cambridge', 'cambridge university'].includes(
    name,
  );
}
const isMedical = (r: Choice) => ['medicine', 'dentistry', 'veterinary'].includes(r.subject_area ?? '');
const keyOf = (r: Choice) => (!isUcasChoice(r) ? null : isOxbridge(r) || isMedical(r) ? 'early' : 'equal');

// Only choices with a cycle have a deadline (rows from before cycles existed have none).
const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'application_target_school', { deadline_key: column.optional('varchar(8)') });
  for (let after = 0; ;) {
    const { rows } = await sql<Choice>`select id, school, route, ucas_code, institution_code, subject_area
      from application_target_school where cycle_id is not null and id > ${after} order by id limit ${BATCH}`.execute(
      db,
    );
    if (!rows.length) break;
    for (const key of ['early', 'equal']) {
      const ids = rows.filter((r) => keyOf(r) === key).map((r) => r.id);
      if (ids.length)
        await sql`update application_target_school set deadline_key = ${key} where id in (${sql.join(ids)})`.execute(
          db,
        );
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application_target_school').dropColumn('deadline_key').execute();
}
