import { describe, expect, it } from 'vitest';
import type { ApplicationSaved } from '@study-crm/shared';
import { useTestApp } from '../test/signed-in.js';
import { BASE, fullForm } from '../test/application-fixtures.js';
import { runInAuditScope } from '../lib/audit-scope.js';
import { updateOtherScope } from '../test/audit-scope.js';
import { AUDIT_CHILDREN, readRecords } from './audit.js';
import { looseView } from './loose-view.js';

// The rows an audited write diffs (decision 181), read in one statement on PostgreSQL (decision 268): each record
// with its child sections in place order, every row as its own table's query answers it (names and value types).
describe('readRecords', () => {
  const t = useTestApp({ signIn: true });

  it('reads each record with its child sections, each row as its own table gives it', async () => {
    const schools = [
      { school: 'University of Leeds', major: 'Law', applicationDate: '2026-10-02' },
      { school: 'University of York', major: null, applicationDate: null },
    ];
    const created = await Promise.all(
      [fullForm({ name: '林甲' }), fullForm({ name: '林乙', targetSchools: JSON.stringify(schools), jobs: '[]' })].map(
        async (form) => (await t.post<ApplicationSaved>(`${BASE}/create`, form, t.admin)).data.id,
      ),
    );
    const records = await readRecords(t.db.db, 'application', [...created, 999_999_999]);
    expect([...records.keys()].sort()).toEqual([...created].sort());

    const view = looseView<{ id: number; applicationId: number; sort: number }>(t.db.db);
    for (const id of created) {
      const record = records.get(id)!;
      const own = await view.selectFrom('application').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      for (const [field, value] of Object.entries(own)) expect(record[field], field).toEqual(value);
      for (const [section, child] of AUDIT_CHILDREN.application!) {
        const rows = await view
          .selectFrom(child)
          .selectAll()
          .where('applicationId', '=', id)
          .orderBy('sort')
          .orderBy('id')
          .execute();
        expect(record[section], section).toEqual(rows);
      }
    }
    // Sections empty and full, in place order, values as stored (a decimal score stays a number).
    const second = records.get(created[1]!)!;
    expect(second.jobs).toEqual([]);
    expect((second.targetSchools as { school: string }[]).map((s) => s.school)).toEqual(schools.map((s) => s.school));
    expect((records.get(created[0]!)!.languageScores as { reading: number }[])[0]!.reading).toBe(6.5);

    // A call that writes the record's row only reads the rows alone: the same fields, no sections (decision 314).
    const rows = await readRecords(t.db.db, 'application', created, false);
    for (const id of created) {
      const { educations, jobs, languageScores, referrers, targetSchools, ...own } = records.get(id)!;
      expect(rows.get(id)).toEqual(own);
      expect([educations, jobs, languageScores, referrers, targetSchools].every(Array.isArray)).toBe(true);
    }
  });

  it("fails a write to a child section in a call audited as writing its record's row only, before it runs", async () => {
    const id = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '林丙' }), t.admin)).data.id;
    const scope = updateOtherScope(id);
    const schools = () =>
      t.db.db.selectFrom('applicationTargetSchool').select('school').where('applicationId', '=', id).execute();
    const had = await schools();
    expect(had.length).toBeGreaterThan(0);
    await runInAuditScope(scope, async () => {
      await t.db.db.updateTable('application').set({ importantNotes: 'row' }).where('id', '=', id).execute();
      expect(scope.dirty).toBe(true);
      for (const write of [
        () => t.db.db.deleteFrom('applicationTargetSchool').where('applicationId', '=', id).execute(),
        () =>
          t.db.db.updateTable('applicationTargetSchool').set({ school: 'x' }).where('applicationId', '=', id).execute(),
      ])
        await expect(write()).rejects.toThrow(/row only, but writes application_?[tT]arget_?[sS]chool/);
    });
    expect(await schools()).toEqual(had);
    // Outside such a call the same write runs.
    await runInAuditScope({ ...scope, rowOnly: false }, () =>
      t.db.db.updateTable('applicationTargetSchool').set({ school: 'y' }).where('applicationId', '=', id).execute(),
    );
    expect((await schools()).map((r) => r.school)).toEqual(had.map(() => 'y'));
  });

  it('reads nothing without a table or ids, and a table without sections as its rows', async () => {
    expect((await readRecords(t.db.db, null, [1])).size).toBe(0);
    expect((await readRecords(t.db.db, 'application', [])).size).toBe(0);
    const roles = await readRecords(t.db.db, 'role', [1]);
    expect(roles.get(1)).toMatchObject({ id: 1, name: expect.any(String) });
  });
});
