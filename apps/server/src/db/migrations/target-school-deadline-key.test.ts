import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { onTimeDeadlineOf } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { withSchemaLock } from '../migrate.js';
import * as deadlineKey from './20261207_0094_target_school_deadline_key.js';

// Migration 0094: the choices saved before it get the deadline they are on time by, by the rule the
// save warnings use (Oxford and Cambridge by code or by name, medicine/dentistry/veterinary), and none without a
// cycle or for a row that is not a UCAS choice.
describe('migration 0094, the deadline key of the choices saved before', () => {
  const t = useTestApp();

  it('fills each choice with a cycle as the shared rule says', async () => {
    // The migrations' view of the database: no plugins, no table types.
    const raw = t.db.db.withoutPlugins() as unknown as Kysely<unknown>;
    const cycle = (await sql<{ id: number }>`select id from admissions_cycle where entry_year = 2027`.execute(raw))
      .rows[0]!.id;
    await withSchemaLock(raw, (conn) => deadlineKey.down(conn));
    const app = (
      await sql<{ id: number }>`insert into application
        (name, search_name, status, application_date, version, created_at, updated_at)
        values ('陳一', '陳一', 'submitted', '2026-10-01', 1, 0, 0) returning id`.execute(raw)
    ).rows[0]!.id;
    type Choice = {
      school: string;
      route?: string | null;
      ucasCode?: string | null;
      institutionCode?: string | null;
      subjectArea?: string | null;
      cycleId?: number | null;
    };
    const choices: Record<string, Choice> = {
      oxfordByName: { school: 'University of Oxford', route: 'ucas', cycleId: cycle },
      theCambridge: { school: 'The  University of Cambridge', route: 'ucas', cycleId: cycle },
      byCode: { school: 'Oxford', route: 'ucas', institutionCode: 'C05', cycleId: cycle },
      dentistry: { school: 'University of Leeds', route: 'ucas', subjectArea: 'dentistry', cycleId: cycle },
      ordinary: { school: 'UCL', route: 'ucas', cycleId: cycle },
      brookes: { school: 'Oxford Brookes University', route: 'ucas', cycleId: cycle },
      noRoute: { school: 'University of Oxford', ucasCode: 'A100', cycleId: cycle },
      noRouteNoCode: { school: 'KCL', cycleId: cycle },
      direct: { school: 'University of Oxford', route: 'direct', cycleId: cycle },
      noCycle: { school: 'University of Oxford', route: 'ucas' },
    };
    const ids: Record<string, number> = {};
    let sort = 0;
    for (const [name, c] of Object.entries(choices)) {
      ids[name] = (
        await sql<{ id: number }>`insert into application_target_school (application_id, sort, school, route,
          ucas_code, institution_code, subject_area, cycle_id, decision)
          values (${app}, ${++sort}, ${c.school}, ${c.route ?? null}, ${c.ucasCode ?? null},
            ${c.institutionCode ?? null}, ${c.subjectArea ?? null}, ${c.cycleId ?? null}, 'pending')
          returning id`.execute(raw)
      ).rows[0]!.id;
    }

    await withSchemaLock(raw, (conn) => deadlineKey.up(conn));
    const found = await sql<{ id: number; deadline_key: string | null }>`select id, deadline_key
      from application_target_school where application_id = ${app}`.execute(raw);
    const keys = Object.fromEntries(
      Object.entries(ids).map(([name, id]) => [name, found.rows.find((r) => r.id === id)!.deadline_key]),
    );
    expect(keys).toEqual({
      oxfordByName: 'early',
      theCambridge: 'early',
      byCode: 'early',
      dentistry: 'early',
      ordinary: 'equal',
      brookes: 'equal',
      noRoute: 'early',
      noRouteNoCode: null,
      direct: null,
      noCycle: null,
    });
    // The frozen copy gives what the live rule gives (a choice without a cycle has no deadline to be on time by).
    for (const [name, c] of Object.entries(choices))
      expect(keys[name], name).toBe(c.cycleId ? onTimeDeadlineOf(c) : null);
  });
});
