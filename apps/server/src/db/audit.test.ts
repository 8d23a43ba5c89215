import { describe, expect, it } from 'vitest';
import type { ApplicationSaved } from '@study-crm/shared';
import { useTestApp } from '../test/signed-in.js';
import { BASE, fullForm } from '../test/application-fixtures.js';
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
  });

  it('reads nothing without a table or ids, and a table without sections as its rows', async () => {
    expect((await readRecords(t.db.db, null, [1])).size).toBe(0);
    expect((await readRecords(t.db.db, 'application', [])).size).toBe(0);
    const roles = await readRecords(t.db.db, 'role', [1]);
    expect(roles.get(1)).toMatchObject({ id: 1, name: expect.any(String) });
  });
});
